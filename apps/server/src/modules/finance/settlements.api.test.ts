import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, formatMoneyIn, type WhereCondition } from '@tutoria/shared';
import { recordedEvents } from '../../../test/academic-factories.ts';
import { expectLedgerBalanced } from '../../../test/finance-factories.ts';
import { expectRefused, type Person, person, text } from '../../../test/scheduling-factories.ts';
import {
  earningClass,
  guideOf,
  holdAndConfirm,
  now,
  pastTimes,
  payAll,
  setSalary,
  settlementState,
  sumOf,
} from '../../../test/settlement-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Teacher settlements (issue 28; docs/finance.md "Teacher settlements"): a session is earned once
 * held and confirmed by the admin, at its hours × the class's teacher salary per hour; the guide
 * proposes what is earned and in no settlement; paying posts teacher payable ↔ cash once; unpaid =
 * earned − paid everywhere; a paid settlement is reversed, never edited.
 */
let t: TestApp;
let finance: Person;
let admin: Person;
const c = contract.settlements;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  admin = await person(t, 'Admin');
});
afterAll(() => t.close());

async function accountSum(account: string, teacher: Person) {
  const result = (await t.db.execute(sql`select coalesce(sum(amount), 0)::numeric(18,2)::text as total from ledger_entries
    where account = ${account} and teacher_key = ${teacher.publicKey}`)) as unknown as { rows: { total: string }[] };
  return result.rows[0]!.total;
}

/** Makes a call that must be refused with `code` (and `key`) and proves it wrote nothing. */
async function refusedUnchanged(call: () => ReturnType<TestApp['call']>, code: Parameters<typeof expectRefused>[1], key?: Parameters<typeof expectRefused>[2]) {
  const before = await settlementState(t.db);
  const res = await call();
  expectRefused(res, code, key);
  expect(await settlementState(t.db)).toEqual(before);
  return res;
}

describe('earning and the guide', () => {
  it('earns held sessions the admin confirmed: hours × the teacher salary per hour, posted to the ledger', async () => {
    const teacher = await person(t, 'Teacher');
    const built = await earningClass(t, finance, { teacher, hours: [1, 1.5, 2, 1], earned: 2, salary: 80 });
    // The third is held but only confirmed by the teacher: not earned yet.
    await t.db.execute(sql`update classroom_sessions set state = 'haveclass', confirmation = 'confirmedByTeacher' where session_id = ${built.sessionIds[2]!}`);
    const guide = await guideOf(t, finance.token, teacher);
    expect(guide.lines.map((l) => [l.sessionId, l.hours, l.amount])).toEqual([
      [built.sessionIds[0], 1, 80],
      [built.sessionIds[1], 1.5, 120],
    ]);
    expect(guide).toMatchObject({ amount: 200, sessionCount: 2, unpaid: 200 });
    // teacher_pay debit 200, teacher_payable credit 200
    expect(await accountSum('teacher_payable', teacher)).toBe('-200.00');
    expect(await accountSum('teacher_pay', teacher)).toBe('200.00');
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ earned: 200, paid: 0, unpaid: 200, sessionCount: 2, hours: 2.5 });
    await expectLedgerBalanced(t.db);
  });

  it('a session with 50 minutes earns round(0.8333 × rate, 2); the guide filters by lesson type, class and period', async () => {
    const teacher = await person(t, 'Teacher');
    const a = await earningClass(t, finance, { teacher, hours: [50 / 60], salary: 70 });
    const b = await earningClass(t, finance, { teacher, hours: [1], salary: 60, weeksBack: 5 });
    const all = await guideOf(t, finance.token, teacher);
    expect(all.lines.map((l) => l.amount)).toEqual([60, 58.33]);
    expect(all.amount).toBe(118.33);
    expect((await guideOf(t, finance.token, teacher, { classroomId: a.classroomId })).amount).toBe(58.33);
    expect((await guideOf(t, finance.token, teacher, { teacherLessonType: 'IELTS_Online' })).lines).toEqual([]);
    expect((await guideOf(t, finance.token, teacher, { teacherLessonType: 'A_LEVEL_Offline' })).amount).toBe(118.33);
    expect((await guideOf(t, finance.token, teacher, { toTime: now() - 3 * 7 * 86400 })).lines.map((l) => l.sessionId)).toEqual(b.sessionIds);
  });

  it('a salary change corrects unpaid earnings (reversal and a new posting), the ledger stays balanced', async () => {
    const teacher = await person(t, 'Teacher');
    const built = await earningClass(t, finance, { teacher, hours: [1, 1], salary: 50 });
    await setSalary(t, finance.token, built.classroomId, 65);
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ earned: 130, unpaid: 130 });
    const kinds = (await t.db.execute(sql`select t.kind, count(*)::int as n from ledger_transactions t where t.session_id = any(${sql.param(built.sessionIds)}::uuid[]) and t.kind like 'earning.%' group by 1 order by 1`)) as unknown as { rows: { kind: string; n: number }[] };
    expect(kinds.rows).toEqual([
      { kind: 'earning.reversed', n: 2 },
      { kind: 'earning.session', n: 4 },
    ]);
    await expectLedgerBalanced(t.db);
  });
});

