import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { notifications } from '../../db/schema/index.ts';
import { createDeposit, creditOf, depositBody, expectLedgerBalanced, financeState, setPrice } from '../../../test/finance-factories.ts';
import { buildClassroom, expectRefused, HOUR, monday, type Person, person, recordSession, text } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { classroomsDueForAllocation } from './allocation.repo.ts';

/**
 * Transfers (issue 11; docs/finance.md "Transfers"): create, edit, delete while waiting; the
 * consultant's step then the financial admin's (refused before it), or the general confirm; only a
 * confirmed transfer moves money — one balanced posting, both classes' allocations re-run;
 * reversal by reversing entries; scope (consultant → consultees, teacher and student → none);
 * every refusal leaves the database as it was; concurrent confirmations post once.
 */
let t: TestApp;
let finance: Person;
let consultant: Person;
let otherConsultant: Person;
let teacher: Person;
let student: Person;
let stranger: Person;
let source: string;
let destination: string;
let strangerSource: string;
let strangerDestination: string;
const c = contract.transfers;
const start = monday(1) + 9 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
  otherConsultant = await person(t, 'AcademicConsultant');
  student = await person(t, 'Student', { consultantKey: consultant.publicKey });
  stranger = await person(t, 'Student', { consultantKey: otherConsultant.publicKey });
  const a = await buildClassroom(t, { students: [student], times: [{ start, end: start + HOUR }], name: 'Physics A' });
  const b = await buildClassroom(t, { students: [student], times: [{ start: start + 2 * HOUR, end: start + 3 * HOUR }], name: 'Chemistry B' });
  source = a.classroomId;
  destination = b.classroomId;
  teacher = a.teacher;
  await setPrice(t.db, source, student.publicKey, '100', '0');
  await setPrice(t.db, destination, student.publicKey, '50', '0');
  await fund(student, source, 1000);
  const sa = await buildClassroom(t, { students: [stranger], times: [] });
  const sb = await buildClassroom(t, { students: [stranger], times: [] });
  strangerSource = sa.classroomId;
  strangerDestination = sb.classroomId;
  await fund(stranger, strangerSource, 100);
});
afterAll(() => t.close());

