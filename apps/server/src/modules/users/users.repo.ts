import { and, count, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { studentProfiles, users } from '../../db/schema/users.ts';
import { escapeLike, keyColumn, totalCountColumn, type CompiledList } from '../../http/list-query.ts';
import { listStatement, type ListStatementParts } from '../../http/list-statement.ts';
import { loginHistory } from '../auth/auth.module.ts';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof studentProfiles.$inferSelect;
export type ProfileValues = Omit<typeof studentProfiles.$inferInsert, 'userKey' | 'updatedAt'>;

/** The consultant of a student, joined under its own name. */
export const consultantUser = alias(users, 'consultant');

/** The outer query's user key, spelled out: Drizzle leaves the table off columns of single-table queries. */
const outerUserKey = sql`"users"."public_key"`;

/** The user's last successful sign-in (the auth module's login history). */
const lastLoginSql = loginHistory.lastSignInOf(outerUserKey);

/** The SQL behind the users list's columns (the contract's `userListColumns`). */
export const userColumnSql = {
  fullName: users.fullName,
  nickName: users.nickName,
  userName: users.userName,
  phoneNumber: users.phoneNumber,
  emailAddress: users.emailAddress,
  role: users.role,
  baseType: users.baseType,
  status: users.status,
  archived: sql`(${users.status} = 'archived')`,
  isAdmin: sql`(${users.role} <> 'Student')`,
  consultant: keyColumn(users.consultantKey),
  consultantName: consultantUser.fullName,
  createMoment: users.createMoment,
  lastLogin: lastLoginSql,
};

/**
 * The list columns that are never null: ordered without `nulls last`, so newest first reads
 * `users_role_idx` or `users_create_moment_idx` backwards and a page stops after its rows.
 */
export const userColumnsNotNull = ['fullName', 'userName', 'role', 'status', 'archived', 'isAdmin', 'createMoment'];

const listSelection = {
  publicKey: users.publicKey,
  fullName: users.fullName,
  nickName: users.nickName,
  userName: users.userName,
  role: users.role,
  baseType: users.baseType,
  phoneNumber: users.phoneNumber,
  phoneVerified: sql<boolean>`(${users.phoneVerifiedAt} is not null)`,
  emailAddress: users.emailAddress,
  consultantKey: users.consultantKey,
  consultantName: consultantUser.fullName,
  imageUrl: users.imageUrl,
  // Epoch seconds and a flag from the database: no `Date` made and read back per row (issue 31).
  createMoment: sql<number>`floor(extract(epoch from ${users.createMoment}))::float8`,
  status: users.status,
  extraPermissions: users.extraPermissions,
  lastLogin: sql<number | null>`extract(epoch from ${lastLoginSql})::float8`,
};
export interface UserListRow {
  publicKey: string;
  fullName: string;
  nickName: string | null;
  userName: string;
  role: string;
  baseType: string | null;
  phoneNumber: string | null;
  phoneVerified: boolean;
  emailAddress: string | null;
  consultantKey: string | null;
  consultantName: string | null;
  imageUrl: string | null;
  createMoment: number;
  status: string;
  extraPermissions: string[];
  lastLogin: number | null;
}

/**
 * A staff member's private columns (contacts, last sign-in, extra permissions) as a caller with
 * `staffContacts: 'none'` may see them: empty on the rows where `hidden` holds, so the values never
 * leave the database, and a filter or sort on them (the list's `columns`) can not probe them.
 */
export function privateColumns(hidden: SQL) {
  const unless = (column: SQL | AnyPgColumn, empty = sql`null`) =>
    sql`(case when ${hidden} then ${empty} else ${column} end)`;
  const lastLogin = unless(lastLoginSql);
  const phoneNumber = unless(users.phoneNumber).mapWith(users.phoneNumber);
  const emailAddress = unless(users.emailAddress).mapWith(users.emailAddress);
  return {
    columns: { phoneNumber, emailAddress, lastLogin },
    selection: {
      phoneNumber,
      emailAddress,
      phoneVerified: sql<boolean>`(case when ${hidden} then false else ${users.phoneVerifiedAt} is not null end)`,
      extraPermissions: unless(users.extraPermissions, sql`'{}'::text[]`).mapWith(users.extraPermissions),
      lastLogin: sql<number | null>`extract(epoch from ${lastLogin})::float8`,
    },
  };
}

const selectionHiding = (hidden: SQL | undefined) =>
  hidden ? { ...listSelection, ...privateColumns(hidden).selection } : listSelection;

/** The list columns read from the consultant's row: the page joins it only when one is filtered or sorted. */
const consultantColumns = ['consultantName'];
const readsConsultant = (...reads: ReadonlySet<string>[]) =>
  consultantColumns.some((column) => reads.some((read) => read.has(column)));
const consultantOf = eq(consultantUser.publicKey, users.consultantKey);
const consultantJoin = sql`left join ${users} ${sql.identifier('consultant')} on ${consultantOf}`;

/**
 * The users of one page in two parts (issue 31), as the deposits and balances pages: the page's keys
 * and the count read only `users` (and the consultant's row when the filter or order names it);
 * names, the consultant and the last sign-in are read for the page's rows only, by primary key. The
 * window count over every matching row, joined, took 7 ms of PostgreSQL's time for the 5,000 students.
 * Without a search the page walks the order's index (`users_role_idx` backwards for newest students
 * first) and stops after its rows. A search (`Contains`) is matched once through the trigram indexes
 * and both the page and the count read what matched: a prepared statement's generic plan cannot know
 * how few rows a search matches and walked the whole order's index testing every row (5 ms, not 0.8).
 */
function usersPage(q: Queryable, page: ListStatementParts | CompiledList, where: SQL | undefined, hidden?: SQL) {
  const filter = where ?? sql`true`;
  const keysFrom = (alias: string, reads: boolean) => {
    const select = q.select({ key: sql<string>`${users.publicKey}`.as(alias) }).from(users).$dynamic();
    return reads ? select.leftJoin(consultantUser, consultantOf) : select;
  };
  const matched = q.$with('matched').as(keysFrom('matched_key', readsConsultant(page.filtered)).where(filter));
  const searching = page.searched.size > 0;
  const keys = q.$with('page').as(
    keysFrom('page_key', readsConsultant(page.filtered, page.sorted))
      .where(searching ? sql`${users.publicKey} = any(array(select ${matched.key} from ${matched}))` : filter)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
  );
  const counted = readsConsultant(page.filtered) ? sql`${users} ${consultantJoin}` : sql`${users}`;
  const total = searching
    ? sql<number>`(select count(*) from ${matched})`
    : sql<number>`(select count(*) from ${counted} where ${filter})`;
  // `= any(array(…))`: the page's rows by their primary key (a join on the keys was hashed over every user).
  return q
    .with(...(searching ? [matched, keys] : [keys]))
    .select({ ...selectionHiding(hidden), totalCount: total.mapWith(Number) })
    .from(users)
    .leftJoin(consultantUser, consultantOf)
    .where(sql`${users.publicKey} = any(array(select ${keys.key} from ${keys}))`)
    .orderBy(...page.orderBy);
}

/** The page as a caller who sees everyone reads it (admins): built once per shape (list-statement.ts). */
const wholeListPage = listStatement((q, parts) => usersPage(q, parts, parts.where));

export async function listUsers(q: Queryable, compiled: CompiledList, scope: SQL | undefined, hidden?: SQL) {
  const rows =
    scope || hidden
      ? await usersPage(q, compiled, and(scope, compiled.where), hidden)
      : await wholeListPage(q, compiled);
  return rows as (UserListRow & { totalCount: number })[];
}

export async function countUsers(q: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await q
    .select({ total: count() })
    .from(users)
    .leftJoin(consultantUser, eq(consultantUser.publicKey, users.consultantKey))
    .where(where);
  return row?.total ?? 0;
}

/** Active users by role, base type and name (the pickers' list). */
export async function usersByRoleAndBaseType(
  q: Queryable,
  options: {
    roles: string[];
    baseTypes: string[];
    fullName: string;
    limit: number;
    offset: number;
    scope: SQL | undefined;
    hidden?: SQL;
  },
) {
  const where = and(
    eq(users.status, 'active'),
    options.scope,
    options.roles.length ? inArray(users.role, options.roles) : undefined,
    options.baseTypes.length ? inArray(users.baseType, options.baseTypes) : undefined,
    options.fullName
      ? sql`${users.fullName} ilike ${`%${escapeLike(options.fullName)}%`} escape '\\'`
      : undefined,
  );
  const rows = await q
    .select({ ...selectionHiding(options.hidden), totalCount: totalCountColumn })
    .from(users)
    .leftJoin(consultantUser, eq(consultantUser.publicKey, users.consultantKey))
    .where(where)
    .orderBy(users.fullName, users.publicKey)
    .limit(options.limit)
    .offset(options.offset);
  return { rows: rows as (UserListRow & { totalCount: number })[], where };
}

export async function findUserRow(
  q: Queryable,
  publicKey: string,
  scope?: SQL,
  hidden?: SQL,
): Promise<UserListRow | undefined> {
  const [row] = await q
    .select(selectionHiding(hidden))
    .from(users)
    .leftJoin(consultantUser, eq(consultantUser.publicKey, users.consultantKey))
    .where(and(eq(users.publicKey, publicKey), scope))
    .limit(1);
  return row as UserListRow | undefined;
}

/** Locks the user's row for the rest of the transaction (edits of one user never interleave). */
export async function lockUser(q: Queryable, publicKey: string): Promise<UserRow | undefined> {
  const [row] = await q.select().from(users).where(eq(users.publicKey, publicKey)).for('update').limit(1);
  return row;
}

export async function findProfile(q: Queryable, userKey: string): Promise<ProfileRow | undefined> {
  const [row] = await q.select().from(studentProfiles).where(eq(studentProfiles.userKey, userKey)).limit(1);
  return row;
}

/** Which of userName, emailAddress and phoneNumber another user already holds (case-insensitive). */
export async function takenFields(
  q: Queryable,
  values: { userName?: string; emailAddress?: string | null; phoneNumber?: string | null },
  exceptKey?: string,
): Promise<('userName' | 'emailAddress' | 'phoneNumber')[]> {
  const checks: SQL[] = [];
  if (values.userName) checks.push(sql`lower(${users.userName}) = lower(${values.userName})`);
  if (values.emailAddress) checks.push(sql`lower(${users.emailAddress}) = lower(${values.emailAddress})`);
  if (values.phoneNumber) checks.push(sql`${users.phoneNumber} = ${values.phoneNumber}`);
  if (!checks.length) return [];
  const rows = await q
    .select({ userName: users.userName, emailAddress: users.emailAddress, phoneNumber: users.phoneNumber })
    .from(users)
    .where(and(sql`(${sql.join(checks, sql` or `)})`, exceptKey ? ne(users.publicKey, exceptKey) : undefined))
    .limit(10);
  const taken = new Set<'userName' | 'emailAddress' | 'phoneNumber'>();
  for (const row of rows) {
    if (values.userName && row.userName.toLowerCase() === values.userName.toLowerCase())
      taken.add('userName');
    if (values.emailAddress && row.emailAddress?.toLowerCase() === values.emailAddress.toLowerCase())
      taken.add('emailAddress');
    if (values.phoneNumber && row.phoneNumber === values.phoneNumber) taken.add('phoneNumber');
  }
  return [...taken];
}

export async function insertUser(q: Queryable, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await q.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  q: Queryable,
  publicKey: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await q
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.publicKey, publicKey));
}

