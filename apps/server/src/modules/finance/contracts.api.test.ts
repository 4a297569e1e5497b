import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, formatMessage, formatMoneyIn, type Role, type WhereCondition } from '@tutoria/shared';
import { notifications } from '../../db/schema/index.ts';
import { recordedEvents } from '../../../test/academic-factories.ts';
import { contractBody, contractState, createContract, payContract } from '../../../test/contract-factories.ts';
import { creditOf, depositBody, expectLedgerBalanced } from '../../../test/finance-factories.ts';
import { buildClassroom, expectRefused, HOUR, monday, type Person, person, text } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Contracts (issue 28; docs/finance.md "Contracts"): value + additional − discount − paid, where paid
 * is the confirmed deposits of type Contract for the contract, read from the ledger (cash against
 * `contract_revenue`, never the student's class credit). Who may do what, a consultant's reach
 * (their consultees' contracts; others 404 as if absent), the refusals with nothing written.
 */
const c = contract.contracts;
let t: TestApp;
let admin: Person;
let finance: Person;
let consultant: Person;
let otherConsultant: Person;
let student: Person;
let otherStudent: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
  otherConsultant = await person(t, 'AcademicConsultant');
  student = await person(t, 'Student', { consultantKey: consultant.publicKey });
  otherStudent = await person(t, 'Student', { consultantKey: otherConsultant.publicKey });
});
afterAll(() => t.close());

/** Makes a call that must be refused with `code` (and `key`) and proves it wrote nothing. */
async function refusedUnchanged(call: () => ReturnType<TestApp['call']>, code: Parameters<typeof expectRefused>[1], key?: Parameters<typeof expectRefused>[2]) {
  const before = await contractState(t.db);
  const res = await call();
  expectRefused(res, code, key);
  expect(await contractState(t.db)).toEqual(before);
  return res;
}

const fieldsOf = (res: { json(): unknown }) => (res.json() as { details: { field: string; message: string }[] }).details;
const balanceOf = (who: Person, token: string) => t.call(c.studentBalance, { query: { studentPublicKey: who.publicKey } }, { token });
const listAll = (token: string, where: WhereCondition[][] = []) => t.call(c.list, { body: { page: { index: 1, size: -1 }, where } }, { token });

