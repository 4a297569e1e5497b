import { eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, studentPrices, transfers } from '../../db/schema/finance.ts';
import { anyUuid, epochOf, selectRow, selectRows } from '../../db/sql.ts';
import { keysetBatches } from '../../db/keyset.ts';
import {
  type ColumnMap,
  compileExportQuery,
  compileListQuery,
  finishPage,
  joinsFor,
  type OptionalJoin,
} from '../../http/list-query.ts';
import { classroomsView } from '../scheduling/scheduling.module.ts';
import { nameOf, people } from '../users/users.module.ts';
import { confirmationColumns, confirmationStateColumns, type ConfirmationRow } from './confirmation.repo.ts';

/** A transfer as the list and the screens read it: both classes with their teachers, the people who acted. */
export interface TransferRow extends ConfirmationRow {
  transferId: string;
  studentKey: string;
  studentName: string;
  sourceClassroomId: string;
  sourceName: string;
  sourceTeacherKey: string | null;
  sourceTeacherName: string | null;
  destinationClassroomId: string;
  destinationName: string;
  destinationTeacherKey: string | null;
  destinationTeacherName: string | null;
  amount: string;
  chargePerHour: string | null;
  incomePerHour: string | null;
  sourceHours: string | null;
  destinationHours: string | null;
  description: string | null;
  createMoment: number;
  totalCount: number;
}

/** Transfers as `x` in hand-written SQL; its columns render as `"x".…`. */
const x = alias(transfers, 'x');

const from = sql`${transfers} x
  join ${people} st on st.public_key = x.student_key
  join ${classroomsView} sc on sc.classroom_id = x.source_classroom_id
  join ${classroomsView} dc on dc.classroom_id = x.destination_classroom_id`;

/** The same rows for filtering and counting, with only the joins read (as the deposits list). */
const optionalJoins: OptionalJoin[] = [
  { columns: ['studentName'], scope: true, sql: sql`left join ${people} st on st.public_key = x.student_key` },
  { columns: ['sourceClassroomName'], sql: sql`left join ${classroomsView} sc on sc.classroom_id = x.source_classroom_id` },
  {
    columns: ['destinationClassroomName'],
    sql: sql`left join ${classroomsView} dc on dc.classroom_id = x.destination_classroom_id`,
  },
];
function filterFrom(scope: SQL | undefined, ...reads: ReadonlySet<string>[]) {
  return sql`${transfers} x ${joinsFor(optionalJoins, scope !== undefined, ...reads)}`;
}

/** Hours an amount stands for at a price per hour, two decimals (null without a price). */
const hoursAt = (rate: SQL) => sql`case when ${rate} > 0 then round(x.amount / ${rate}, 2)::text end`;

const transferColumnsSql = sql`x.transfer_id, x.student_key, st.full_name as student_name,
    x.source_classroom_id, sc.classroom_name as source_name, sc.teacher_key as source_teacher_key, ${nameOf(sql`sc.teacher_key`)} as source_teacher_name,
    x.destination_classroom_id, dc.classroom_name as destination_name, dc.teacher_key as destination_teacher_key,
    ${nameOf(sql`dc.teacher_key`)} as destination_teacher_name,
    x.amount::text as amount, x.charge_per_hour::text as charge_per_hour, x.income_per_hour::text as income_per_hour,
    ${hoursAt(sql`x.charge_per_hour`)} as source_hours, ${hoursAt(sql`x.income_per_hour`)} as destination_hours,
    x.description, ${epochOf(sql`x.create_moment`)} as create_moment, ${confirmationColumns('x')}`;

/** The SQL behind the GET list's filters (SPEC §7: isConfirmed, studentName, classroomName) and its order. */
export const transferColumns: ColumnMap = {
  isConfirmed: { type: 'boolean', sql: sql`(x.confirmed_at is not null and x.reversed_at is null)` },
  studentName: { type: 'text', sql: sql`st.full_name` },
  sourceClassroomName: { type: 'text', sql: sql`sc.classroom_name` },
  destinationClassroomName: { type: 'text', sql: sql`dc.classroom_name` },
  createMoment: { type: 'time', sortable: true, sql: sql`x.create_moment` },
};

const and = (...parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
};

/** Only the transfers of one student (the list's student alias). */
export const ofStudent = (studentKey: string) => sql`st.public_key = ${studentKey}`;