describe('paying a teacher', () => {
  it('pays from the guide: teacher payable ↔ cash in one transaction, audited, settlement.paid after commit, the teacher told', async () => {
    const teacher = await person(t, 'Teacher');
    await earningClass(t, finance, { teacher, hours: [1, 2], salary: 90 });
    const guide = await guideOf(t, finance.token, teacher);
    const created = await t.call(
      c.create,
      { body: { type: 'TeachingSalary', teacherPublicKey: teacher.publicKey, toTime: now(), sessionIds: guide.lines.map((l) => l.sessionId), amount: 270, description: 'March' } },
      { token: finance.token },
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe(text('settlementSaved'));
    const waiting = created.json().settlement;
    expect(waiting).toMatchObject({ state: 'waiting', amount: 270, sessionCount: 2, hours: 3, type: 'TeachingSalary', isConfirmed: false });
    // In a settlement: not proposed again; nothing paid yet.
    expect((await guideOf(t, finance.token, teacher)).lines).toEqual([]);
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ earned: 270, paid: 0, unpaid: 270, waiting: 270 });

    const paid = await t.call(c.pay, { body: { settlementId: waiting.settlementId } }, { token: finance.token, language: 'zh' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().message).toBe(text('settlementPaid', {}, 'zh'));
    expect(paid.json().settlement).toMatchObject({ state: 'paid', isConfirmed: true, payment: { by: finance.publicKey } });
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ earned: 270, paid: 270, unpaid: 0, waiting: 0 });
    expect(await accountSum('teacher_payable', teacher)).toBe('0.00');
    const posting = (await t.db.execute(sql`select e.account, e.amount::text as amount from ledger_transactions t join ledger_entries e using (transaction_id)
      where t.idempotency_key = ${`settlement:${waiting.settlementId}:paid`} order by e.account`)) as unknown as { rows: unknown[] };
    expect(posting.rows).toEqual([
      { account: 'cash', amount: '-270.00' },
      { account: 'teacher_payable', amount: '270.00' },
    ]);
    const audit = (await t.db.execute(sql`select action from audit_log where entity = 'settlement' and entity_id = ${waiting.settlementId} order by at`)) as unknown as { rows: { action: string }[] };
    expect(audit.rows.map((r) => r.action)).toEqual(['settlement.created', 'settlement.confirm.direct']);
    expect(await recordedEvents(t.db, 'settlement.paid')).toContainEqual(expect.objectContaining({ settlementId: waiting.settlementId, amount: '270.00', userKeys: [teacher.publicKey] }));
    await t.events.drain();
    const bell = await t.call(contract.notifications.ownList, { body: { page: { index: 1, size: 10 } } }, { token: teacher.token });
    expect(bell.statusCode, bell.body).toBe(200);
    expect(JSON.stringify(bell.json())).toContain('settlement');
    await expectLedgerBalanced(t.db);
  });

  it('create with pay: one call; the teacher reads it in their own list (get_settlements) and their earnings', async () => {
    const teacher = await person(t, 'Teacher');
    const other = await person(t, 'Teacher');
    await earningClass(t, finance, { teacher, hours: [1], salary: 100 });
    await earningClass(t, finance, { teacher: other, hours: [1], salary: 100 });
    const mine = await payAll(t, finance.token, teacher);
    await payAll(t, finance.token, other);
    expect(mine).toMatchObject({ state: 'paid', amount: 100 });
    const own = await t.call(c.own, { body: {} }, { token: teacher.token, path: 'get_settlements' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.map((s: { settlementId: string }) => s.settlementId)).toEqual([mine.settlementId]);
    const earnings = await t.call(c.myEarnings, { query: {} }, { token: teacher.token });
    expect(earnings.statusCode, earnings.body).toBe(200);
    expect(earnings.json().sum).toMatchObject({ teacherPublicKey: teacher.publicKey, earned: 100, paid: 100, unpaid: 0 });
    expect(earnings.json().months).toHaveLength(1);
    expect(earnings.json().months[0]).toMatchObject({ sessionCount: 1, hours: 1, earned: 100, paid: 100, unpaid: 0 });
    // The teacher may not read anyone else's: every finance read refuses the permission.
    for (const call of [
      () => t.call(c.list, { body: {} }, { token: teacher.token }),
      () => t.call(c.teacherSum, { query: { teacherPublicKey: other.publicKey } }, { token: teacher.token }),
      () => t.call(c.guide, { query: { teacherPublicKey: teacher.publicKey, toTime: now() } }, { token: teacher.token }),
    ]) {
      expectRefused(await call(), 'ACCESS_DENIED');
    }
  });

  it('a paid settlement is reversed, not edited or deleted; reversing frees its sessions, unpaid is back', async () => {
    const teacher = await person(t, 'Teacher');
    await earningClass(t, finance, { teacher, hours: [1, 1], salary: 40 });
    const paid = await payAll(t, finance.token, teacher);
    const body = { settlementId: paid.settlementId, type: 'TeachingSalary' as const, teacherPublicKey: teacher.publicKey, toTime: now() };
    await refusedUnchanged(() => t.call(c.edit, { body }, { token: finance.token }), 'UPDATE_FAILED', 'settlementIsPaid');
    await refusedUnchanged(() => t.call(c.delete, { body: { settlementId: paid.settlementId } }, { token: finance.token }), 'DELETE_FAILED', 'settlementIsPaid');
    await refusedUnchanged(() => t.call(c.pay, { body: { settlementId: paid.settlementId } }, { token: finance.token }), 'UPDATE_FAILED', 'settlementAlreadyPaid');
    const reversed = await t.call(c.reverse, { body: { settlementId: paid.settlementId, reason: 'Paid the wrong month' } }, { token: finance.token });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().settlement).toMatchObject({ state: 'reversed', isConfirmed: false, reversal: { reason: 'Paid the wrong month' } });
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ earned: 80, paid: 0, unpaid: 80 });
    expect((await guideOf(t, finance.token, teacher)).amount).toBe(80);
    await refusedUnchanged(
      () => t.call(c.reverse, { body: { settlementId: paid.settlementId, reason: 'again' } }, { token: finance.token, language: 'zh' }),
      'UPDATE_FAILED',
    ).then((res) => expect(res.json().message).toBe(text('settlementAlreadyReversed', {}, 'zh')));
    expect(await recordedEvents(t.db, 'settlement.reversed')).toContainEqual(expect.objectContaining({ settlementId: paid.settlementId }));
    // Paid again from the guide: the same sessions, once.
    await payAll(t, finance.token, teacher);
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ earned: 80, paid: 80, unpaid: 0 });
    await expectLedgerBalanced(t.db);
  });

  it('a waiting settlement is edited (its sessions chosen again) or deleted (they are free again)', async () => {
    const teacher = await person(t, 'Teacher');
    const built = await earningClass(t, finance, { teacher, hours: [1, 1, 1], salary: 30 });
    const res = await t.call(c.create, { body: { type: 'TeachingSalary', teacherPublicKey: teacher.publicKey, toTime: now() } }, { token: finance.token });
    const id = res.json().settlement.settlementId as string;
    expect(res.json().settlement.amount).toBe(90);
    const edited = await t.call(
      c.edit,
      { body: { settlementId: id, type: 'TeachingSalary', teacherPublicKey: teacher.publicKey, toTime: now(), sessionIds: [built.sessionIds[0]!], description: 'First only' } },
      { token: finance.token },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().settlement).toMatchObject({ amount: 30, sessionCount: 1, description: 'First only', state: 'waiting' });
    expect((await guideOf(t, finance.token, teacher)).lines.map((l) => l.sessionId)).toEqual(built.sessionIds.slice(1));
    const deleted = await t.call(c.delete, { body: { settlementId: id } }, { token: finance.token, path: 'deleteSettlement' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await guideOf(t, finance.token, teacher)).amount).toBe(90);
    await expectLedgerBalanced(t.db);
  });

  it('pays nothing when what the sessions earn changed since the settlement was made', async () => {
    const teacher = await person(t, 'Teacher');
    const built = await earningClass(t, finance, { teacher, hours: [1], salary: 50 });
    const res = await t.call(c.create, { body: { type: 'TeachingSalary', teacherPublicKey: teacher.publicKey, toTime: now() } }, { token: finance.token });
    await setSalary(t, finance.token, built.classroomId, 55);
    await refusedUnchanged(
      () => t.call(c.pay, { body: { settlementId: res.json().settlement.settlementId } }, { token: finance.token }),
      'UPDATE_FAILED',
      'settlementEarningsChanged',
    );
  });

  it('what a paid settlement paid for a session stays its earning when the salary changes later; new sessions earn the new salary', async () => {
    const teacher = await person(t, 'Teacher');
    const built = await earningClass(t, finance, { teacher, hours: [1, 1], earned: 1, salary: 50 });
    await payAll(t, finance.token, teacher);
    await setSalary(t, finance.token, built.classroomId, 70);
    await holdAndConfirm(t.db, built.sessionIds[1]!);
    await setSalary(t, finance.token, built.classroomId, 70);
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ earned: 120, paid: 50, unpaid: 70 });
    expect((await guideOf(t, finance.token, teacher)).amount).toBe(70);
    await expectLedgerBalanced(t.db);
  });

  it('an other payment posts teacher pay ↔ cash: it is paid besides, never part of earned or unpaid', async () => {
    const teacher = await person(t, 'Teacher');
    await earningClass(t, finance, { teacher, hours: [1], salary: 50 });
    const res = await t.call(
      c.create,
      { body: { type: 'OtherPayments', teacherPublicKey: teacher.publicKey, toTime: now(), amount: 25.5, description: 'Travel', pay: true } },
      { token: finance.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(text('settlementSavedAndPaid'));
    expect(res.json().settlement).toMatchObject({ type: 'OtherPayments', amount: 25.5, sessionCount: 0, academicConsultantProfit: null });
    expect(await sumOf(t, finance.token, teacher)).toMatchObject({ earned: 50, paid: 0, unpaid: 50, otherPayments: 25.5 });
    await expectLedgerBalanced(t.db);
  });
});