export async function deleteUser(q: Queryable, publicKey: string): Promise<void> {
  await q.delete(users).where(eq(users.publicKey, publicKey));
}

export async function upsertProfile(q: Queryable, userKey: string, values: ProfileValues): Promise<void> {
  await q
    .insert(studentProfiles)
    .values({ userKey, ...values })
    .onConflictDoUpdate({ target: studentProfiles.userKey, set: { ...values, updatedAt: sql`now()` } });
}

/** Active Admins other than `exceptKey`, locked so two concurrent demotions can not both pass. */
export async function otherActiveAdmins(q: Queryable, exceptKey: string): Promise<number> {
  const rows = await q
    .select({ publicKey: users.publicKey })
    .from(users)
    .where(and(eq(users.role, 'Admin'), eq(users.status, 'active')))
    .for('update');
  return rows.filter((r) => r.publicKey !== exceptKey).length;
}

export async function studentCountOf(q: Queryable, consultantKey: string): Promise<number> {
  const [row] = await q.select({ n: count() }).from(users).where(eq(users.consultantKey, consultantKey));
  return row?.n ?? 0;
}

export async function findActiveConsultant(q: Queryable, publicKey: string) {
  const [row] = await q
    .select({ publicKey: users.publicKey })
    .from(users)
    .where(
      and(eq(users.publicKey, publicKey), eq(users.role, 'AcademicConsultant'), eq(users.status, 'active')),
    )
    .limit(1);
  return row;
}

