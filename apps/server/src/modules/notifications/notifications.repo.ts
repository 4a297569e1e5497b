import { and, asc, count, eq, gt, max, type SQL, sql } from 'drizzle-orm';
import { contract, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared.ts';
import { notifications, notificationStreamTickets } from '../../db/schema/notifications.ts';
import { anyUuid, selectRows } from '../../db/sql.ts';
import { columnsFor, type CompiledList, compileListQuery, finishPage } from '../../http/list-query.ts';
import { sessionIsLive } from '../auth/auth.module.ts';
import { people } from '../users/users.module.ts';

export type NotificationInsert = Pick<
  typeof notifications.$inferInsert,
  'userKey' | 'messageType' | 'messageKey' | 'params' | 'searchText' | 'eventId' | 'createdBy'
>;

/** Inserts notifications; one already made from the same event for the same user is skipped. Answers the new ones. */
export async function insertNotifications(q: Queryable, rows: readonly NotificationInsert[]) {
  if (!rows.length) return [];
  return q
    .insert(notifications)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ notificationId: notifications.notificationId, userKey: notifications.userKey });
}

const rowColumns = {
  notificationId: notifications.notificationId,
  seq: notifications.seq,
  messageType: notifications.messageType,
  messageKey: notifications.messageKey,
  params: notifications.params,
  isRead: notifications.isRead,
  createMoment: notifications.createMoment,
  userKey: notifications.userKey,
};

/** One page of notifications with the recipient's name and the total, in one query. */
// The text filter looks in what the notification says in every language.
const commonColumns = {
  message: notifications.searchText,
  messageType: notifications.messageType,
  isRead: notifications.isRead,
  createMoment: notifications.createMoment,
};
const ownColumns = columnsFor(contract.notifications.ownList, commonColumns);
const adminColumns = columnsFor(contract.notifications.adminList, {
  ...commonColumns,
  userPublicKey: notifications.userKey,
  fullName: people.fullName,
});

/**
 * A page of one user's notifications (`userKey`), or everyone's (undefined), and their total. The
 * page walks an index in its order and stops after its rows; the total is counted apart, from the
 * index alone where the filter allows. A window count over the page's query read and joined all
 * 10,000 of a user's rows for a page of 10 (42 ms on PostgreSQL; bench/README.md, issue 30).
 */
export async function notificationsPage(
  q: Queryable,
  query: ListQuery,
  allCap: number,
  userKey: string | undefined,
) {
  const compiled = compileListQuery(query, {
    columns: userKey === undefined ? adminColumns : ownColumns,
    tiebreaker: notifications.notificationId,
    allCap,
    // Written without `nulls last`, the default order is `notifications_user_idx` read backwards.
    notNull: ['createMoment'],
  });
  const where = and(userKey === undefined ? undefined : eq(notifications.userKey, userKey), compiled.where);
  const rows = await listNotifications(q, compiled, where);
  return finishPage(rows, compiled, () => countNotifications(q, where, compiled.filtered));
}

/**
 * The filtered count as a column (an uncorrelated subquery: run once, beside the page's rows). Its
 * `notifications` is the subquery's own; `people` is joined only when the filter reads a name.
 */
const countOf = (where: SQL | undefined, filtered: ReadonlySet<string>) =>
  sql<number>`(select count(*)::int from ${notifications}${
    filtered.has('fullName') ? sql` join ${people} on ${people.publicKey} = ${notifications.userKey}` : sql``
  }${where ? sql` where ${where}` : sql``})`.mapWith(Number);

export async function listNotifications(q: Queryable, compiled: CompiledList, where: SQL | undefined) {
  return q
    .select({
      ...rowColumns,
      fullName: people.fullName,
      userRole: people.role,
      totalCount: countOf(where, compiled.filtered),
    })
    .from(notifications)
    .innerJoin(people, eq(people.publicKey, notifications.userKey))
    .where(where)
    .orderBy(...compiled.orderBy)
    .limit(compiled.limit)
    .offset(compiled.offset);
}
export type NotificationRow = Awaited<ReturnType<typeof listNotifications>>[number];