describe('refusals: field errors in both languages, nothing written', () => {
  it('refuses sessions already in a settlement, an amount not earned, nothing to settle, a missing amount, a period backwards', async () => {
    const teacher = await person(t, 'Teacher');
    const built = await earningClass(t, finance, { teacher, hours: [1, 1], salary: 45 });
    await t.call(c.create, { body: { type: 'TeachingSalary', teacherPublicKey: teacher.publicKey, toTime: now(), sessionIds: [built.sessionIds[0]!] } }, { token: finance.token });
    const base = { type: 'TeachingSalary' as const, teacherPublicKey: teacher.publicKey, toTime: now() };
    const taken = await refusedUnchanged(
      () => t.call(c.create, { body: { ...base, sessionIds: built.sessionIds } }, { token: finance.token, language: 'zh' }),
      'FAILED_VALIDATION',
    );
    expect(taken.json().details).toEqual([expect.objectContaining({ field: 'sessionIds', message: text('settlementSessionsTaken', {}, 'zh') })]);
    const amount = await refusedUnchanged(() => t.call(c.create, { body: { ...base, amount: 50 } }, { token: finance.token }), 'FAILED_VALIDATION');
    expect(amount.json().details).toEqual([
      expect.objectContaining({ field: 'amount', message: text('settlementAmountNotEarned', { earned: formatMoneyIn('45.00', 'CNY', 'en') }) }),
    ]);
    const nothing = await refusedUnchanged(() => t.call(c.create, { body: { ...base, toTime: now() - 60 * 86400 } }, { token: finance.token }), 'FAILED_VALIDATION');
    expect(nothing.json().details[0]).toMatchObject({ field: 'toTime', message: text('settlementNothingEarned') });
    const other = await refusedUnchanged(
      () => t.call(c.create, { body: { ...base, type: 'OtherPayments' } }, { token: finance.token, language: 'zh' }),
      'FAILED_VALIDATION',
    );
    expect(other.json().details[0].field).toBe('amount');
    const backwards = await refusedUnchanged(() => t.call(c.create, { body: { ...base, fromTime: now() + 100 } }, { token: finance.token }), 'FAILED_VALIDATION');
    expect(backwards.json().details[0].field).toBe('fromTime');
    const student = await person(t, 'Student');
    const notTeacher = await refusedUnchanged(
      () => t.call(c.create, { body: { ...base, teacherPublicKey: student.publicKey } }, { token: finance.token }),
      'FAILED_VALIDATION',
    );
    expect(notTeacher.json().details[0].field).toBe('teacherPublicKey');
    await refusedUnchanged(() => t.call(c.create, { body: { ...base, amount: 0.001 } }, { token: finance.token }), 'FAILED_VALIDATION');
    await refusedUnchanged(() => t.call(c.create, { body: { ...base, surprise: 1 } as never }, { token: finance.token }), 'FAILED_VALIDATION');
  });

  it('refuses a teacher, a consultant and a student every settlement command, whatever they send', async () => {
    const teacher = await person(t, 'Teacher');
    await earningClass(t, finance, { teacher, hours: [1], salary: 45 });
    for (const role of ['Teacher', 'AcademicConsultant', 'Student', 'SchedulingAdmin', 'TeamLeader'] as const) {
      const caller = role === 'Teacher' ? teacher : await person(t, role);
      await refusedUnchanged(
        () => t.call(c.create, { body: { type: 'TeachingSalary', teacherPublicKey: teacher.publicKey, toTime: now(), pay: true } }, { token: caller.token }),
        'ACCESS_DENIED',
      );
      await refusedUnchanged(() => t.call(c.groupCreate, { body: { toTime: now(), teachers: [{ teacherPublicKey: teacher.publicKey, amount: 45 }] } }, { token: caller.token }), 'ACCESS_DENIED');
    }
    // The admin may: every permission.
    expect((await payAll(t, admin.token, teacher)).amount).toBe(45);
  });

  it('answers 404 for a settlement or a teacher that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    await refusedUnchanged(() => t.call(c.pay, { body: { settlementId: missing } }, { token: finance.token }), 'FETCH_DATA_FAILED');
    expectRefused(await t.call(c.teacherSum, { query: { teacherPublicKey: missing } }, { token: finance.token }), 'FETCH_DATA_FAILED');
    expectRefused(await t.call(c.classroomBalance, { query: { classroomId: missing } }, { token: finance.token }), 'FETCH_DATA_FAILED');
  });
});

