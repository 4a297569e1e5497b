import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import {
  createDeposit,
  creditOf,
  depositBody,
  expectLedgerBalanced,
  financeState,
} from '../../../test/finance-factories.ts';
import { buildClassroom, expectRefused, HOUR, monday, type Person, person } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Deposits (issue 11): create, edit, delete while waiting; two-step and direct confirmation posting
 * the money once; reversal by reversing entries; scope (consultant → consultees, student → own,
 * teacher → none); refusals leave the database unchanged; the ledger stays balanced throughout.
 */
let t: TestApp;
let finance: Person;
let consultant: Person;
let otherConsultant: Person;
let teacher: Person;
let student: Person;
let stranger: Person;
let classroomId: string;
const c = contract.deposits;
const start = monday(1) + 9 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
  otherConsultant = await person(t, 'AcademicConsultant');
  student = await person(t, 'Student', { consultantKey: consultant.publicKey });
  stranger = await person(t, 'Student', { consultantKey: otherConsultant.publicKey });
  const built = await buildClassroom(t, { students: [student], times: [{ start, end: start + HOUR }] });
  classroomId = built.classroomId;
  teacher = built.teacher;
});
afterAll(() => t.close());

async function refusedWithoutWriting(call: () => ReturnType<TestApp['call']>, code: Parameters<typeof expectRefused>[1], key?: Parameters<typeof expectRefused>[2]) {
  const before = await financeState(t.db);
  const res = await call();
  expectRefused(res, code, key);
  expect(await financeState(t.db)).toEqual(before);
  return res;
}