/** Like the deposits page: the page's ids and the count first, names joined for the page's rows only. */
export async function listTransfers(q: Queryable, query: ListQuery, scope: SQL | undefined, allCap: number) {
  const compiled = compileListQuery(query, { columns: transferColumns, tiebreaker: x.transferId, allCap, notNull: ['createMoment'] });
  const where = and(scope, compiled.where);
  const orderBy = sql.join(compiled.orderBy, sql`, `);
  const counted = filterFrom(scope, compiled.filtered);
  const rows = await selectRows<TransferRow>(
    q,
    sql`with page as (select x.transfer_id from ${filterFrom(scope, compiled.filtered, compiled.sorted)} where ${where}
          order by ${orderBy} limit ${compiled.limit} offset ${compiled.offset}),
        total as (select count(*)::int as n from ${counted} where ${where})
      select ${transferColumnsSql}, (select n from total) as total_count
      from page join ${from} on x.transfer_id = page.transfer_id
      order by ${orderBy}`,
  );
  return finishPage(rows, compiled, async () => {
    const [row] = await selectRows<{ n: number }>(q, sql`select count(*)::int as n from ${counted} where ${where}`);
    return row?.n ?? 0;
  });
}

export function transferById(q: Queryable, transferId: string, scope: SQL | undefined) {
  return selectRow<Omit<TransferRow, 'totalCount'>>(
    q,
    sql`select ${transferColumnsSql} from ${from} where x.transfer_id = ${transferId} and ${and(scope)}`,
  );
}

/** A transfer as a command's row lock reads it. */
export type LockedTransfer = typeof transfers.$inferSelect;

/** Locks one transfer row (in scope) for a command: confirmations and reversals queue behind it. */
export function lockTransfer(q: Queryable, transferId: string, scope: SQL | undefined) {
  return selectRow<LockedTransfer>(
    q,
    sql`select x.transfer_id, x.student_key, x.source_classroom_id, x.destination_classroom_id, x.amount::text as amount,
        ${confirmationStateColumns('x')}
      from ${transfers} x join ${people} st on st.public_key = x.student_key
      where x.transfer_id = ${transferId} and ${and(scope)} for update of x`,
  );
}

export type TransferValues = Pick<
  typeof transfers.$inferInsert,
  | 'studentKey'
  | 'sourceClassroomId'
  | 'destinationClassroomId'
  | 'amount'
  | 'chargePerHour'
  | 'incomePerHour'
  | 'description'
>;

export async function insertTransfer(q: Queryable, values: TransferValues & { createdBy: string }) {
  const [row] = await q.insert(transfers).values(values).returning({ transferId: transfers.transferId });
  return row!.transferId;
}

export async function updateTransfer(
  q: Queryable,
  transferId: string,
  values: PgUpdateSetSource<typeof transfers>,
) {
  await q
    .update(transfers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(transfers.transferId, transferId));
}

export async function deleteTransfer(q: Queryable, transferId: string) {
  await q.delete(transfers).where(eq(transfers.transferId, transferId));
}

/** The student's net price per hour (cost − discount) in a classroom, or null without a price. */
export async function netPriceOf(
  q: Queryable,
  studentKey: string,
  classroomId: string,
): Promise<string | null> {
  const row = await selectRow<{ net: string }>(
    q,
    sql`select (p.cost_per_hour - p.discount_per_hour)::text as net from ${studentPrices} p
      where p.student_key = ${studentKey} and p.classroom_id = ${classroomId}`,
  );
  return row?.net ?? null;
}

/**
 * round(hours × rate, places) in SQL (the one rounding rule, half-up), `places` the currency's
 * minor units (IRR 0: a transfer of whole rials); null when it is 0.
 */
export async function amountForHours(q: Queryable, hours: string, rate: string, places: number): Promise<string | null> {
  const row = await selectRow<{ amount: string }>(
    q,
    sql`select nullif(round(${hours}::numeric * ${rate}::numeric, ${places}::int), 0)::text as amount`,
  );
  return row?.amount ?? null;
}

/**
 * The student's unused credit in a classroom — the sum of their `student_credit` entries there
 * (credit-normal, so negated) — and what is available to move: that, less what waiting transfers
 * out of it (other than `exceptId`) already ask for when `lessWaiting`, never below 0. `fits`:
 * whether `amount` ≤ available. Compared in numeric.
 */