describe('a contract and its balance', () => {
  it('records value, additional contracts and a discount; balance = value + additional − discount − paid', async () => {
    const res = await t.call(
      c.create,
      {
        body: contractBody(student, {
          contractType: 'ApplicationForIndependentSchools',
          contractValue: 12000,
          additionalContracts: [
            { title: 'Interview coaching', value: 1500.25 },
            { title: 'Essay editing', value: 999.75 },
          ],
          discountValue: 500,
        }),
      },
      { token: consultant.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Contract saved.');
    const saved = res.json().contract;
    expect(saved).toMatchObject({
      contractType: 'ApplicationForIndependentSchools',
      studentPublicKey: student.publicKey,
      studentName: student.fullName,
      consultantPublicKey: consultant.publicKey,
      consultantName: consultant.fullName,
      contractValue: 12000,
      additionalContracts: [
        { title: 'Interview coaching', value: 1500.25 },
        { title: 'Essay editing', value: 999.75 },
      ],
      additionalContractsValue: 2500,
      discountValue: 500,
      total: 14000,
      paid: 0,
      waiting: 0,
      balance: 14000,
      paymentCount: 0,
      file: null,
      createdByName: consultant.fullName,
    });
    const audit = (await t.db.execute(sql`select action, after from audit_log where entity = 'contract' and entity_id = ${saved.contractId}`)) as unknown as {
      rows: { action: string; after: Record<string, unknown> }[];
    };
    expect(audit.rows).toEqual([
      {
        action: 'contract.created',
        after: expect.objectContaining({ contractValue: '12000.00', discountValue: '500.00', studentPublicKey: student.publicKey }),
      },
    ]);
    expect(await recordedEvents(t.db, 'contract.changed')).toContainEqual({
      contractId: saved.contractId,
      studentKey: student.publicKey,
      action: 'created',
      actorKey: consultant.publicKey,
    });
  });

  it('pays it with deposits of type Contract: waiting, then paid from the ledger (cash ↔ contract revenue, no class credit); a reversal takes it back', async () => {
    const payer = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const made = await createContract(t, consultant.token, contractBody(payer, { contractValue: 3000, additionalContracts: [{ title: 'Visa', value: 450.5 }], discountValue: 200.25 }));
    expect(made.total).toBe(3250.25);
    const depositId = await payContract(t, consultant.token, payer, made.contractId, 1000.1);
    const waiting = (await t.call(c.list, { body: { page: { index: 1, size: 10 }, where: [[{ column: 'contractId', comparison: 'Equal', operand: made.contractId }]] } }, { token: finance.token })).json();
    expect(waiting.data[0]).toMatchObject({ paid: 0, waiting: 1000.1, balance: 3250.25, paymentCount: 1 });
    // The consultant's step, then the financial admin's: the money is posted once, to cash and the contract revenue.
    for (const [confirm, who] of [[contract.deposits.confirmByConsultant, consultant], [contract.deposits.confirmByFinancialAdmin, finance]] as const) {
      const res = await t.call(confirm, { body: { depositId } }, { token: who.token });
      expect(res.statusCode, res.body).toBe(200);
    }
    await payContract(t, finance.token, payer, made.contractId, 249.9, finance);
    const entries = (await t.db.execute(sql`select e.account, e.amount::text as amount, e.student_key, e.classroom_id from ledger_entries e
      join ledger_transactions t on t.transaction_id = e.transaction_id where t.deposit_id = ${depositId} order by e.amount desc`)) as unknown as { rows: unknown[] };
    expect(entries.rows).toEqual([
      { account: 'cash', amount: '1000.10', student_key: null, classroom_id: null },
      { account: 'contract_revenue', amount: '-1000.10', student_key: payer.publicKey, classroom_id: null },
    ]);
    const paid = (await balanceOf(payer, consultant.token)).json();
    expect(paid).toMatchObject({
      studentPublicKey: payer.publicKey,
      studentName: payer.fullName,
      total: 3250.25,
      paid: 1250,
      waiting: 0,
      balance: 2000.25,
      contracts: [{ contractId: made.contractId, paid: 1250, balance: 2000.25, paymentCount: 2 }],
    });
    const deposits = (await t.call(contract.deposits.list, { body: { page: { index: 1, size: 10 }, where: [[{ column: 'contractId', comparison: 'Equal', operand: made.contractId }]] } }, { token: consultant.token })).json();
    expect(deposits.data).toHaveLength(2);
    expect(deposits.data[0]).toMatchObject({ classroomId: null, classroomName: null, contractId: made.contractId, contractType: 'ApplicationForUniversities', depositType: 'Contract' });
    expect(await recordedEvents(t.db, 'deposit.confirmed')).toContainEqual(expect.objectContaining({ depositId, contractId: made.contractId, classroomId: null }));
    // A reversal: paid goes back down, from the ledger.
    const reversed = await t.call(contract.deposits.reverse, { body: { depositId, reason: 'Bank returned it' } }, { token: finance.token });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await balanceOf(payer, admin.token)).json()).toMatchObject({ paid: 249.9, balance: 3000.35 });
    // A second contract adds to the student's sums; the spec's spelling answers the same.
    const second = await createContract(t, finance.token, contractBody(payer, { contractType: 'ProjectsOrAcademicConferences', contractValue: 700, additionalContracts: [], discountValue: 0 }));
    const spelled = await t.call(c.studentBalance, { query: { studentPublicKey: payer.publicKey } }, { token: finance.token, path: 'GetStudentsContractBalance' });
    expect(spelled.statusCode, spelled.body).toBe(200);
    expect(spelled.json()).toMatchObject({ total: 3950.25, paid: 249.9, balance: 3700.35 });
    expect(spelled.json().contracts.map((x: { contractId: string }) => x.contractId)).toEqual([second.contractId, made.contractId]);
    await expectLedgerBalanced(t.db);
  });

  it('a confirmed or reversed contract payment tells its student of their contract, after commit; not the one who confirmed', async () => {
    const payer = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const made = await createContract(t, consultant.token, contractBody(payer));
    const depositId = await payContract(t, consultant.token, payer, made.contractId, 100);
    const settle = async () => {
      while ((await t.events.drain()) > 0);
    };
    await settle();
    const mine = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.userKey, payer.publicKey)).orderBy(notifications.seq)).map((n) => [n.messageKey, n.params]);
    expect((await t.call(contract.deposits.confirm, { body: { depositId } }, { token: finance.token })).statusCode).toBe(200);
    expect(await mine()).toEqual([]);
    await settle();
    expect(await mine()).toEqual([['finance.contractPaymentConfirmed', {}]]);
    expect((await t.call(contract.deposits.reverse, { body: { depositId, reason: 'Refunded' } }, { token: finance.token })).statusCode).toBe(200);
    await settle();
    expect(await mine()).toEqual([['finance.contractPaymentConfirmed', {}], ['finance.contractPaymentReversed', {}]]);
    const finances = await t.db.select().from(notifications).where(eq(notifications.userKey, finance.publicKey));
    expect(finances).toEqual([]);
  });

  it('a contract payment never touches the student’s class credit, and a class deposit never a contract', async () => {
    const pupil = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const start = monday(2) + 9 * HOUR;
    const { classroomId } = await buildClassroom(t, { students: [pupil], times: [{ start, end: start + HOUR }] });
    const made = await createContract(t, consultant.token, contractBody(pupil));
    await payContract(t, consultant.token, pupil, made.contractId, 500, finance);
    const classDeposit = await t.call(contract.deposits.create, { body: depositBody(pupil, classroomId, { amount: 120 }) }, { token: consultant.token });
    const classDepositId = classDeposit.json().deposit.depositId as string;
    expect((await t.call(contract.deposits.confirm, { body: { depositId: classDepositId } }, { token: finance.token })).statusCode).toBe(200);
    expect(await creditOf(t.db, pupil.publicKey, classroomId)).toBe('120.00');
    expect((await balanceOf(pupil, consultant.token)).json()).toMatchObject({ paid: 500 });
    await expectLedgerBalanced(t.db);
  });

  it('edits a contract: the additional contracts as a whole (rows added and removed), audited before and after', async () => {
    const made = await createContract(t, consultant.token, contractBody(student, { additionalContracts: [{ title: 'A', value: 100 }, { title: 'B', value: 200 }] }));
    const body = { contractId: made.contractId, ...contractBody(student, { contractValue: 4000, additionalContracts: [{ title: 'B', value: 250 }, { title: 'C', value: 50 }], discountValue: 100 }) };
    const res = await t.call(c.edit, { body }, { token: consultant.token, path: 'EditContract' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contract).toMatchObject({
      contractValue: 4000,
      additionalContracts: [{ title: 'B', value: 250 }, { title: 'C', value: 50 }],
      additionalContractsValue: 300,
      total: 4200,
      balance: 4200,
    });
    const trail = (await t.db.execute(sql`select action, before, after from audit_log where entity_id = ${made.contractId} order by at`)) as unknown as {
      rows: { action: string; before: { additionalContracts: unknown[] } | null; after: { additionalContracts: unknown[] } }[];
    };
    expect(trail.rows.map((r) => r.action)).toEqual(['contract.created', 'contract.edited']);
    expect(trail.rows[1]!.before!.additionalContracts).toEqual([{ title: 'A', value: '100.00' }, { title: 'B', value: '200.00' }]);
    expect(trail.rows[1]!.after.additionalContracts).toEqual([{ title: 'B', value: '250.00' }, { title: 'C', value: '50.00' }]);
  });

  it('deletes a contract without payments (audited, contract.changed); one with payments is refused in both languages, nothing written', async () => {
    const free = await createContract(t, admin.token, contractBody(student));
    const res = await t.call(c.delete, { body: { contractId: free.contractId } }, { token: consultant.token, path: 'DeleteContract' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Contract deleted.');
    expect(await recordedEvents(t.db, 'contract.changed')).toContainEqual(expect.objectContaining({ contractId: free.contractId, action: 'deleted' }));
    expectRefused(await t.call(c.delete, { body: { contractId: free.contractId } }, { token: consultant.token }), 'FETCH_DATA_FAILED');

    const paid = await createContract(t, admin.token, contractBody(student));
    await payContract(t, consultant.token, student, paid.contractId, 100, finance);
    const refused = await refusedUnchanged(() => t.call(c.delete, { body: { contractId: paid.contractId } }, { token: finance.token }), 'DELETE_FAILED');
    expect(refused.json().message).toBe(text('contractHasPayments', { count: 1 }));
    expect(refused.json().message).toContain('can not be deleted');
    const zh = await t.call(c.delete, { body: { contractId: paid.contractId } }, { token: finance.token, language: 'zh' });
    expect(zh.json().message).toBe(formatMessage('zh', 'contractHasPayments', { count: 1 }));
    // A payment still waiting counts too: its record names the contract.
    const waiting = await createContract(t, admin.token, contractBody(student));
    await payContract(t, consultant.token, student, waiting.contractId, 100);
    await refusedUnchanged(() => t.call(c.delete, { body: { contractId: waiting.contractId } }, { token: admin.token }), 'DELETE_FAILED', undefined);
  });

  it('a student with a contract, even unpaid, keeps their account: the delete names their payments, and archiving is the way', async () => {
    const signed = await person(t, 'Student', { consultantKey: consultant.publicKey });
    await createContract(t, consultant.token, contractBody(signed));
    const refused = await t.call(contract.users.delete, { body: { publicKey: signed.publicKey } }, { token: admin.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(text('userHasRecords', { records: text('recordPayments') }));
  });

  it('does not move a contract with payments to another student; without payments it may', async () => {
    const second = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const free = await createContract(t, consultant.token, contractBody(student));
    const moved = await t.call(c.edit, { body: { contractId: free.contractId, ...contractBody(second) } }, { token: consultant.token });
    expect(moved.json().contract).toMatchObject({ studentPublicKey: second.publicKey });
    const paid = await createContract(t, consultant.token, contractBody(student));
    await payContract(t, consultant.token, student, paid.contractId, 10);
    const res = await refusedUnchanged(() => t.call(c.edit, { body: { contractId: paid.contractId, ...contractBody(second) } }, { token: consultant.token }), 'FAILED_VALIDATION');
    expect(fieldsOf(res)).toEqual([{ field: 'studentPublicKey', message: text('contractStudentHasPayments') }]);
  });
});

describe('who may, and whose contracts', () => {
  it('lets Admin, FinancialAdmin and the consultant in; every other role is refused (403), nothing written', async () => {
    const made = await createContract(t, admin.token, contractBody(student));
    for (const role of ['SchedulingAdmin', 'TeamLeader', 'Teacher', 'AssistantTeacher', 'Student'] as Role[]) {
      const who = role === 'Student' ? student : await person(t, role);
      await refusedUnchanged(() => listAll(who.token), 'ACCESS_DENIED');
      await refusedUnchanged(() => balanceOf(student, who.token), 'ACCESS_DENIED');
      await refusedUnchanged(() => t.call(c.create, { body: contractBody(student) }, { token: who.token }), 'ACCESS_DENIED');
      await refusedUnchanged(() => t.call(c.edit, { body: { contractId: made.contractId, ...contractBody(student) } }, { token: who.token }), 'ACCESS_DENIED');
      await refusedUnchanged(() => t.call(c.delete, { body: { contractId: made.contractId } }, { token: who.token }), 'ACCESS_DENIED');
    }
    for (const who of [admin, finance, consultant]) expect((await listAll(who.token)).statusCode).toBe(200);
  });

  it('a consultant reaches only their consultees’ contracts: the list, the balance; another’s answers 404 as if absent', async () => {
    const mine = await createContract(t, consultant.token, contractBody(student));
    const theirs = await createContract(t, otherConsultant.token, contractBody(otherStudent));
    const listed = (await listAll(consultant.token)).json().data as { contractId: string; consultantPublicKey: string }[];
    expect(listed.map((x) => x.contractId)).toContain(mine.contractId);
    expect(listed.map((x) => x.contractId)).not.toContain(theirs.contractId);
    expect(listed.every((x) => x.consultantPublicKey === consultant.publicKey)).toBe(true);
    expect((await listAll(finance.token)).json().data.map((x: { contractId: string }) => x.contractId)).toEqual(expect.arrayContaining([mine.contractId, theirs.contractId]));
    await refusedUnchanged(() => balanceOf(otherStudent, consultant.token), 'FETCH_DATA_FAILED');
    await refusedUnchanged(() => t.call(c.edit, { body: { contractId: theirs.contractId, ...contractBody(otherStudent) } }, { token: consultant.token }), 'FETCH_DATA_FAILED');
    await refusedUnchanged(() => t.call(c.delete, { body: { contractId: theirs.contractId } }, { token: consultant.token }), 'FETCH_DATA_FAILED');
    await refusedUnchanged(() => t.call(c.create, { body: contractBody(otherStudent) }, { token: consultant.token }), 'FETCH_DATA_FAILED');
    // Moving one's own contract to another consultant's student: that student is out of reach.
    await refusedUnchanged(() => t.call(c.edit, { body: { contractId: mine.contractId, ...contractBody(otherStudent) } }, { token: consultant.token }), 'FETCH_DATA_FAILED');
    // A payment for another consultant's contract is refused under the contract, as not the student's.
    const res = await refusedUnchanged(
      () => t.call(contract.deposits.create, { body: { studentPublicKey: student.publicKey, contractId: theirs.contractId, depositType: 'Contract', amount: 5, chargeAt: 1_790_000_000, paymentMethod: 'Cash' } }, { token: consultant.token }),
      'FAILED_VALIDATION',
    );
    expect(fieldsOf(res)).toEqual([{ field: 'contractId', message: text('depositContractOfStudent') }]);
  });

  it('filters the list by student, type and consultant, pages it, and answers the spec’s spelling', async () => {
    const pupil = await person(t, 'Student', { consultantKey: otherConsultant.publicKey });
    await createContract(t, finance.token, contractBody(pupil, { contractType: 'ProjectsOrAcademicConferences' }));
    await createContract(t, finance.token, contractBody(pupil, { contractType: 'ApplicationForUniversities' }));
    await createContract(t, finance.token, contractBody(pupil, { contractType: 'ApplicationForUniversities' }));
    const where = (column: string, operand: string): WhereCondition[][] => [[{ column, comparison: 'Equal', operand }]];
    const byStudent = await t.call(c.list, { body: { page: { index: 1, size: 2 }, where: where('studentPublicKey', pupil.publicKey) } }, { token: finance.token, path: 'GetAllContracts' });
    expect(byStudent.statusCode, byStudent.body).toBe(200);
    expect(byStudent.json().totalCount).toBe(3);
    expect(byStudent.json().data).toHaveLength(2);
    const both: WhereCondition[][] = [[{ column: 'studentPublicKey', comparison: 'Equal', operand: pupil.publicKey }], [{ column: 'contractType', comparison: 'Equal', operand: 'ApplicationForUniversities' }]];
    // Groups are ANDed: this student's university applications.
    expect((await listAll(finance.token, both)).json().totalCount).toBe(2);
    const byConsultant = (await listAll(finance.token, where('consultantPublicKey', otherConsultant.publicKey))).json();
    expect(byConsultant.data.every((x: { consultantPublicKey: string }) => x.consultantPublicKey === otherConsultant.publicKey)).toBe(true);
    expect(byConsultant.totalCount).toBeGreaterThanOrEqual(3);
    const sorted = (await t.call(c.list, { body: { page: { index: 1, size: -1 }, where: where('studentPublicKey', pupil.publicKey), order: [{ column: 'contractType', descending: false }] } }, { token: finance.token })).json();
    expect(sorted.data.map((x: { contractType: string }) => x.contractType)).toEqual(['ApplicationForUniversities', 'ApplicationForUniversities', 'ProjectsOrAcademicConferences']);
  });
});

describe('bad input, with the fields named', () => {
  it('refuses a wrong type, amounts out of range or with three decimals, an empty title, unknown fields', async () => {
    const res = await refusedUnchanged(
      () =>
        t.call(
          c.create,
          { body: { ...contractBody(student), contractType: 'Tutoring', contractValue: -5, discountValue: 1.005, additionalContracts: [{ title: ' ', value: 0 }] } as never },
          { token: consultant.token },
        ),
      'FAILED_VALIDATION',
    );
    expect([...new Set(fieldsOf(res).map((f) => f.field))].sort()).toEqual(['additionalContracts.0.title', 'additionalContracts.0.value', 'contractType', 'contractValue', 'discountValue']);
    expect(fieldsOf(res).find((f) => f.field === 'contractValue')!.message).toBe(text('positiveAmount', { attribute: 'Contract value' }));
    await refusedUnchanged(() => t.call(c.create, { body: { ...contractBody(student), balance: 0 } as never }, { token: consultant.token }), 'FAILED_VALIDATION');
  });

  it('refuses a discount above value + additional, naming the most it may be; a staff key as the student', async () => {
    const res = await refusedUnchanged(
      () => t.call(c.create, { body: contractBody(student, { contractValue: 100, additionalContracts: [{ title: 'X', value: 20.5 }], discountValue: 120.51 }) }, { token: consultant.token }),
      'FAILED_VALIDATION',
    );
    expect(fieldsOf(res)).toEqual([{ field: 'discountValue', message: text('contractDiscountAboveTotal', { total: formatMoneyIn('120.50', 'CNY', 'en') }) }]);
    // Exactly the whole is a full discount, accepted.
    expect((await t.call(c.create, { body: contractBody(student, { contractValue: 100, additionalContracts: [{ title: 'X', value: 20.5 }], discountValue: 120.5 }) }, { token: consultant.token })).json().contract).toMatchObject({ total: 0, balance: 0 });
    const staff = await refusedUnchanged(() => t.call(c.create, { body: contractBody(finance) }, { token: admin.token }), 'FAILED_VALIDATION');
    expect(fieldsOf(staff)).toEqual([{ field: 'studentPublicKey', message: text('contractNotAStudent') }]);
  });

  it('refuses contract payments that name no contract, a class too, a discount; and a class deposit naming a contract', async () => {
    const made = await createContract(t, consultant.token, contractBody(student));
    const base = { studentPublicKey: student.publicKey, depositType: 'Contract' as const, amount: 50, chargeAt: 1_790_000_000, paymentMethod: 'Cash' as const };
    const pay = (body: Record<string, unknown>) => () => t.call(contract.deposits.create, { body: body as never }, { token: consultant.token });
    expect(fieldsOf(await refusedUnchanged(pay(base), 'FAILED_VALIDATION'))).toEqual([{ field: 'contractId', message: text('required', { attribute: 'Contract' }) }]);
    const both = await refusedUnchanged(pay({ ...base, contractId: made.contractId, classroomId: made.contractId, discountValue: 5 }), 'FAILED_VALIDATION');
    expect(fieldsOf(both)).toEqual([
      { field: 'classroomId', message: text('depositContractNoClassroom') },
      { field: 'discountValue', message: text('depositContractNoDiscount') },
    ]);
    const classDeposit = await refusedUnchanged(pay({ ...base, depositType: 'Classroom', contractId: made.contractId }), 'FAILED_VALIDATION');
    expect(fieldsOf(classDeposit).map((f) => f.field)).toEqual(['classroomId', 'contractId']);
    expect(fieldsOf(classDeposit)[1]!.message).toBe(text('depositClassroomNoContract'));
    // Another student's contract, in reach of the Admin: still not this student's.
    const mine = await createContract(t, admin.token, contractBody(otherStudent));
    const wrong = await refusedUnchanged(() => t.call(contract.deposits.create, { body: { ...base, contractId: mine.contractId } }, { token: admin.token }), 'FAILED_VALIDATION');
    expect(fieldsOf(wrong)).toEqual([{ field: 'contractId', message: text('depositContractOfStudent') }]);
  });
});

describe('at the same moment', () => {
  it('a payment and the contract’s deletion: either the payment is recorded and the contract kept, or the contract is gone and the payment refused', async () => {
    for (let round = 0; round < 5; round++) {
      const made = await createContract(t, consultant.token, contractBody(student));
      const [deleted, paid] = await Promise.all([
        t.call(c.delete, { body: { contractId: made.contractId } }, { token: finance.token }),
        t.call(
          contract.deposits.create,
          { body: { studentPublicKey: student.publicKey, contractId: made.contractId, depositType: 'Contract', amount: 10, chargeAt: 1_790_000_000, paymentMethod: 'Cash' } },
          { token: consultant.token },
        ),
      ]);
      const kept = (await t.db.execute(sql`select count(*)::int as n from contracts where contract_id = ${made.contractId}`)) as unknown as { rows: { n: number }[] };
      if (paid.statusCode === 200) {
        expectRefused(deleted, 'DELETE_FAILED', undefined);
        expect(kept.rows[0]!.n).toBe(1);
      } else {
        expect(deleted.statusCode, deleted.body).toBe(200);
        expectRefused(paid, 'FAILED_VALIDATION');
        expect(kept.rows[0]!.n).toBe(0);
      }
    }
    await expectLedgerBalanced(t.db);
  });
});