describe('create', () => {
  it('records a waiting deposit and posts nothing to the ledger', async () => {
    const before = await expectLedgerBalanced(t.db);
    const res = await t.call(c.create, { body: depositBody(student, classroomId, { amount: 120.5 }) }, { token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deposit).toMatchObject({ amount: 120.5, state: 'waiting', isConfirmed: false, studentName: student.fullName });
    expect(await expectLedgerBalanced(t.db)).toBe(before);
  });

  it.each([
    ['zero', 0, 'positiveAmount'],
    ['negative', -5, 'positiveAmount'],
    ['three decimals', 10.005, 'decimal'],
  ])('refuses a %s amount without writing', async (_name, amount) => {
    const res = await refusedWithoutWriting(
      () => t.call(c.create, { body: depositBody(student, classroomId, { amount }) }, { token: consultant.token }),
      'FAILED_VALIDATION',
    );
    expect(res.json().details[0].field).toBe('amount');
  });

  it('refuses a student who is not in that class', async () => {
    const other = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const res = await refusedWithoutWriting(
      () => t.call(c.create, { body: depositBody(other, classroomId) }, { token: consultant.token }),
      'FAILED_VALIDATION',
    );
    expect(res.json().details[0]).toMatchObject({ field: 'studentPublicKey', message: 'This student is not in that class.' });
  });

  it("answers 404 for another consultant's student", async () => {
    await refusedWithoutWriting(
      () => t.call(c.create, { body: depositBody(stranger, classroomId) }, { token: consultant.token }),
      'FETCH_DATA_FAILED',
    );
  });

  it('refuses a teacher and a student (no permission)', async () => {
    for (const who of [teacher, student]) {
      await refusedWithoutWriting(() => t.call(c.create, { body: depositBody(student, classroomId) }, { token: who.token }), 'ACCESS_DENIED');
    }
  });
});

describe('confirmation', () => {
  it('posts once when the consultant and then the financial admin confirm', async () => {
    const depositId = await createDeposit(t, consultant.token, depositBody(student, classroomId, { amount: 200, discountValue: 20 }));
    const credit = await creditOf(t.db, student.publicKey, classroomId);
    const first = await t.call(c.confirmByConsultant, { body: { depositId, message: 'Paid at the desk' } }, { token: consultant.token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().deposit).toMatchObject({ state: 'waiting', consultantConfirmation: { message: 'Paid at the desk', byName: consultant.fullName } });
    expect(await creditOf(t.db, student.publicKey, classroomId)).toBe(credit);
    // Confirming the same step twice is refused.
    await refusedWithoutWriting(() => t.call(c.confirmByConsultant, { body: { depositId } }, { token: consultant.token }), 'UPDATE_FAILED', 'depositAlreadyConfirmedBy');
    const second = await t.call(c.confirmByFinancialAdmin, { body: { depositId, message: 'Seen on the statement' } }, { token: finance.token });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ message: 'Deposit confirmed.', deposit: { state: 'confirmed', isConfirmed: true } });
    // Credit = amount + discount granted (docs/finance.md).
    expect(Number(await creditOf(t.db, student.publicKey, classroomId)) - Number(credit)).toBe(220);
    await expectLedgerBalanced(t.db);
    await refusedWithoutWriting(() => t.call(c.confirm, { body: { depositId } }, { token: finance.token }), 'UPDATE_FAILED', 'depositAlreadyConfirmed');
  });

  it('refuses to edit or delete a confirmed deposit, and reverses it instead', async () => {
    const depositId = await createDeposit(t, consultant.token, depositBody(student, classroomId, { amount: 50 }));
    expect((await t.call(c.confirm, { body: { depositId } }, { token: finance.token })).statusCode).toBe(200);
    await refusedWithoutWriting(
      () => t.call(c.edit, { body: { depositId, ...depositBody(student, classroomId, { amount: 60 }) } }, { token: consultant.token }),
      'UPDATE_FAILED',
      'depositIsConfirmed',
    );
    await refusedWithoutWriting(() => t.call(c.delete, { body: { depositId } }, { token: finance.token }), 'DELETE_FAILED', 'depositIsConfirmed');
    const credit = Number(await creditOf(t.db, student.publicKey, classroomId));
    const reversed = await t.call(c.reverse, { body: { depositId, reason: 'Card payment bounced' } }, { token: finance.token });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().deposit).toMatchObject({ state: 'reversed', isConfirmed: false, reversal: { reason: 'Card payment bounced' } });
    expect(Number(await creditOf(t.db, student.publicKey, classroomId))).toBe(credit - 50);
    await expectLedgerBalanced(t.db);
    await refusedWithoutWriting(() => t.call(c.reverse, { body: { depositId, reason: 'again' } }, { token: finance.token }), 'UPDATE_FAILED', 'depositAlreadyReversed');
    // The consultant may not reverse (finance.manage).
    await refusedWithoutWriting(() => t.call(c.reverse, { body: { depositId, reason: 'x' } }, { token: consultant.token }), 'ACCESS_DENIED');
  });

  it('edits and deletes a waiting deposit, and the history says who did what', async () => {
    const depositId = await createDeposit(t, consultant.token, depositBody(student, classroomId, { amount: 70 }));
    await t.call(c.confirmByConsultant, { body: { depositId } }, { token: consultant.token });
    const edited = await t.call(c.edit, { body: { depositId, ...depositBody(student, classroomId, { amount: 75, paymentMethod: 'Alipay' }) } }, { token: consultant.token });
    expect(edited.statusCode, edited.body).toBe(200);
    // The edit took back the consultant's confirmation of the old values.
    expect(edited.json().deposit).toMatchObject({ amount: 75, paymentMethod: 'Alipay', consultantConfirmation: null });
    // The waiting sums moved from one payment method to the other (reconciled here).
    await expectLedgerBalanced(t.db);
    const history = await t.call(c.history, { query: { depositId } }, { token: finance.token });
    expect(history.json().map((h: { action: string }) => h.action)).toEqual(['deposit.created', 'deposit.confirm.consultant', 'deposit.edited']);
    expect(history.json()[2]).toMatchObject({ byName: consultant.fullName, before: { amount: 70 }, after: { amount: 75 } });
    expect((await t.call(c.delete, { body: { depositId } }, { token: consultant.token })).statusCode).toBe(200);
    expectRefused(await t.call(c.history, { query: { depositId } }, { token: finance.token }), 'FETCH_DATA_FAILED');
    await expectLedgerBalanced(t.db);
  });

  it("answers 404 to a consultant confirming another consultant's deposit", async () => {
    const otherClass = await buildClassroom(t, { students: [stranger], times: [] });
    const depositId = await createDeposit(t, otherConsultant.token, depositBody(stranger, otherClass.classroomId));
    await refusedWithoutWriting(() => t.call(c.confirmByConsultant, { body: { depositId } }, { token: consultant.token }), 'FETCH_DATA_FAILED');
    await refusedWithoutWriting(() => t.call(c.history, { query: { depositId } }, { token: consultant.token }), 'FETCH_DATA_FAILED');
  });
});