describe('group settlement', () => {
  it('the group guide lists every teacher with earnings to settle; one action pays them all in one transaction', async () => {
    const a = await person(t, 'Teacher', { fullName: 'Group Alice' });
    const b = await person(t, 'Teacher', { fullName: 'Group Bob' });
    await earningClass(t, finance, { teacher: a, hours: [1, 1], salary: 60 });
    await earningClass(t, finance, { teacher: b, hours: [2], salary: 75 });
    const guide = await t.call(c.groupGuide, { body: { toTime: now() } }, { token: finance.token });
    expect(guide.statusCode, guide.body).toBe(200);
    const rows = guide.json().teachers.filter((x: { teacherPublicKey: string }) => [a.publicKey, b.publicKey].includes(x.teacherPublicKey));
    expect(rows).toEqual([
      { teacherPublicKey: a.publicKey, teacherName: 'Group Alice', sessionCount: 2, hours: 2, amount: 120 },
      { teacherPublicKey: b.publicKey, teacherName: 'Group Bob', sessionCount: 1, hours: 2, amount: 150 },
    ]);
    // A teacher's amount not as read: the whole group is refused.
    await refusedUnchanged(
      () => t.call(c.groupCreate, { body: { toTime: now(), pay: true, teachers: [{ teacherPublicKey: a.publicKey, amount: 120 }, { teacherPublicKey: b.publicKey, amount: 140 }] } }, { token: finance.token }),
      'CREATE_FAILED',
    ).then((res) => expect(res.json().message).toBe(text('settlementGroupChanged', { teacher: 'Group Bob', expected: formatMoneyIn('140.00', 'CNY', 'en'), actual: formatMoneyIn('150.00', 'CNY', 'en') })));
    const done = await t.call(
      c.groupCreate,
      { body: { toTime: now(), pay: true, description: 'Group pay', teachers: rows.map((r: { teacherPublicKey: string; amount: number }) => ({ teacherPublicKey: r.teacherPublicKey, amount: r.amount })) } },
      { token: finance.token, language: 'zh' },
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(text('settlementGroupPaid', { count: 2, amount: formatMoneyIn('270.00', 'CNY', 'zh') }, 'zh'));
    expect(done.json().amount).toBe(270);
    expect(done.json().settlements.map((s: { teacherName: string; state: string; groupId: string }) => [s.teacherName, s.state, s.groupId])).toEqual([
      ['Group Alice', 'paid', done.json().groupId],
      ['Group Bob', 'paid', done.json().groupId],
    ]);
    const after = await t.call(c.groupGuide, { body: { toTime: now() } }, { token: finance.token });
    expect(after.json().teachers.map((x: { teacherPublicKey: string }) => x.teacherPublicKey)).not.toContain(a.publicKey);
    const sums = await t.call(c.allTeachersSum, { query: {} }, { token: finance.token });
    expect(sums.statusCode, sums.body).toBe(200);
    const row = sums.json().teachers.find((x: { teacherPublicKey: string }) => x.teacherPublicKey === b.publicKey);
    expect(row).toMatchObject({ earned: 150, paid: 150, unpaid: 0 });
    expect(sums.json().unpaid).toBeCloseTo(sums.json().earned - sums.json().paid, 2);
    await expectLedgerBalanced(t.db);
  });
});

describe('reports', () => {
  it('the list filters by teacher, class, type, state and period; the classroom balance, report, history and monthly hours agree', async () => {
    const teacher = await person(t, 'Teacher', { fullName: 'Report Rita' });
    const built = await earningClass(t, finance, { teacher, hours: [1, 2, 1], salary: 50 });
    const paid = await payAll(t, finance.token, teacher, { sessionIds: built.sessionIds.slice(0, 2) });
    const list = (where: WhereCondition[][]) => t.call(c.list, { body: { where, page: { index: 1, size: 50 } } }, { token: finance.token, path: 'get_settlements_all' });
    const byTeacher = await list([[{ column: 'teacherPublicKey', comparison: 'Equal', operand: teacher.publicKey }]]);
    expect(byTeacher.statusCode, byTeacher.body).toBe(200);
    expect(byTeacher.json()).toMatchObject({ totalCount: 1, data: [{ settlementId: paid.settlementId, classroomId: built.classroomId, teacherName: 'Report Rita' }] });
    const byClass = await list([[{ column: 'classroomId', comparison: 'Contains', operand: built.classroomId }]]);
    expect(byClass.json().totalCount).toBe(1);
    const other = await list([
      [{ column: 'teacherPublicKey', comparison: 'Equal', operand: teacher.publicKey }],
      [{ column: 'type', comparison: 'Equal', operand: 'OtherPayments' }],
    ]);
    expect(other.json().totalCount).toBe(0);
    const monthIn = (seconds: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: t.config.timeZone, year: 'numeric', month: '2-digit' }).format(new Date(seconds * 1000));
    const month = monthIn(now());
    const byPeriod = await list([
      [{ column: 'teacherPublicKey', comparison: 'Equal', operand: teacher.publicKey }],
      [{ column: 'period', comparison: 'Equal', operand: month }],
      [{ column: 'state', comparison: 'Equal', operand: 'paid' }],
    ]);
    expect(byPeriod.json().totalCount).toBe(1);

    const balance = await t.call(c.classroomBalance, { query: { classroomId: built.classroomId, amount: 20 } }, { token: finance.token });
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json()).toMatchObject({ teacherSalaryPerHour: 50, earned: 200, paid: 150, left: 50, proposedAmount: 50, proposedHours: 1, amount: 20, leftAfterAmount: 30 });

    const report = await t.call(c.teacherReport, { query: { teacherPublicKey: teacher.publicKey } }, { token: finance.token });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().sum).toMatchObject({ earned: 200, paid: 150, unpaid: 50, sessionCount: 3, hours: 4 });
    const months = report.json().months as { earned: number; paid: number; unpaid: number }[];
    expect(months.reduce((n, m) => n + m.unpaid, 0)).toBe(50);

    const history = await t.call(c.history, { query: { teacherPublicKey: teacher.publicKey, size: 50 } }, { token: finance.token });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().totalCount).toBe(4);
    expect(history.json().data[0]).toMatchObject({ kind: 'paid', amount: -150, unpaidAfter: 50, settlementId: paid.settlementId });
    expect(history.json().data.slice(1).map((r: { kind: string }) => r.kind)).toEqual(['earned', 'earned', 'earned']);

    // The month of the first session: its sessions held (all three confirmed by the admin), per class.
    const times = pastTimes([1, 2, 1]);
    const hoursMonth = monthIn(times[0]!.start);
    const inMonth = times.map((x, i) => ({ ...x, hours: [1, 2, 1][i]! })).filter((x) => monthIn(x.start) === hoursMonth);
    const hours = await t.call(c.monthlyHours, { query: { teacherPublicKey: teacher.publicKey, month: hoursMonth } }, { token: finance.token });
    expect(hours.statusCode, hours.body).toBe(200);
    const held = inMonth.reduce((n, x) => n + x.hours, 0);
    expect(hours.json()).toMatchObject({ sessionCount: inMonth.length, hours: held, confirmedHours: held });
    expect(hours.json().classes).toEqual([expect.objectContaining({ classroomId: built.classroomId, hours: held })]);
    const badMonth = await t.call(c.monthlyHours, { query: { teacherPublicKey: teacher.publicKey, month: '2025-13' } }, { token: finance.token });
    expectRefused(badMonth, 'FAILED_VALIDATION');
  });
});
