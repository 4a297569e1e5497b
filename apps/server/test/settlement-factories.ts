import { sql } from 'drizzle-orm';
import { contract, type Language } from '@tutoria/shared';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { classroomSessions } from '../src/db/schema/index.ts';
import { buildClassroom, type BuiltClassroom, HOUR, monday, type Person, recordSession } from './scheduling-factories.ts';
import type { TestApp } from './test-app.ts';

/** Rows of every table a settlement command touches: what a refused call must leave as it was. */
export async function settlementState(db: Db) {
  const rows: Record<string, string[]> = {};
  for (const table of [
    'settlements',
    'settlement_sessions',
    'ledger_transactions',
    'ledger_entries',
    'student_credit_sums',
    'session_revenue_sums',
    'settlement_sums',
    'teacher_money_sums',
    'session_earning_sums',
    'audit_log',
    'outbox_events',
  ]) {
    const result = (await db.execute(sql.raw(`select to_jsonb(x)::text as row from "${table}" x`))) as unknown as {
      rows: { row: string }[];
    };
    rows[table] = result.rows.map((r) => r.row).sort();
  }
  return rows;
}

/** Session times two weeks back, one a day at 09:00 UTC, each `hours` long (past: they can be held). */
export function pastTimes(hours: readonly number[], weeksBack = 2) {
  const start = monday(-weeksBack) + 9 * HOUR;
  return hours.map((h, i) => ({ start: start + i * 86400, end: start + i * 86400 + Math.round(h * HOUR) }));
}

/** Marks a session held and confirmed by the admin (what earns), straight in the database. */
export const holdAndConfirm = (db: Db, sessionId: string) => recordSession(db, sessionId, { confirmation: 'confirmedByAdmin' });

/** Sets a class's teacher salary through the API (which brings its earnings into the ledger). */
export async function setSalary(t: TestApp, token: string, classroomId: string, teacherSalaryPerHour: number) {
  const res = await t.call(contract.teacherSalary.edit, { body: { classroomId, teacherSalaryPerHour } }, { token });
  expect(res.statusCode, res.body).toBe(200);
}

/** Runs a class's allocation through the API ("fix reservation"): charges and earnings in line with the sessions. */
export async function allocate(t: TestApp, token: string, classroomId: string) {
  const res = await t.call(contract.deposits.fixConfirmation, { body: { classroomId } }, { token });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * A class of `teacher` with sessions of these lengths in the past, the first `earned` of them held
 * and confirmed by the admin, at `salary` per hour (set through the API, so the earnings are posted).
 */
export async function earningClass(
  t: TestApp,
  finance: Person,
  options: { teacher?: Person; hours: readonly number[]; earned?: number; salary: number; weeksBack?: number; name?: string },
): Promise<BuiltClassroom> {
  const built = await buildClassroom(t, { teacher: options.teacher, times: pastTimes(options.hours, options.weeksBack), name: options.name });
  for (const id of built.sessionIds.slice(0, options.earned ?? options.hours.length)) await holdAndConfirm(t.db, id);
  await setSalary(t, finance.token, built.classroomId, options.salary);
  return built;
}

/** The guide of a teacher up to now (or `toTime`). */
export async function guideOf(t: TestApp, token: string, teacher: Person, extra: Record<string, unknown> = {}, language: Language = 'en') {
  const res = await t.call(
    contract.settlements.guide,
    { query: { teacherPublicKey: teacher.publicKey, toTime: Math.floor(Date.now() / 1000), ...extra } },
    { token, language },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { lines: { sessionId: string; amount: number; hours: number }[]; amount: number; unpaid: number; sessionCount: number };
}

/** A teacher's sums from the ledger. */
export async function sumOf(t: TestApp, token: string, teacher: Person) {
  const res = await t.call(contract.settlements.teacherSum, { query: { teacherPublicKey: teacher.publicKey } }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { earned: number; paid: number; unpaid: number; otherPayments: number; waiting: number; sessionCount: number; hours: number };
}

export const now = () => Math.floor(Date.now() / 1000);

/** Pays a teacher everything the guide proposes up to now, in one call; answers the settlement. */
export async function payAll(t: TestApp, token: string, teacher: Person, extra: Record<string, unknown> = {}) {
  const res = await t.call(
    contract.settlements.create,
    { body: { type: 'TeachingSalary', teacherPublicKey: teacher.publicKey, toTime: now(), pay: true, ...extra } },
    { token },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().settlement as { settlementId: string; amount: number; state: string; sessionCount: number };
}

/** Sessions covered by more than one live settlement for the same teacher: none, ever. */
export async function sessionsPaidTwice(db: Db): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from (select session_id, teacher_key from settlement_sessions
    where released_at is null group by 1, 2 having count(*) > 1) x`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** Moves a session's state straight in the database (a revert by the admin, a cancellation). */
export async function setSessionState(db: Db, sessionId: string, values: { confirmation?: string; state?: string }) {
  await db.update(classroomSessions).set(values).where(sql`${classroomSessions.sessionId} = ${sessionId}`);
}