async function fund(who: Person, classroomId: string, amount: number) {
  const depositId = await createDeposit(t, finance.token, depositBody(who, classroomId, { amount }));
  const res = await t.call(contract.deposits.confirm, { body: { depositId } }, { token: finance.token });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every finance table, the transfers too: what a refused call must leave as it was. */
async function state() {
  const rows = (await t.db.execute(sql`select to_jsonb(x)::text as row from transfers x`)) as unknown as { rows: { row: string }[] };
  return { ...(await financeState(t.db)), transfers: rows.rows.map((r) => r.row).sort() };
}

async function refusedWithoutWriting(call: () => ReturnType<TestApp['call']>, code: Parameters<typeof expectRefused>[1], key?: Parameters<typeof expectRefused>[2]) {
  const before = await state();
  const res = await call();
  expectRefused(res, code, key);
  expect(await state()).toEqual(before);
  return res;
}

const body = (extra: Record<string, unknown> = {}) => ({
  studentPublicKey: student.publicKey,
  sourceClassroomId: source,
  destinationClassroomId: destination,
  amount: 100,
  ...extra,
});

async function createTransfer(extra: Record<string, unknown> = {}, token = consultant.token): Promise<string> {
  const res = await t.call(c.create, { body: body(extra) }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().transfer.transferId as string;
}

async function postings(transferId: string): Promise<number> {
  const r = (await t.db.execute(
    sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${`transfer:${transferId}:confirmed`}`,
  )) as unknown as { rows: { n: number }[] };
  return r.rows[0]!.n;
}

const credits = async () => [Number(await creditOf(t.db, student.publicKey, source)), Number(await creditOf(t.db, student.publicKey, destination))];

describe('create', () => {
  it('records a waiting transfer with both classes, teachers and hours, and posts nothing', async () => {
    const before = await expectLedgerBalanced(t.db);
    const res = await t.call(c.create, { body: body({ amount: 150, description: 'Moving to chemistry' }) }, { token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: text('transferSaved') });
    expect(res.json().transfer).toMatchObject({
      amount: 150,
      state: 'waiting',
      isConfirmed: false,
      studentName: student.fullName,
      source: { classroomId: source, classroomName: 'Physics A', teacherName: teacher.fullName },
      destination: { classroomId: destination, classroomName: 'Chemistry B' },
      chargePerHour: 100,
      incomePerHour: 50,
      sourceHours: 1.5,
      destinationHours: 3,
      description: 'Moving to chemistry',
    });
    expect(await expectLedgerBalanced(t.db)).toBe(before);
    await t.call(c.delete, { body: { transferId: res.json().transfer.transferId } }, { token: consultant.token });
  });

  it('takes hours at the charge per hour of the source, rounded half-up', async () => {
    const res = await t.call(c.create, { body: body({ amount: undefined, hours: 1.25, chargePerHour: 80.01 }) }, { token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    // 1.25 × 80.01 = 100.0125 → 100.01
    expect(res.json().transfer).toMatchObject({ amount: 100.01, chargePerHour: 80.01 });
    await t.call(c.delete, { body: { transferId: res.json().transfer.transferId } }, { token: consultant.token });
  });

  it.each([
    ['zero', { amount: 0 }, 'amount'],
    ['negative', { amount: -5 }, 'amount'],
    ['three decimals', { amount: 10.005 }, 'amount'],
    ['neither amount nor hours', { amount: undefined }, 'amount'],
    ['both amount and hours', { hours: 1 }, 'amount'],
    ['the same class twice', { destinationClassroomId: undefined }, 'destinationClassroomId'],
  ])('refuses %s without writing', async (_name, extra, field) => {
    const b = body(extra);
    if (!b.destinationClassroomId) b.destinationClassroomId = source;
    const res = await refusedWithoutWriting(() => t.call(c.create, { body: b }, { token: consultant.token }), 'FAILED_VALIDATION');
    expect(res.json().details[0].field).toBe(field);
  });

  it('refuses more than the unused credit of the source, counting waiting transfers out', async () => {
    const res = await refusedWithoutWriting(() => t.call(c.create, { body: body({ amount: 1000.01 }) }, { token: consultant.token }), 'FAILED_VALIDATION');
    expect(res.json().details[0]).toMatchObject({ field: 'amount', message: text('transferMoreThanCredit', { available: 'CN¥1,000.00' }) });
    const waiting = await createTransfer({ amount: 900 });
    const second = await refusedWithoutWriting(() => t.call(c.create, { body: body({ amount: 200 }) }, { token: consultant.token }), 'FAILED_VALIDATION');
    expect(second.json().details[0].message).toBe(text('transferMoreThanCredit', { available: 'CN¥100.00' }));
    // Hours without a price in the source: refused.
    const unpriced = await buildClassroom(t, { students: [student], times: [] });
    await refusedWithoutWriting(
      () => t.call(c.create, { body: body({ sourceClassroomId: unpriced.classroomId, amount: undefined, hours: 1 }) }, { token: consultant.token }),
      'FAILED_VALIDATION',
    );
    await t.call(c.delete, { body: { transferId: waiting } }, { token: consultant.token });
  });

  it('refuses a destination the student does not sit in', async () => {
    const other = await buildClassroom(t, { times: [] });
    const res = await refusedWithoutWriting(
      () => t.call(c.create, { body: body({ destinationClassroomId: other.classroomId }) }, { token: consultant.token }),
      'FAILED_VALIDATION',
    );
    expect(res.json().details[0]).toMatchObject({ field: 'destinationClassroomId', message: text('transferStudentNotInClass') });
  });

  it("answers 404 for another consultant's student; refuses a teacher and a student", async () => {
    const strangerBody = { studentPublicKey: stranger.publicKey, sourceClassroomId: strangerSource, destinationClassroomId: strangerDestination, amount: 10 };
    await refusedWithoutWriting(() => t.call(c.create, { body: strangerBody }, { token: consultant.token }), 'FETCH_DATA_FAILED');
    for (const who of [teacher, student]) {
      await refusedWithoutWriting(() => t.call(c.create, { body: body() }, { token: who.token }), 'ACCESS_DENIED');
    }
  });
});

describe('confirmation', () => {
  it('moves the credit once: the consultant, then the financial admin (refused before the consultant)', async () => {
    const transferId = await createTransfer({ amount: 200 });
    const [fromBefore, toBefore] = await credits();
    await refusedWithoutWriting(
      () => t.call(c.confirmByFinancialAdmin, { body: { transferId } }, { token: finance.token }),
      'UPDATE_FAILED',
      'transferNeedsConsultantFirst',
    );
    const first = await t.call(c.confirmByConsultant, { body: { transferId, message: 'Asked by the parent' } }, { token: consultant.token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: text('transferConfirmationRecorded'),
      transfer: { state: 'waiting', consultantConfirmation: { message: 'Asked by the parent', byName: consultant.fullName } },
    });
    expect(await postings(transferId)).toBe(0);
    await refusedWithoutWriting(() => t.call(c.confirmByConsultant, { body: { transferId } }, { token: consultant.token }), 'UPDATE_FAILED', 'transferAlreadyConfirmedBy');
    const second = await t.call(c.confirmByFinancialAdmin, { body: { transferId, message: 'Checked' } }, { token: finance.token });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      message: text('transferConfirmed'),
      transfer: { state: 'confirmed', isConfirmed: true, financialAdminConfirmation: { message: 'Checked' }, confirmation: { byName: finance.fullName } },
    });
    expect(await credits()).toEqual([fromBefore! - 200, toBefore! + 200]);
    expect(await postings(transferId)).toBe(1);
    await expectLedgerBalanced(t.db);
    await refusedWithoutWriting(() => t.call(c.confirm, { body: { transferId } }, { token: finance.token }), 'UPDATE_FAILED', 'transferAlreadyConfirmed');
    await refusedWithoutWriting(() => t.call(c.confirmByFinancialAdmin, { body: { transferId } }, { token: finance.token }), 'UPDATE_FAILED', 'transferAlreadyConfirmed');
    // The balances say where the money is: paid moved with it; the destination's session is now covered.
    const balance = await t.call(c.classroomBalance, { query: { studentPublicKey: student.publicKey } }, { token: consultant.token });
    expect(balance.statusCode, balance.body).toBe(200);
    const to = balance.json().balances.find((b: { classroomId: string }) => b.classroomId === destination);
    expect(to).toMatchObject({ paid: toBefore! + 200, remaining: toBefore! + 200, reservedSessions: 0, movable: toBefore! + 200 });
    const flags = (await t.db.execute(sql`select financial_confirmation as f from classroom_sessions where classroom_id = ${destination}`)) as unknown as {
      rows: { f: boolean }[];
    };
    expect(flags.rows.map((r) => r.f)).toEqual([true]);
  });

  it('the general confirm moves it at once; edit and delete of a confirmed one are refused; reverse puts it back', async () => {
    const transferId = await createTransfer({ amount: 50 });
    const [fromBefore, toBefore] = await credits();
    const res = await t.call(c.confirm, { body: { transferId } }, { token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await credits()).toEqual([fromBefore! - 50, toBefore! + 50]);
    await refusedWithoutWriting(() => t.call(c.edit, { body: { transferId, ...body({ amount: 60 }) } }, { token: consultant.token }), 'UPDATE_FAILED', 'transferIsConfirmed');
    await refusedWithoutWriting(() => t.call(c.delete, { body: { transferId } }, { token: finance.token }), 'DELETE_FAILED', 'transferIsConfirmed');
    await refusedWithoutWriting(() => t.call(c.reverse, { body: { transferId, reason: 'x' } }, { token: consultant.token }), 'ACCESS_DENIED');
    const reversed = await t.call(c.reverse, { body: { transferId, reason: 'Parent changed their mind' } }, { token: finance.token });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().transfer).toMatchObject({ state: 'reversed', isConfirmed: false, reversal: { reason: 'Parent changed their mind' } });
    expect(await credits()).toEqual([fromBefore, toBefore]);
    await expectLedgerBalanced(t.db);
    await refusedWithoutWriting(() => t.call(c.reverse, { body: { transferId, reason: 'again' } }, { token: finance.token }), 'UPDATE_FAILED', 'transferAlreadyReversed');
    await refusedWithoutWriting(() => t.call(c.confirm, { body: { transferId } }, { token: finance.token }), 'UPDATE_FAILED', 'transferAlreadyReversed');
  });

  it('refuses to confirm more than the credit left when it is confirmed, writing nothing', async () => {
    const poor = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const held = monday(-1) + 9 * HOUR;
    const a = await buildClassroom(t, { students: [poor], times: [{ start: held, end: held + HOUR }] });
    const b = await buildClassroom(t, { students: [poor], times: [] });
    await fund(poor, a.classroomId, 80);
    const res = await t.call(c.create, { body: { studentPublicKey: poor.publicKey, sourceClassroomId: a.classroomId, destinationClassroomId: b.classroomId, amount: 80 } }, { token: consultant.token });
    expect(res.statusCode, res.body).toBe(200);
    const transferId = res.json().transfer.transferId as string;
    // Meanwhile a session was held at a price not yet charged: the confirm charges it first, and 50 is left.
    await recordSession(t.db, a.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });
    await setPrice(t.db, a.classroomId, poor.publicKey, '30');
    const refused = await refusedWithoutWriting(() => t.call(c.confirm, { body: { transferId } }, { token: finance.token }), 'UPDATE_FAILED');
    expect(refused.json().message).toBe(text('transferMoreThanCredit', { available: '50.00' }));
  });

  it('edits and deletes a waiting transfer (the steps taken are cleared); the audit trail says who did what', async () => {
    const transferId = await createTransfer({ amount: 70 });
    await t.call(c.confirmByConsultant, { body: { transferId } }, { token: consultant.token });
    const edited = await t.call(c.edit, { body: { transferId, ...body({ amount: 75 }) } }, { token: consultant.token });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().transfer).toMatchObject({ amount: 75, consultantConfirmation: null });
    expect((await t.call(c.delete, { body: { transferId } }, { token: consultant.token })).statusCode).toBe(200);
    const audit = (await t.db.execute(sql`select action from audit_log where entity = 'transfer' and entity_id = ${transferId} order by at, action`)) as unknown as {
      rows: { action: string }[];
    };
    expect(audit.rows.map((r) => r.action).sort()).toEqual(['transfer.confirm.consultant', 'transfer.created', 'transfer.deleted', 'transfer.edited']);
    await refusedWithoutWriting(() => t.call(c.delete, { body: { transferId } }, { token: consultant.token }), 'FETCH_DATA_FAILED');
  });

  it("answers 404 to a consultant acting on another consultant's transfer", async () => {
    const res = await t.call(
      c.create,
      { body: { studentPublicKey: stranger.publicKey, sourceClassroomId: strangerSource, destinationClassroomId: strangerDestination, amount: 10 } },
      { token: otherConsultant.token },
    );
    const transferId = res.json().transfer.transferId as string;
    for (const call of [
      () => t.call(c.confirmByConsultant, { body: { transferId } }, { token: consultant.token }),
      () => t.call(c.edit, { body: { transferId, studentPublicKey: stranger.publicKey, sourceClassroomId: strangerSource, destinationClassroomId: strangerDestination, amount: 5 } }, { token: consultant.token }),
      () => t.call(c.delete, { body: { transferId } }, { token: consultant.token }),
      () => t.call(c.classroomBalance, { query: { studentPublicKey: stranger.publicKey } }, { token: consultant.token }),
    ]) {
      await refusedWithoutWriting(call, 'FETCH_DATA_FAILED');
    }
    await refusedWithoutWriting(() => t.call(c.confirmByConsultant, { body: { transferId } }, { token: finance.token }), 'ACCESS_DENIED');
    await refusedWithoutWriting(() => t.call(c.confirmByFinancialAdmin, { body: { transferId } }, { token: consultant.token }), 'ACCESS_DENIED');
    await refusedWithoutWriting(() => t.call(c.confirm, { body: { transferId } }, { token: consultant.token }), 'ACCESS_DENIED');
  });
});

describe('concurrency', () => {
  it('20 simultaneous confirmations post once', async () => {
    const transferId = await createTransfer({ amount: 10 });
    await t.call(c.confirmByConsultant, { body: { transferId } }, { token: consultant.token });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? t.call(c.confirm, { body: { transferId } }, { token: finance.token }) : t.call(c.confirmByFinancialAdmin, { body: { transferId } }, { token: finance.token }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.json().code === 'UPDATE_FAILED')).toHaveLength(19);
    expect(await postings(transferId)).toBe(1);
    await expectLedgerBalanced(t.db);
  });

  it('the consultant and the financial admin at the same moment: one confirmed transfer, posted once', async () => {
    const transferId = await createTransfer({ amount: 10 });
    const [fromBefore, toBefore] = await credits();
    const [a, b] = await Promise.all([
      t.call(c.confirmByConsultant, { body: { transferId, message: 'c' } }, { token: consultant.token }),
      t.call(c.confirmByFinancialAdmin, { body: { transferId, message: 'f' } }, { token: finance.token }),
    ]);
    expect(a!.statusCode, a!.body).toBe(200);
    // The financial admin's step queued behind the consultant's lock, or came first and was refused (nothing written).
    if (b!.statusCode !== 200) {
      expectRefused(b!, 'UPDATE_FAILED', 'transferNeedsConsultantFirst');
      expect(await postings(transferId)).toBe(0);
      expect((await t.call(c.confirmByFinancialAdmin, { body: { transferId, message: 'f' } }, { token: finance.token })).statusCode).toBe(200);
    }
    const list = await t.call(c.list, { query: { index: 1, size: -1, studentName: student.fullName } }, { token: finance.token });
    const row = list.json().data.find((x: { transferId: string }) => x.transferId === transferId);
    expect(row).toMatchObject({ state: 'confirmed', consultantConfirmation: { message: 'c' }, financialAdminConfirmation: { message: 'f' } });
    expect(await postings(transferId)).toBe(1);
    expect(await credits()).toEqual([fromBefore! - 10, toBefore! + 10]);
    await expectLedgerBalanced(t.db);
  });
});

describe('races', () => {
  it("a transfer's confirmation and a deposit's reversal on the same class leave credit and allocation consistent", async () => {
    const racer = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const hours = (from: number) => [0, 1, 2].map((n) => ({ start: from + n * 2 * HOUR, end: from + n * 2 * HOUR + HOUR }));
    const x = (await buildClassroom(t, { students: [racer], times: hours(monday(2) + 9 * HOUR) })).classroomId;
    const y = (await buildClassroom(t, { students: [racer], times: hours(monday(3) + 9 * HOUR) })).classroomId;
    await setPrice(t.db, x, racer.publicKey, '100', '0');
    await setPrice(t.db, y, racer.publicKey, '50', '0');
    const first = await createDeposit(t, finance.token, depositBody(racer, x, { amount: 300 }));
    const second = await createDeposit(t, finance.token, depositBody(racer, x, { amount: 200 }));
    for (const depositId of [first, second]) await t.call(contract.deposits.confirm, { body: { depositId } }, { token: finance.token });
    const transferId = await createTransfer({ studentPublicKey: racer.publicKey, sourceClassroomId: x, destinationClassroomId: y, amount: 250 });

    const [confirmed, reversed] = await Promise.all([
      t.call(c.confirm, { body: { transferId } }, { token: finance.token }),
      t.call(contract.deposits.reverse, { body: { depositId: first, reason: 'bounced' } }, { token: finance.token }),
    ]);
    // Whichever came second saw the first's result under the class's lock; at least one went through.
    expect([confirmed!.statusCode, reversed!.statusCode]).toContain(200);
    const paidIn = 200 + (reversed!.statusCode === 200 ? 0 : 300);
    const moved = confirmed!.statusCode === 200 ? 250 : 0;
    const left = [Number(await creditOf(t.db, racer.publicKey, x)), Number(await creditOf(t.db, racer.publicKey, y))];
    expect(left).toEqual([paidIn - moved, moved]);
    // Both classes' reserved / formal split is what the ledger now says: nothing left to fix.
    expect(await classroomsDueForAllocation(t.db)).not.toContain(x);
    expect(await classroomsDueForAllocation(t.db)).not.toContain(y);
    await expectLedgerBalanced(t.db);
  });
});

describe('events', () => {
  it('a confirmed transfer tells the student and their consultant after commit, not the one who confirmed it', async () => {
    const transferId = await createTransfer({ amount: 5 });
    while ((await t.events.drain()) > 0);
    const since = (await t.db.select().from(notifications)).length;
    expect((await t.call(c.confirm, { body: { transferId } }, { token: finance.token })).statusCode).toBe(200);
    while ((await t.events.drain()) > 0);
    const made = (await t.db.select().from(notifications).orderBy(notifications.seq).offset(since)).map((r) => ({
      userKey: r.userKey,
      key: r.messageKey,
      params: r.params,
    }));
    const params = { classroom: 'Physics A → Chemistry B' };
    const byUser = (a: { userKey: string }, b: { userKey: string }) => a.userKey.localeCompare(b.userKey);
    expect(made.filter((m) => m.key === 'finance.transferConfirmed').sort(byUser)).toEqual(
      [
        { userKey: student.publicKey, key: 'finance.transferConfirmed', params },
        { userKey: consultant.publicKey, key: 'finance.transferConfirmed', params },
      ].sort(byUser),
    );
  });
});

describe('reading', () => {
  it('lists in scope, filtered and ordered as SPEC §7 asks', async () => {
    const mine = await t.call(c.list, { query: { index: 1, size: 100 } }, { token: consultant.token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.length).toBeGreaterThan(0);
    expect(mine.json().data.map((x: { studentPublicKey: string }) => x.studentPublicKey)).not.toContain(stranger.publicKey);
    const all = await t.call(c.list, { query: { index: 1, size: 100 } }, { token: finance.token });
    expect(all.json().totalCount).toBeGreaterThan(mine.json().totalCount);
    const confirmed = await t.call(c.list, { query: { index: 1, size: 100, isConfirmed: true } }, { token: finance.token });
    expect(confirmed.json().data.every((x: { isConfirmed: boolean }) => x.isConfirmed)).toBe(true);
    // A class name matches either side.
    const byDestination = await t.call(c.list, { query: { index: 1, size: 100, classroomName: 'chemistry' } }, { token: finance.token });
    type Row = { source: { classroomName: string }; destination: { classroomName: string } };
    const chemistry = byDestination.json().data as Row[];
    expect(chemistry.length).toBeGreaterThan(0);
    expect(chemistry.every((x) => `${x.source.classroomName} ${x.destination.classroomName}`.includes('Chemistry'))).toBe(true);
    const oldest = await t.call(c.list, { query: { index: 1, size: 100, shouldOrderByDescending: false } }, { token: consultant.token });
    const times = oldest.json().data.map((x: { createMoment: number }) => x.createMoment);
    expect(times).toEqual([...times].sort((p: number, q: number) => p - q));
    const page = await t.call(c.list, { query: { index: 2, size: 1 } }, { token: consultant.token });
    expect(page.json()).toMatchObject({ totalCount: mine.json().totalCount });
    expect(page.json().data).toHaveLength(1);
    for (const who of [teacher, student]) expectRefused(await t.call(c.list, { query: {} }, { token: who.token }), 'ACCESS_DENIED');
    expectRefused(await t.call(c.classroomBalance, { query: { studentPublicKey: student.publicKey } }, { token: teacher.token }), 'ACCESS_DENIED');
  });
});
