import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, formatMoneyIn } from '@tutoria/shared';
import { createDeposit, creditOf, depositBody, expectLedgerBalanced, setPrice } from '../../../test/finance-factories.ts';
import { buildClassroom, expectRefused, type Person, person, text } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Waiting transfers never ask for more than the credit (issue 26): creating and editing a transfer
 * read the source's credit net of the waiting transfers out of it under the classrooms' locks, as
 * confirmation does, so simultaneous requests are judged one after the other. The excess is the
 * usual typed refusal, in the caller's language. Every command of transfers and deposits takes the
 * classrooms' locks in one order (ids sorted) before any ledger row, so mixed traffic never
 * deadlocks. Run on PGlite and on PostgreSQL.
 */
let t: TestApp;
let finance: Person;
let consultant: Person;
const c = contract.transfers;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
});
afterAll(() => t.close());

/** A student with `credit` of confirmed money in class A, sitting in A and B (priced). */
async function fundedStudent(credit: number) {
  const student = await person(t, 'Student', { consultantKey: consultant.publicKey });
  const a = (await buildClassroom(t, { students: [student], times: [] })).classroomId;
  const b = (await buildClassroom(t, { students: [student], times: [] })).classroomId;
  for (const id of [a, b]) await setPrice(t.db, id, student.publicKey, '100', '0');
  const depositId = await createDeposit(t, finance.token, depositBody(student, a, { amount: credit }));
  expect((await t.call(contract.deposits.confirm, { body: { depositId } }, { token: finance.token })).statusCode).toBe(200);
  return { student, a, b };
}

/** Every (student, source) whose waiting transfers out ask for more than its credit: none, ever. */
async function overCommitted(): Promise<unknown[]> {
  const result = (await t.db.execute(sql`select w.student_key, w.source_classroom_id, sum(w.amount)::text as waiting
    from transfers w where w.confirmed_at is null group by w.student_key, w.source_classroom_id
    having sum(w.amount) > coalesce((select -sum(e.amount) from ledger_entries e where e.account = 'student_credit'
      and e.student_key = w.student_key and e.classroom_id = w.source_classroom_id), 0)`)) as unknown as { rows: unknown[] };
  return result.rows;
}

/** Deadlocks PostgreSQL detected in this database so far (its statistics reach the view within a second). */
async function deadlocks(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await t.db.execute(sql`select pg_stat_clear_snapshot()`);
  const result = (await t.db.execute(sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

async function movable(student: Person, classroomId: string) {
  const res = await t.call(c.classroomBalance, { query: { studentPublicKey: student.publicKey } }, { token: finance.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().balances.find((b: { classroomId: string }) => b.classroomId === classroomId).movable as number;
}

/** The refusal of an excess: the field error with what is still available, in the caller's language. */
function expectExcess(res: LightMyRequestResponse, language: 'en' | 'zh', available: string) {
  expectRefused(res, 'FAILED_VALIDATION');
  const amount = formatMoneyIn(available, 'CNY', language);
  expect(res.json().details[0]).toMatchObject({ field: 'amount', message: text('transferMoreThanCredit', { available: amount }, language) });
}

const language = (i: number) => (i % 2 ? 'zh' : 'en');

describe('simultaneous requests against one credit', () => {
  it('ten creates of 30 % each: three are recorded, seven refused as more than the credit', async () => {
    const { student, a, b } = await fundedStudent(1000);
    const body = { studentPublicKey: student.publicKey, sourceClassroomId: a, destinationClassroomId: b, amount: 300 };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => t.call(c.create, { body }, { token: consultant.token, language: language(i) })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    answers.forEach((r, i) => r.statusCode !== 200 && expectExcess(r, language(i), '100.00'));
    expect(await overCommitted()).toEqual([]);
    expect(await movable(student, a)).toBe(100);
  });

  it('five waiting transfers each edited to half the credit at once: one edit is saved, four refused', async () => {
    const { student, a, b } = await fundedStudent(1000);
    const body = { studentPublicKey: student.publicKey, sourceClassroomId: a, destinationClassroomId: b, amount: 100 };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await t.call(c.create, { body }, { token: consultant.token })).json().transfer.transferId);
    const answers = await Promise.all(
      ids.map((transferId, i) => t.call(c.edit, { body: { ...body, transferId, amount: 500 } }, { token: consultant.token, language: language(i) })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    answers.forEach((r, i) => r.statusCode !== 200 && expectExcess(r, language(i), '200.00'));
    expect(await overCommitted()).toEqual([]);
    expect(await movable(student, a)).toBe(100);
  });

  it('creates, edits, confirmations and reversals both ways, deposits confirmed and reversed beside them: each answered, none deadlocked', async () => {
    const before = await deadlocks();
    for (let round = 0; round < 3; round++) {
      const { student, a, b } = await fundedStudent(1000);
      const paid = await createDeposit(t, finance.token, depositBody(student, b, { amount: 500 }));
      expect((await t.call(contract.deposits.confirm, { body: { depositId: paid } }, { token: finance.token })).statusCode).toBe(200);
      const waitingDeposit = await createDeposit(t, finance.token, depositBody(student, b, { amount: 300 }));
      const way = (from: string, to: string, amount: number) => ({ studentPublicKey: student.publicKey, sourceClassroomId: from, destinationClassroomId: to, amount });
      const ids: string[] = [];
      for (const [from, to] of [[a, b], [b, a], [a, b], [b, a]] as const) {
        ids.push((await t.call(c.create, { body: way(from, to, 50) }, { token: consultant.token })).json().transfer.transferId as string);
      }
      expect((await t.call(c.confirm, { body: { transferId: ids[3]! } }, { token: finance.token })).statusCode).toBe(200);
      const answers = await Promise.all([
        ...Array.from({ length: 3 }, () => t.call(c.create, { body: way(a, b, 200) }, { token: consultant.token })),
        ...Array.from({ length: 3 }, () => t.call(c.create, { body: way(b, a, 200) }, { token: consultant.token })),
        t.call(c.edit, { body: { ...way(b, a, 300), transferId: ids[0]! } }, { token: consultant.token }),
        t.call(c.confirm, { body: { transferId: ids[1]! } }, { token: finance.token }),
        t.call(c.confirm, { body: { transferId: ids[2]! } }, { token: finance.token }),
        t.call(c.reverse, { body: { transferId: ids[3]!, reason: 'back' } }, { token: finance.token }),
        t.call(contract.deposits.confirm, { body: { depositId: waitingDeposit } }, { token: finance.token }),
        t.call(contract.deposits.reverse, { body: { depositId: paid, reason: 'bounced' } }, { token: finance.token }),
      ]);
      for (const r of answers) if (r.statusCode !== 200) expect(['FAILED_VALIDATION', 'UPDATE_FAILED'], r.body).toContain(r.json().code);
      // Neither deposit command reads a credit: both go through.
      expect(answers.slice(-2).map((r) => r.statusCode)).toEqual([200, 200]);
      expect(Number(await creditOf(t.db, student.publicKey, a)) + Number(await creditOf(t.db, student.publicKey, b))).toBe(1300);
    }
    // Every command takes the classrooms' locks in one order, before any ledger row: none waited in a cycle (PostgreSQL).
    expect((await deadlocks()) - before).toBe(0);
    await expectLedgerBalanced(t.db);
  });
});