describe('concurrency', () => {
  it('50 simultaneous direct confirmations post once', async () => {
    const depositId = await createDeposit(t, consultant.token, depositBody(student, classroomId, { amount: 33.33 }));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.call(c.confirm, { body: { depositId } }, { token: finance.token })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.json().code === 'UPDATE_FAILED')).toHaveLength(49);
    const posted = (await t.db.execute(sql`select count(*)::int as n from ledger_transactions where deposit_id = ${depositId}`)) as unknown as { rows: { n: number }[] };
    expect(posted.rows[0]!.n).toBe(1);
    await expectLedgerBalanced(t.db);
  });

  it('the consultant and the financial admin at the same moment: one confirmed deposit with both steps', async () => {
    const depositId = await createDeposit(t, consultant.token, depositBody(student, classroomId, { amount: 10 }));
    const [a, b] = await Promise.all([
      t.call(c.confirmByConsultant, { body: { depositId, message: 'c' } }, { token: consultant.token }),
      t.call(c.confirmByFinancialAdmin, { body: { depositId, message: 'f' } }, { token: finance.token }),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    const list = await t.call(c.list, { body: { where: [[{ column: 'depositType', comparison: 'Equal', operand: 'Classroom' }]], page: { index: 1, size: -1 } } }, { token: finance.token });
    const row = list.json().data.find((d: { depositId: string }) => d.depositId === depositId);
    expect(row).toMatchObject({ state: 'confirmed', consultantConfirmation: { message: 'c' }, financialAdminConfirmation: { message: 'f' } });
    const posted = (await t.db.execute(sql`select count(*)::int as n from ledger_transactions where deposit_id = ${depositId}`)) as unknown as { rows: { n: number }[] };
    expect(posted.rows[0]!.n).toBe(1);
  });
});

