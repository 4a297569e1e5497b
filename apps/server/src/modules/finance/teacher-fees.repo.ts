import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contract, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { teacherFees } from '../../db/schema/finance.ts';
import { epochOf, selectRow, selectRows } from '../../db/sql.ts';
import { columnsFor, compileListQuery, finishPage, keyColumn } from '../../http/list-query.ts';
import { people } from '../users/users.module.ts';

/** A teacher fee as the list and the screens read it, with the teacher's name. */
export interface TeacherFeeRow {
  teacherFeeId: string;
  teacherKey: string;
  fullName: string;
  fee: string;
  teacherType: string;
  lessonType: string;
  createMoment: number;
  totalCount: number;
}

/** The SQL behind each list column of the contract (`f` the fee, `p` the teacher). */
const columns = columnsFor(contract.teacherFees.list, {
  fullName: sql`p.full_name`,
  teacherPublicKey: keyColumn(sql`f.teacher_key`),
  teacherType: sql`f.teacher_type`,
  lessonType: sql`f.lesson_type`,
  fee: sql`f.fee`,
  createMoment: sql`f.create_moment`,
});

/** Fees as `f` in hand-written SQL (`from teacher_fees f`). */
const f = alias(teacherFees, 'f');

const from = sql`${teacherFees} f join ${people} p on p.public_key = f.teacher_key`;
const selectFee = sql`select f.teacher_fee_id, f.teacher_key, p.full_name, f.fee::text as fee, f.teacher_type, f.lesson_type,
    ${epochOf(sql`f.create_moment`)} as create_moment, count(*) over()::int as total_count
  from ${from}`;

export async function listTeacherFees(q: Queryable, query: ListQuery, allCap: number) {
  const compiled = compileListQuery(query, { columns, tiebreaker: f.teacherFeeId, allCap });
  const where = compiled.where ?? sql`true`;
  const rows = await selectRows<TeacherFeeRow>(
    q,
    sql`${selectFee} where ${where} order by ${sql.join(compiled.orderBy, sql`, `)} limit ${compiled.limit} offset ${compiled.offset}`,
  );
  return finishPage(rows, compiled, async () => {
    const [row] = await selectRows<{ n: number }>(q, sql`select count(*)::int as n from ${from} where ${where}`);
    return row?.n ?? 0;
  });
}

/** One fee; `lock` first takes its row for a command (edits and deletes of one fee queue behind it). */
export async function teacherFeeById(q: Queryable, teacherFeeId: string, lock = false) {
  if (lock && !(await selectRow(q, sql`select 1 as ok from ${teacherFees} where teacher_fee_id = ${teacherFeeId} for update`))) return undefined;
  return selectRow<TeacherFeeRow>(q, sql`${selectFee} where f.teacher_fee_id = ${teacherFeeId}`);
}

/** Another fee of the same teacher for the same lesson type (the one a new or edited fee would clash with). */
export async function clashingFee(q: Queryable, teacherKey: string, lessonType: string, exceptId: string | null) {
  const row = await selectRow<{ teacherFeeId: string }>(
    q,
    sql`select teacher_fee_id from ${teacherFees} where teacher_key = ${teacherKey} and lesson_type = ${lessonType}
      ${exceptId ? sql`and teacher_fee_id <> ${exceptId}` : sql``}`,
  );
  return row !== undefined;
}

/** Whether the person is a teacher (role Teacher). */
export async function isTeacher(q: Queryable, publicKey: string): Promise<boolean> {
  const row = await selectRow<{ ok: number }>(q, sql`select 1 as ok from ${people} p where p.public_key = ${publicKey} and p.role = 'Teacher'`);
  return row !== undefined;
}

export type TeacherFeeValues = Pick<typeof teacherFees.$inferInsert, 'teacherKey' | 'fee' | 'teacherType' | 'lessonType'>;

export async function insertTeacherFee(q: Queryable, values: TeacherFeeValues): Promise<string> {
  const [row] = await q.insert(teacherFees).values(values).returning({ id: teacherFees.teacherFeeId });
  return row!.id;
}

export async function updateTeacherFee(q: Queryable, teacherFeeId: string, values: TeacherFeeValues): Promise<void> {
  await q.update(teacherFees).set(values).where(eq(teacherFees.teacherFeeId, teacherFeeId));
}

export async function deleteTeacherFee(q: Queryable, teacherFeeId: string): Promise<void> {
  await q.delete(teacherFees).where(eq(teacherFees.teacherFeeId, teacherFeeId));
}

/** A teacher's fee for one lesson type, if any (a class's teacher salary starts from it). */
export async function feeFor(q: Queryable, teacherKey: string, lessonType: string): Promise<string | null> {
  const row = await selectRow<{ fee: string }>(
    q,
    sql`select fee::text as fee from ${teacherFees} where teacher_key = ${teacherKey} and lesson_type = ${lessonType}`,
  );
  return row?.fee ?? null;
}