export async function creditLeft(
  q: Queryable,
  of: {
    studentKey: string;
    classroomId: string;
    amount: string;
    exceptId: string | null;
    lessWaiting: boolean;
  },
) {
  const row = await selectRow<{ available: string; fits: boolean }>(
    q,
    sql`with figures as (select
        coalesce((select -sum(e.amount) from ${ledgerEntries} e where e.account = 'student_credit'
          and e.student_key = ${of.studentKey} and e.classroom_id = ${of.classroomId}), 0) as unused,
        coalesce((select sum(w.amount) from ${transfers} w where ${of.lessWaiting} and w.student_key = ${of.studentKey}
          and w.source_classroom_id = ${of.classroomId} and w.confirmed_at is null
          ${of.exceptId ? sql`and w.transfer_id <> ${of.exceptId}` : sql``}), 0) as waiting_out)
      select greatest(unused - waiting_out, 0)::text as available, ${of.amount}::numeric <= unused - waiting_out as fits from figures`,
  );
  return row!;
}

/** The live (not reversed) ledger transaction of a transfer's confirmation, by its idempotency key. */
export function transferPosting(q: Queryable, transferId: string) {
  return selectRow<{ transactionId: string }>(
    q,
    sql`select t.transaction_id from ${ledgerTransactions} t
      where t.idempotency_key = ${transferKey(transferId)}
        and not exists (select 1 from ${ledgerTransactions} r where r.reverses_transaction_id = t.transaction_id)`,
  );
}

export const transferKey = (transferId: string) => `transfer:${transferId}:confirmed`;

/**
 * Per classroom of a student: what can be moved out of it — the unused credit less what waiting
 * transfers out of it ask for, never below 0 — and the teacher's name.
 */
export function movableByClassroom(q: Queryable, studentKey: string, classroomIds: readonly string[]) {
  return selectRows<{ classroomId: string; movable: string; teacherName: string | null }>(
    q,
    sql`select c.classroom_id, greatest(
        coalesce((select -sum(e.amount) from ${ledgerEntries} e where e.account = 'student_credit'
          and e.student_key = ${studentKey} and e.classroom_id = c.classroom_id), 0)
        - coalesce((select sum(w.amount) from ${transfers} w where w.student_key = ${studentKey}
          and w.source_classroom_id = c.classroom_id and w.confirmed_at is null), 0), 0)::text as movable,
      t.full_name as teacher_name
      from ${classroomsView} c left join ${people} t on t.public_key = c.teacher_key
      where c.classroom_id = ${anyUuid(classroomIds)}`,
  );
}

// fin-export: every filtered transfer, in keyset-paged batches (SPEC §7 Exports)
export interface TransferExportRow {
  studentName: string;
  sourceName: string;
  sourceTeacherName: string | null;
  destinationName: string;
  destinationTeacherName: string | null;
  amount: string;
  chargePerHour: string | null;
  sourceHours: string | null;
  incomePerHour: string | null;
  destinationHours: string | null;
  state: string;
  createMoment: number;
  description: string | null;
}

export function transfersForExport(
  q: Queryable,
  query: Pick<ListQuery, 'where' | 'order'>,
  scope: SQL | undefined,
  batchSize: number,
) {
  const compiled = compileExportQuery(query, {
    columns: transferColumns,
    notNull: [
      'isConfirmed',
      'studentName',
      'sourceClassroomName',
      'destinationClassroomName',
      'createMoment',
    ],
    tiebreakers: [{ sql: x.transferId, type: 'uuid' }],
  });
  const where = and(scope, compiled.where);
  return {
    count: async () =>
      (await selectRow<{ n: number }>(q, sql`select count(*)::int as n from ${from} where ${where}`))?.n ?? 0,
    batches: () =>
      keysetBatches<TransferExportRow>(q, {
        select: sql`select st.full_name as student_name, sc.classroom_name as source_name, ${nameOf(sql`sc.teacher_key`)} as source_teacher_name,
          dc.classroom_name as destination_name, ${nameOf(sql`dc.teacher_key`)} as destination_teacher_name, x.amount::text as amount,
          x.charge_per_hour::text as charge_per_hour, ${hoursAt(sql`x.charge_per_hour`)} as source_hours,
          x.income_per_hour::text as income_per_hour, ${hoursAt(sql`x.income_per_hour`)} as destination_hours,
          case when x.reversed_at is not null then 'reversed' when x.confirmed_at is not null then 'confirmed' else 'waiting' end as state,
          ${epochOf(sql`x.create_moment`)} as create_moment, x.description`,
        from,
        where,
        terms: compiled.terms,
        batchSize,
      }),
  };
}