describe('the ledger refuses changes', () => {
  it('an entry can not be updated or deleted, a transaction can not be unbalanced', async () => {
    await expect(t.db.execute(sql`update ledger_entries set amount = amount + 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
    await expect(
      t.db.transaction(async (tx) => {
        const r = (await tx.execute(sql`insert into ledger_transactions (kind, idempotency_key) values ('test', 'unbalanced') returning transaction_id`)) as unknown as {
          rows: { transaction_id: string }[];
        };
        await tx.execute(sql`insert into ledger_entries (transaction_id, account, amount) values (${r.rows[0]!.transaction_id}, 'cash', 5)`);
      }),
    ).rejects.toThrow();
    await expectLedgerBalanced(t.db);
  });
});

describe('reading', () => {
  it('lists in scope with sums from the ledger', async () => {
    const mine = await t.call(c.list, { body: { page: { index: 1, size: -1 } } }, { token: consultant.token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.every((d: { studentPublicKey: string }) => d.studentPublicKey === student.publicKey)).toBe(true);
    const all = await t.call(c.list, { body: { page: { index: 1, size: -1 } } }, { token: finance.token });
    expect(all.json().totalCount).toBeGreaterThan(mine.json().totalCount);
    const sums = await t.call(c.sums, { body: { where: [[{ column: 'studentPublicKey', comparison: 'Equal', operand: student.publicKey }]] } }, { token: finance.token });
    // What the student's credit holds, less the discounts granted: the cash the deposits brought.
    const cash = (await t.db.execute(sql`select (-sum(e.amount) filter (where e.account = 'student_credit')
      - coalesce(sum(e.amount) filter (where e.account = 'discounts'), 0))::text as cash from ledger_entries e
      where e.account = 'discounts' or (e.account = 'student_credit' and e.student_key = ${student.publicKey})`)) as unknown as { rows: { cash: string }[] };
    expect(sums.json().confirmed).toBe(Number(cash.rows[0]!.cash));
    expect(sums.json().byPaymentMethod).toHaveLength(5);
    expectRefused(await t.call(c.list, { body: {} }, { token: teacher.token }), 'ACCESS_DENIED');
  });

  it('answers the unfiltered sums from the kept sums, equal to adding up every deposit', async () => {
    await expectLedgerBalanced(t.db);
    const live = (await t.db.execute(sql`select payment_method,
        sum(case when confirmed_at is not null and reversed_at is null then amount else 0 end)::float8 as confirmed,
        sum(case when confirmed_at is null then amount else 0 end)::float8 as waiting
      from deposits group by payment_method`)) as unknown as { rows: { payment_method: string; confirmed: number; waiting: number }[] };
    const all = await t.call(c.sums, { body: { where: [] } }, { token: finance.token });
    expect(all.statusCode, all.body).toBe(200);
    for (const row of live.rows) {
      expect(all.json().byPaymentMethod).toContainEqual({ paymentMethod: row.payment_method, confirmed: row.confirmed, waiting: row.waiting });
    }
    expect(all.json().confirmed).toBeCloseTo(live.rows.reduce((sum, r) => sum + r.confirmed, 0), 2);
    // A consultant's unfiltered sums are their consultees' only: summed from their own deposits.
    const mine = await t.call(c.sums, { body: { where: [] } }, { token: consultant.token });
    expect(mine.json().confirmed + mine.json().waiting).toBeLessThanOrEqual(all.json().confirmed + all.json().waiting);
  });

  it('filters and sorts on the student and class names, in scope, with the count the database holds', async () => {
    const [first] = (await t.call(c.list, { body: { page: { index: 1, size: 1 } } }, { token: finance.token })).json().data;
    const where = [[{ column: 'classroomName', comparison: 'Equal' as const, operand: first.classroomName as string }]];
    const order = [{ column: 'studentName', descending: false }];
    const held = async (consultantKey: string | null) => {
      const res = (await t.db.execute(sql`select count(*)::int as n from deposits d join classrooms c on c.classroom_id = d.classroom_id
        join users u on u.public_key = d.student_key
        where c.classroom_name = ${first.classroomName} and (${consultantKey}::uuid is null or u.consultant_key = ${consultantKey}::uuid)`)) as unknown as {
        rows: { n: number }[];
      };
      return res.rows[0]!.n;
    };
    for (const [who, consultantKey] of [[finance, null], [consultant, consultant.publicKey], [otherConsultant, otherConsultant.publicKey]] as const) {
      const page = await t.call(c.list, { body: { page: { index: 1, size: 1 }, where, order } }, { token: who.token });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().totalCount).toBe(await held(consultantKey));
      const sums = await t.call(c.sums, { body: { where } }, { token: who.token });
      expect(sums.statusCode, sums.body).toBe(200);
    }
    expect(await held(otherConsultant.publicKey)).toBe(0);
    expect(await held(null)).toBeGreaterThan(0);
  });

  it("a student reads their own deposits and balance only; staff read a student's balance in scope", async () => {
    const own = await t.call(c.own, { query: { index: 1, size: 10 } }, { token: student.token });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.every((d: { studentPublicKey: string }) => d.studentPublicKey === student.publicKey)).toBe(true);
    const confirmedOnly = await t.call(c.own, { query: { index: 1, size: 10, isConfirmed: true } }, { token: student.token });
    expect(confirmedOnly.json().data.every((d: { isConfirmed: boolean }) => d.isConfirmed)).toBe(true);
    const balance = await t.call(c.ownBalance, {}, { token: student.token });
    expect(balance.statusCode, balance.body).toBe(200);
    const row = balance.json().balances.find((b: { classroomId: string }) => b.classroomId === classroomId);
    expect(row.paid).toBe(Number(await creditOf(t.db, student.publicKey, classroomId)));
    expect(row).toMatchObject({ used: 0, costPerHour: null, balanceInHour: null, reservedSessions: 1 });
    const staff = await t.call(c.studentBalance, { query: { studentPublicKey: student.publicKey } }, { token: consultant.token });
    expect(staff.json()).toEqual(balance.json());
    expectRefused(await t.call(c.studentBalance, { query: { studentPublicKey: stranger.publicKey } }, { token: consultant.token }), 'FETCH_DATA_FAILED');
    expectRefused(await t.call(c.studentBalance, { query: { studentPublicKey: student.publicKey } }, { token: student.token }), 'ACCESS_DENIED');
    expectRefused(await t.call(c.ownBalance, {}, { token: finance.token }), 'ACCESS_DENIED');
  });
});
