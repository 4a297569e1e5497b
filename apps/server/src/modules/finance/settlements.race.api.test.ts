import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { expectLedgerBalanced, setPrice } from '../../../test/finance-factories.ts';
import { type Person, person, text } from '../../../test/scheduling-factories.ts';
import { allocate, earningClass, guideOf, now, sessionsPaidTwice, sumOf } from '../../../test/settlement-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Two financial admins press pay at the same moment (issue 28): a settlement is made under its
 * teacher's row lock, where the guide is read again, and the partial unique index on a session's
 * live coverage refuses what a lock would not; a waiting settlement is paid under its own row lock.
 * Whatever the interleaving, a session is paid once, the ledger posts once, and the refusals are
 * the usual texts in the caller's language. Run on PGlite and on PostgreSQL.
 */
let t: TestApp;
let payers: Person[];
const c = contract.settlements;

beforeAll(async () => {
  t = await createTestApp();
  payers = [await person(t, 'FinancialAdmin'), await person(t, 'FinancialAdmin'), await person(t, 'Admin')];
});
afterAll(() => t.close());

const payer = (i: number) => payers[i % payers.length]!;
const language = (i: number) => (i % 2 ? 'zh' : 'en');

async function paymentsOf(teacher: Person): Promise<number> {
  const result = (await t.db.execute(sql`select count(*)::int as n from ledger_transactions t
    join settlements s on t.idempotency_key = 'settlement:' || s.settlement_id || ':paid'
    where s.teacher_key = ${teacher.publicKey}`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** Deadlocks PostgreSQL detected in this database so far (0 on PGlite, which has no such view row). */
async function deadlocks(): Promise<number> {
  if (!process.env.TEST_DATABASE_URL) return 0;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await t.db.execute(sql`select pg_stat_clear_snapshot()`);
  const result = (await t.db.execute(sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

describe('paying at the same moment', () => {
  it('ten payers pay the same guide lines at once: one settlement is paid, nine refused as already in a settlement', async () => {
    const teacher = await person(t, 'Teacher');
    const finance = payers[0]!;
    await earningClass(t, finance, { teacher, hours: [1, 1.5, 2], salary: 80 });
    const guide = await guideOf(t, finance.token, teacher);
    const body = { type: 'TeachingSalary' as const, teacherPublicKey: teacher.publicKey, toTime: now(), sessionIds: guide.lines.map((l) => l.sessionId), amount: guide.amount, pay: true };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => t.call(c.create, { body }, { token: payer(i).token, language: language(i) })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    answers.forEach((r, i) => {
      if (r.statusCode === 200) return;
      expect(r.json().code, r.body).toBe('FAILED_VALIDATION');
      expect(r.json().details[0]).toMatchObject({ field: 'sessionIds', message: text('settlementSessionsTaken', {}, language(i)) });
    });
    expect(await paymentsOf(teacher)).toBe(1);
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ earned: 360, paid: 360, unpaid: 0 });
    expect(await sessionsPaidTwice(t.db)).toBe(0);
    await expectLedgerBalanced(t.db);
  });

  it('ten payers pay "everything up to now" at once: one pays it all, the others find nothing left to settle', async () => {
    const teacher = await person(t, 'Teacher');
    const finance = payers[0]!;
    await earningClass(t, finance, { teacher, hours: [1, 1], salary: 50 });
    const body = { type: 'TeachingSalary' as const, teacherPublicKey: teacher.publicKey, toTime: now(), pay: true };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => t.call(c.create, { body }, { token: payer(i).token, language: language(i) })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    answers.forEach((r, i) => {
      if (r.statusCode === 200) return;
      expect(r.json().details[0], r.body).toMatchObject({ field: 'toTime', message: text('settlementNothingEarned', {}, language(i)) });
    });
    expect(await paymentsOf(teacher)).toBe(1);
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ paid: 100, unpaid: 0 });
    await expectLedgerBalanced(t.db);
  });

  it('ten payers pay one waiting settlement at once: it is paid once, nine are told it already is', async () => {
    const teacher = await person(t, 'Teacher');
    const finance = payers[0]!;
    await earningClass(t, finance, { teacher, hours: [1], salary: 70 });
    const made = await t.call(c.create, { body: { type: 'TeachingSalary', teacherPublicKey: teacher.publicKey, toTime: now() } }, { token: finance.token });
    const settlementId = made.json().settlement.settlementId as string;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => t.call(c.pay, { body: { settlementId } }, { token: payer(i).token, language: language(i) })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    answers.forEach((r, i) => r.statusCode !== 200 && expect(r.json().message, r.body).toBe(text('settlementAlreadyPaid', {}, language(i))));
    expect(await paymentsOf(teacher)).toBe(1);
    await expectLedgerBalanced(t.db);
  });

  it('group settlements, single payments and a salary change at once: each session paid once, no deadlock', async () => {
    const before = await deadlocks();
    const finance = payers[0]!;
    for (let round = 0; round < 3; round++) {
      const a = await person(t, 'Teacher');
      const b = await person(t, 'Teacher');
      const classA = await earningClass(t, finance, { teacher: a, hours: [1, 1], salary: 40 });
      await earningClass(t, finance, { teacher: b, hours: [1, 2], salary: 60 });
      const group = await t.call(c.groupGuide, { body: { toTime: now() } }, { token: finance.token });
      const teachers = (group.json().teachers as { teacherPublicKey: string; amount: number }[])
        .filter((x) => [a.publicKey, b.publicKey].includes(x.teacherPublicKey))
        .map((x) => ({ teacherPublicKey: x.teacherPublicKey, amount: x.amount }));
      const answers = await Promise.all([
        t.call(c.groupCreate, { body: { toTime: now(), teachers, pay: true } }, { token: payers[0]!.token }),
        t.call(c.groupCreate, { body: { toTime: now(), teachers, pay: true } }, { token: payers[1]!.token }),
        t.call(c.create, { body: { type: 'TeachingSalary', teacherPublicKey: a.publicKey, toTime: now(), pay: true } }, { token: payers[2]!.token }),
        t.call(c.create, { body: { type: 'TeachingSalary', teacherPublicKey: b.publicKey, toTime: now(), pay: true } }, { token: payers[1]!.token }),
        t.call(contract.teacherSalary.edit, { body: { classroomId: classA.classroomId, teacherSalaryPerHour: 40 } }, { token: finance.token }),
      ]);
      for (const r of answers) if (r.statusCode !== 200) expect(['FAILED_VALIDATION', 'CREATE_FAILED'], r.body).toContain(r.json().code);
      expect(await sessionsPaidTwice(t.db)).toBe(0);
      const paidA = await sumOf(t, finance.token, a);
      const paidB = await sumOf(t, finance.token, b);
      // Whoever won, each teacher's sessions are paid exactly once.
      expect([paidA.paid, paidA.unpaid]).toEqual([80, 0]);
      expect([paidB.paid, paidB.unpaid]).toEqual([180, 0]);
    }
    expect((await deadlocks()) - before).toBe(0);
    await expectLedgerBalanced(t.db);
  });

  it("charges corrected while their sessions are paid: the settlement's profit is the ledger's revenue, whichever commits first", async () => {
    const before = await deadlocks();
    const finance = payers[0]!;
    for (let round = 0; round < 3; round++) {
      const teacher = await person(t, 'Teacher');
      const built = await earningClass(t, finance, { teacher, hours: [1, 2], salary: 50 });
      const student = built.students[0]!;
      await setPrice(t.db, built.classroomId, student.publicKey, '100');
      await allocate(t, finance.token, built.classroomId);
      // 100/h → 120/h: the fix-up reverses both sessions' charges and charges them again, while
      // another admin pays the teacher for the same sessions.
      await setPrice(t.db, built.classroomId, student.publicKey, '120');
      const [paid, fixed] = await Promise.all([
        t.call(c.create, { body: { type: 'TeachingSalary', teacherPublicKey: teacher.publicKey, toTime: now(), pay: true } }, { token: payers[1]!.token }),
        t.call(contract.deposits.fixConfirmation, { body: { classroomId: built.classroomId } }, { token: finance.token }),
      ]);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(fixed.statusCode, fixed.body).toBe(200);
      const list = await t.call(
        c.list,
        { body: { page: { index: 1, size: 20 }, where: [[{ column: 'teacherPublicKey', comparison: 'Equal', operand: teacher.publicKey }]] } },
        { token: finance.token },
      );
      // 3 h × 120 brought in, 3 h × 50 paid.
      expect(list.json().data.map((r: { academicConsultantProfit: number }) => r.academicConsultantProfit)).toEqual([210]);
    }
    expect((await deadlocks()) - before).toBe(0);
    await expectLedgerBalanced(t.db);
  });

  it('the database itself refuses a second live coverage of a session for its teacher (the partial unique index)', async () => {
    const teacher = await person(t, 'Teacher');
    const finance = payers[0]!;
    await earningClass(t, finance, { teacher, hours: [1], salary: 30 });
    const made = await t.call(c.create, { body: { type: 'TeachingSalary', teacherPublicKey: teacher.publicKey, toTime: now() } }, { token: finance.token });
    const settlementId = made.json().settlement.settlementId as string;
    const second = (await t.db.execute(sql`insert into settlements (teacher_key, settlement_type, amount, to_time, created_by)
      values (${teacher.publicKey}, 'TeachingSalary', 30, now(), ${teacher.publicKey}) returning settlement_id`)) as unknown as { rows: { settlement_id: string }[] };
    const duplicate = await t.db
      .execute(sql`insert into settlement_sessions (settlement_id, session_id, teacher_key, classroom_id, hours, amount)
        select ${second.rows[0]!.settlement_id}::uuid, session_id, teacher_key, classroom_id, hours, amount from settlement_sessions where settlement_id = ${settlementId}`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(sqlState(duplicate)).toBe(UNIQUE_VIOLATION);
    await t.db.execute(sql`delete from settlements where settlement_id = ${second.rows[0]!.settlement_id}`);
    expect(await sessionsPaidTwice(t.db)).toBe(0);
  });
});
