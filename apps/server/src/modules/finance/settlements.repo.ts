import { eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { contract, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { ledgerTransactions, settlements, settlementSessions, settlementSums } from '../../db/schema/finance.ts';
import { arrayOf, epochOf, localDateText, selectRow, selectRows } from '../../db/sql.ts';
import { type ColumnMap, columnsFor, compileExportQuery, compileListQuery, finishPage, keyColumn } from '../../http/list-query.ts';
import { keysetSource } from '../../db/keyset.ts';
import { classroomsView } from '../scheduling/scheduling.module.ts';
import { nameOf, people } from '../users/users.module.ts';
import { confirmationColumns, confirmationStateColumns, type ConfirmationRow } from './confirmation.repo.ts';
import { earningSessions } from './earnings.repo.ts';

/** A settlement as the lists and the screens read it. */
export interface SettlementRow extends ConfirmationRow {
  settlementId: string;
  teacherKey: string;
  teacherName: string;
  settlementType: string;
  amount: string;
  description: string | null;
  fromTime: number | null;
  toTime: number;
  classroomId: string | null;
  classroomName: string | null;
  lessonType: string | null;
  sessionCount: number;
  hours: string;
  profit: string | null;
  groupId: string | null;
  createMoment: number;
  createdByName: string | null;
  totalCount: number;
}

/** Settlements as `s` in hand-written SQL. */
const s = alias(settlements, 's');

const state = sql`case when s.reversed_at is not null then 'reversed' when s.confirmed_at is not null then 'paid' else 'waiting' end`;

/**
 * The classes a settlement is for: its own, or those of the sessions it pays (as ids and as names;
 * the ids from its stored sums, `settlement_sums`).
 */
const classIdsOf = sql`coalesce(s.classroom_id::text, (select array_to_string(k.classroom_ids, ' ')
  from ${settlementSums} k where k.settlement_id = s.settlement_id))`;
const classNamesOf = sql`coalesce(c.classroom_name, (select string_agg(distinct sc.classroom_name, ', ' order by sc.classroom_name)
  from ${settlementSums} k join ${classroomsView} sc on sc.classroom_id = any(k.classroom_ids) where k.settlement_id = s.settlement_id))`;

const columnMaps = new Map<string, ColumnMap>();

/**
 * The SQL behind each list column (one map per time zone: `period` is the month of `toTime` in the
 * centre's zone, `paidOn` the day the settlement was paid there — the report's money out by month;
 * it reads the rows the other conditions leave, as `period`). A settlement paying sessions of several classes matches each of them on
 * `classroomId` with Contains (its ids, space-separated); one of one class also with Equal.
 */
function columnsIn(timeZone: string): ColumnMap {
  let map = columnMaps.get(timeZone);
  if (!map) {
    map = columnsFor(contract.settlements.list, {
      teacherPublicKey: keyColumn(sql`s.teacher_key`),
      teacherName: sql`tp.full_name`,
      classroomId: classIdsOf,
      classroomName: classNamesOf,
      lessonType: sql`s.lesson_type`,
      type: sql`s.settlement_type`,
      state,
      isConfirmed: sql`(s.confirmed_at is not null and s.reversed_at is null)`,
      period: localDateText(sql`s.to_time`, timeZone, 'YYYY-MM'),
      paidOn: localDateText(sql`s.confirmed_at`, timeZone, 'YYYY-MM-DD'),
      amount: sql`s.amount`,
      fromTime: sql`s.from_time`,
      toTime: sql`s.to_time`,
      createMoment: sql`s.create_moment`,
    });
    columnMaps.set(timeZone, map);
  }
  return map;
}

const from = sql`${settlements} s
  join ${people} tp on tp.public_key = s.teacher_key
  left join ${classroomsView} c on c.classroom_id = s.classroom_id
  left join ${settlementSums} m on m.settlement_id = s.settlement_id`;

const settlementColumnsSql = sql`s.settlement_id, s.teacher_key, tp.full_name as teacher_name, s.settlement_type, s.amount::text as amount,
    s.description, ${epochOf(sql`s.from_time`)} as from_time, ${epochOf(sql`s.to_time`)} as to_time, s.classroom_id,
    ${classNamesOf} as classroom_name, s.lesson_type,
    coalesce(m.session_count, 0) as session_count, coalesce(round(m.hours, 2), 0)::text as hours,
    -- What its sessions brought in (the students' revenue of them, net of corrections) less its amount.
    case when s.settlement_type = 'TeachingSalary' then (coalesce(m.revenue, 0) - s.amount)::text end as profit,
    s.group_id, ${epochOf(sql`s.create_moment`)} as create_moment, ${nameOf(sql`s.created_by`)} as created_by_name,
    ${confirmationColumns('s')}`;

const and = (...parts: (SQL | undefined)[]) => {
  const present = parts.filter((p): p is SQL => p !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
};

/** Only one teacher's settlements (a Teacher's own list). */
export const ofTeacher = (teacherKey: string) => sql`s.teacher_key = ${teacherKey}`;

/**
 * One statement: the page's ids in order and the filtered count, then the names and figures of the
 * page's rows only (as the deposits list). The teacher's name joins only when read.
 */
export async function listSettlements(q: Queryable, query: ListQuery, scope: SQL | undefined, options: { allCap: number; timeZone: string }) {
  const compiled = compileListQuery(query, {
    columns: columnsIn(options.timeZone),
    tiebreaker: s.settlementId,
    allCap: options.allCap,
    notNull: ['createMoment', 'amount', 'toTime', 'type', 'state'],
  });
  const where = and(scope, compiled.where);
  const orderBy = sql.join(compiled.orderBy, sql`, `);
  const reads = new Set([...compiled.filtered, ...compiled.sorted]);
  const filterFrom = sql`${settlements} s
    ${reads.has('teacherName') ? sql`join ${people} tp on tp.public_key = s.teacher_key` : sql``}
    ${reads.has('classroomName') ? sql`left join ${classroomsView} c on c.classroom_id = s.classroom_id` : sql``}`;
  const counted = sql`${settlements} s
    ${compiled.filtered.has('teacherName') ? sql`join ${people} tp on tp.public_key = s.teacher_key` : sql``}
    ${compiled.filtered.has('classroomName') ? sql`left join ${classroomsView} c on c.classroom_id = s.classroom_id` : sql``}`;
  const rows = await selectRows<SettlementRow>(
    q,
    sql`with page as (select s.settlement_id from ${filterFrom} where ${where}
          order by ${orderBy} limit ${compiled.limit} offset ${compiled.offset}),
        total as (select count(*)::int as n from ${counted} where ${where})
      select ${settlementColumnsSql}, (select n from total) as total_count
      from page join ${from} on s.settlement_id = page.settlement_id
      order by ${orderBy}`,
  );
  return finishPage(rows, compiled, async () => {
    const [row] = await selectRows<{ n: number }>(q, sql`select count(*)::int as n from ${counted} where ${where}`);
    return row?.n ?? 0;
  });
}

// issue 28: every filtered settlement, in keyset-paged batches (SPEC §7 Exports)
export type SettlementExportRow = Omit<SettlementRow, 'totalCount'>;
export function settlementsForExport(
  q: Queryable,
  query: Pick<ListQuery, 'where' | 'order'>,
  options: { batchSize: number; timeZone: string },
) {
  const compiled = compileExportQuery(query, {
    columns: columnsIn(options.timeZone),
    notNull: ['createMoment', 'amount', 'toTime', 'type', 'state'],
    tiebreakers: [{ sql: s.settlementId, type: 'uuid' }],
  });
  return keysetSource<SettlementExportRow>(q, {
    select: sql`select ${settlementColumnsSql}`,
    from,
    where: and(compiled.where),
    terms: compiled.terms,
    batchSize: options.batchSize,
  });
}

export function settlementById(q: Queryable, settlementId: string) {
  return selectRow<Omit<SettlementRow, 'totalCount'>>(q, sql`select ${settlementColumnsSql} from ${from} where s.settlement_id = ${settlementId}`);
}

export function settlementsByIds(q: Queryable, settlementIds: readonly string[]) {
  return selectRows<Omit<SettlementRow, 'totalCount'>>(
    q,
    sql`select ${settlementColumnsSql} from ${from} where s.settlement_id = any(${arrayOf(settlementIds, 'uuid')})
      order by tp.full_name, s.settlement_id`,
  );
}

/** A settlement as a command's row lock reads it, with the classes of the sessions it pays. */
export interface LockedSettlement {
  settlementId: string;
  teacherKey: string;
  settlementType: string;
  amount: string;
  classroomId: string | null;
  fromTime: number | null;
  toTime: number;
  classroomIds: string[];
  consultantConfirmedBy: string | null;
  financialConfirmedBy: string | null;
  confirmedAt: Date | null;
  reversedAt: Date | null;
}

/** Locks one settlement row for a command: payments and reversals queue behind it. */
export function lockSettlement(q: Queryable, settlementId: string) {
  return selectRow<LockedSettlement>(
    q,
    sql`select s.settlement_id, s.teacher_key, s.settlement_type, s.amount::text as amount, s.classroom_id,
        ${epochOf(sql`s.from_time`)} as from_time, ${epochOf(sql`s.to_time`)} as to_time,
        coalesce((select array_agg(distinct ss.classroom_id::text order by ss.classroom_id::text) from ${settlementSessions} ss
          where ss.settlement_id = s.settlement_id), '{}'::text[]) as classroom_ids,
        ${confirmationStateColumns('s')}
      from ${settlements} s where s.settlement_id = ${settlementId} for update of s`,
  );
}

export type SettlementValues = Pick<
  typeof settlements.$inferInsert,
  'teacherKey' | 'settlementType' | 'amount' | 'description' | 'fromTime' | 'toTime' | 'classroomId' | 'lessonType'
>;

export async function insertSettlement(q: Queryable, values: SettlementValues & { createdBy: string; groupId?: string | null }) {
  const [row] = await q.insert(settlements).values(values).returning({ settlementId: settlements.settlementId });
  return row!.settlementId;
}

export async function updateSettlement(q: Queryable, settlementId: string, values: PgUpdateSetSource<typeof settlements>) {
  await q
    .update(settlements)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(settlements.settlementId, settlementId));
}

export async function deleteSettlement(q: Queryable, settlementId: string) {
  await q.delete(settlements).where(eq(settlements.settlementId, settlementId));
}

/** The sessions a settlement pays, as the guide priced them (the partial unique index refuses a session paid twice). */
export async function coverSessions(
  q: Queryable,
  settlementId: string,
  lines: readonly { sessionId: string; teacherKey: string; classroomId: string; hours: string; amount: string }[],
) {
  if (!lines.length) return;
  await q.insert(settlementSessions).values(lines.map((line) => ({ settlementId, ...line })));
}

/** Drops a waiting settlement's sessions (an edit chooses them again). */
export async function uncoverSessions(q: Queryable, settlementId: string) {
  await q.delete(settlementSessions).where(eq(settlementSessions.settlementId, settlementId));
}

/** A reversed settlement's sessions are free again; its rows stay as its history. */
export async function releaseSessions(q: Queryable, settlementId: string) {
  await q.execute(sql`update ${settlementSessions} set released_at = now() where settlement_id = ${settlementId} and released_at is null`);
}

/** A settlement's sessions per class, summed: what its payment debits from the teacher payable. */
export function coverageByClassroom(q: Queryable, settlementId: string) {
  return selectRows<{ classroomId: string; amount: string }>(
    q,
    sql`select classroom_id, sum(amount)::text as amount from ${settlementSessions}
      where settlement_id = ${settlementId} group by classroom_id order by classroom_id`,
  );
}

/**
 * How many of a settlement's sessions do not earn, now, exactly what it pays for them (no longer
 * held or confirmed, or at another salary): 0 when its amount is what they earn.
 */
export async function coverageNotEarned(q: Queryable, settlementId: string): Promise<number> {
  const covered = sql`s.session_id in (select session_id from ${settlementSessions} where settlement_id = ${settlementId})`;
  const row = await selectRow<{ n: number }>(
    q,
    sql`select count(*)::int as n from ${settlementSessions} ss
      left join ${earningSessions(covered)} e on e.session_id = ss.session_id and e.teacher_key = ss.teacher_key
      where ss.settlement_id = ${settlementId} and e.amount is distinct from ss.amount`,
  );
  return row?.n ?? 0;
}

/** The idempotency key of a settlement's payment. */
export const paymentKey = (settlementId: string) => `settlement:${settlementId}:paid`;

/** The live (not reversed) payment transaction of a settlement, if any. */
export function settlementPosting(q: Queryable, settlementId: string) {
  return selectRow<{ transactionId: string }>(
    q,
    sql`select t.transaction_id from ${ledgerTransactions} t where t.idempotency_key = ${paymentKey(settlementId)}
      and not exists (select 1 from ${ledgerTransactions} r where r.reverses_transaction_id = t.transaction_id)`,
  );
}