export async function consultants(q: Queryable, fullName: string | undefined) {
  return q
    .select({
      publicKey: users.publicKey,
      fullName: users.fullName,
      nickName: users.nickName,
      userName: users.userName,
      studentCount:
        sql<number>`(select count(*) from users s where s.consultant_key = ${outerUserKey} and s.status <> 'archived')`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'AcademicConsultant'),
        eq(users.status, 'active'),
        fullName ? sql`${users.fullName} ilike ${`%${escapeLike(fullName)}%`} escape '\\'` : undefined,
      ),
    )
    .orderBy(users.fullName)
    .limit(500);
}

export async function countsByRoleAndStatus(q: Queryable, scope: SQL | undefined) {
  return q
    .select({ role: users.role, status: users.status, n: count() })
    .from(users)
    .where(scope)
    .groupBy(users.role, users.status);
}

export async function studentsWithoutConsultant(q: Queryable, scope: SQL | undefined): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(users)
    .where(and(scope, eq(users.role, 'Student'), isNull(users.consultantKey), ne(users.status, 'archived')));
  return row?.n ?? 0;
}

/**
 * The users a scoped caller sees, as a condition on `users`: themself, the students the reach
 * policy gives them (`students`, a condition on the student's row) and, with `staffDirectory`,
 * every staff account (read-only, names only: see `otherStaff`).
 */
export function visibleUsers(reach: { callerKey: string; students: SQL; staffDirectory: boolean }): SQL {
  const parts: SQL[] = [eq(users.publicKey, reach.callerKey), and(eq(users.role, 'Student'), reach.students)!];
  if (reach.staffDirectory) parts.push(ne(users.role, 'Student'));
  return or(...parts)!;
}

/** Staff accounts other than the caller's, as a condition on `users`. */
export function otherStaff(callerKey: string): SQL {
  return and(ne(users.role, 'Student'), ne(users.publicKey, callerKey))!;
}