/** The count alone: a page past the end has no row to carry it. */
export async function countNotifications(
  q: Queryable,
  where: SQL | undefined,
  filtered: ReadonlySet<string>,
): Promise<number> {
  const [row] = await selectRows<{ n: number }>(q, sql`select ${countOf(where, filtered)} as n`);
  return row?.n ?? 0;
}

/** Counted from the partial index of unread rows, never a scan of the user's notifications. */
const unreadCountQuery = preparedRead((q) =>
  q
    .select({ n: count() })
    .from(notifications)
    // `not is_read` written out, not a parameter: a generic plan can then use the partial index.
    .where(and(eq(notifications.userKey, sql.placeholder('userKey')), sql`not ${notifications.isRead}`))
    .prepare('unread_count'),
);

export async function unreadCountOf(q: Queryable, userKey: string): Promise<number> {
  const [row] = await unreadCountQuery(q).execute({ userKey });
  return row?.n ?? 0;
}

/** How many of `ids` are the user's. */
export async function countOwned(q: Queryable, userKey: string, ids: readonly string[]): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    q,
    sql`select count(*)::int as n from ${notifications}
      where notification_id = ${anyUuid(ids)} and user_key = ${userKey}`,
  );
  return row?.n ?? 0;
}

/** Marks unread ones read (`ids`, or all the user's when null); answers how many changed. */
export async function markRead(
  q: Queryable,
  userKey: string,
  ids: readonly string[] | null,
): Promise<number> {
  const rows = await q
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userKey, userKey),
        eq(notifications.isRead, false),
        ids ? sql`${notifications.notificationId} = ${anyUuid(ids)}` : undefined,
      ),
    )
    .returning({ id: notifications.notificationId });
  return rows.length;
}

/** The user's notifications after sequence number `seq`, oldest first (the live stream). */
export async function notificationsAfter(q: Queryable, userKey: string, seq: number, limit: number) {
  return q
    .select(rowColumns)
    .from(notifications)
    .where(and(eq(notifications.userKey, userKey), gt(notifications.seq, seq)))
    .orderBy(asc(notifications.seq))
    .limit(limit);
}
export type StreamRow = Awaited<ReturnType<typeof notificationsAfter>>[number];

export async function lastSeqOf(q: Queryable, userKey: string): Promise<number> {
  const [row] = await q
    .select({ seq: max(notifications.seq) })
    .from(notifications)
    .where(eq(notifications.userKey, userKey));
  return Number(row?.seq ?? 0);
}

/** Active users of a role (a notification to a role). */
export async function activeKeysOfRole(q: Queryable, role: string): Promise<string[]> {
  const rows = await q
    .select({ key: people.publicKey })
    .from(people)
    .where(and(eq(people.role, role), eq(people.status, 'active')));
  return rows.map((r) => r.key);
}

export async function insertTicket(q: Queryable, ticket: typeof notificationStreamTickets.$inferInsert) {
  await q.insert(notificationStreamTickets).values(ticket);
  await q.delete(notificationStreamTickets).where(sql`${notificationStreamTickets.expiresAt} < now()`);
}

/**
 * Uses a ticket up: its user (still active), session (still live) and language, or nothing when it
 * is unknown, used or expired, or its session ended.
 */
export async function consumeTicket(q: Queryable, ticketHash: string) {
  const [row] = await selectRows<{ userKey: string; sessionId: string; language: string }>(
    q,
    sql`delete from ${notificationStreamTickets} t
      where t.ticket_hash = ${ticketHash} and t.expires_at > now()
        and exists (select 1 from ${people} p where p.public_key = t.user_key and p.status = 'active')
        and ${sessionIsLive(sql`t.session_id`)}
      returning t.user_key, t.session_id, t.language`,
  );
  return row;
}
