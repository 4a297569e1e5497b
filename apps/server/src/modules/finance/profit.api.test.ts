import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Role } from '@tutoria/shared';
import { expectLedgerBalanced, setPrice } from '../../../test/finance-factories.ts';
import { expectRefused, type Person, person, text } from '../../../test/scheduling-factories.ts';
import { allocate, holdAndConfirm, now, pastTimes, setSalary } from '../../../test/settlement-factories.ts';
import { buildClassroom } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Profit per class and per academic consultant (issue 28; docs/finance.md "Profit"): figures from
 * the ledger dated by posting, checked against a worked example by hand — a corrected (reversed)
 * charge, an other payment, a side cost — the consultants' parts adding up to the class's figures,
 * and the classes adding up to the financial report's revenue.
 */
let t: TestApp;
let finance: Person;
let admin: Person;
const c = contract.profit;

// The period: the last 60 days up to today (the test centre's zone is UTC).
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const period = { from: day(now() - 60 * 86400), to: day(now()) };

let cora: Person;
let carl: Person;
let a: Person;
let b: Person;
let cStudent: Person;
let classroomId: string;
let className: string;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  admin = await person(t, 'Admin');
  cora = await person(t, 'AcademicConsultant', { fullName: 'Cora Consultant' });
  carl = await person(t, 'AcademicConsultant', { fullName: 'Carl Consultant' });
  a = await person(t, 'Student', { consultantKey: cora.publicKey });
  b = await person(t, 'Student', { consultantKey: cora.publicKey });
  cStudent = await person(t, 'Student', { consultantKey: carl.publicKey });
  const teacher = await person(t, 'Teacher');
  className = `Profit ${Math.random().toString(36).slice(2, 7)}`;
  // Two sessions of 1 h and 1.5 h, held and confirmed by the admin; the teacher earns 60/h: 60 + 90.
  const built = await buildClassroom(t, { teacher, students: [a, b, cStudent], times: pastTimes([1, 1.5]), name: className });
  classroomId = built.classroomId;
  for (const id of built.sessionIds) await holdAndConfirm(t.db, id);
  // A 100/h; B 100/h less 20/h; C 90/h, then 80/h: C's charges are reversed and charged again.
  await setPrice(t.db, classroomId, a.publicKey, '100');
  await setPrice(t.db, classroomId, b.publicKey, '100', '20');
  await setPrice(t.db, classroomId, cStudent.publicKey, '90');
  await setSalary(t, finance.token, classroomId, 60);
  await setPrice(t.db, classroomId, cStudent.publicKey, '80');
  await allocate(t, finance.token, classroomId);
  // Books for A, 30.50 (a side cost: revenue, and the same amount borne by the centre).
  const side = await t.call(
    contract.sideCosts.upsert,
    { body: { classroomId, studentPublicKey: a.publicKey, sideCosts: [{ title: 'Books', amount: 30.5 }] } },
    { token: admin.token },
  );
  expect(side.statusCode, side.body).toBe(200);
  // An other payment of 25.00 to the teacher for this class, paid now.
  const other = await t.call(
    contract.settlements.create,
    { body: { type: 'OtherPayments', teacherPublicKey: teacher.publicKey, classroomId, toTime: now(), amount: 25, description: 'Travel', pay: true } },
    { token: finance.token },
  );
  expect(other.statusCode, other.body).toBe(200);
});
afterAll(() => t.close());

async function classesPage(token: string, body: Record<string, unknown> = {}) {
  return t.call(c.classes, { body: { ...period, where: [[{ column: 'classroomName', comparison: 'Equal', operand: className }]], ...body } }, { token });
}

async function consultants(token: string, query = period) {
  return t.call(c.consultants, { query }, { token });
}

async function shareState() {
  const result = (await t.db.execute(sql`select (select count(*) from consultant_shares)::int as shares,
    (select count(*) from audit_log)::int as audits`)) as unknown as { rows: { shares: number; audits: number }[] };
  return result.rows[0]!;
}

describe('profit per class', () => {
  it('revenue = sessions at net price (after the correction) + side costs; teacher pay = earnings + other payments; margin', async () => {
    const res = await classesPage(finance.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totalCount).toBe(1);
    // Sessions: 100 + 80 + 80 = 260 and 150 + 120 + 120 = 390 → 650; side costs 30.50 → revenue 680.50.
    // Teacher pay: 60 + 90 earned + 25 other = 175. Margin = 680.50 − 175 − 30.50 = 475.00 (69.80 %).
    expect(res.json().data[0]).toMatchObject({
      classroomId,
      classroomName: className,
      sessionCount: 2,
      sessionRevenue: 650,
      sideCosts: 30.5,
      revenue: 680.5,
      teacherPay: 175,
      otherPayments: 25,
      sideCostsBorne: 30.5,
      margin: 475,
      marginPercent: 69.8,
    });
    // The corrected charge is in the ledger as a reversal, not an edit.
    const reversed = (await t.db.execute(sql`select count(*)::int as n from ledger_transactions
      where kind = 'charge.reversed' and session_id in (select session_id from classroom_sessions where classroom_id = ${classroomId})`)) as unknown as { rows: { n: number }[] };
    expect(reversed.rows[0]!.n).toBe(2);
    await expectLedgerBalanced(t.db);
  });

  it('the admin reads it too; sorted by margin (least first by default), filtered by teacher and lesson type; a period without it is empty', async () => {
    const loser = await buildClassroom(t, { times: pastTimes([1]), name: `${className} loser` });
    await holdAndConfirm(t.db, loser.sessionIds[0]!);
    await setPrice(t.db, loser.classroomId, loser.students[0]!.publicKey, '10');
    await setSalary(t, finance.token, loser.classroomId, 50);
    const search = [[{ column: 'classroomName', comparison: 'Contains', operand: className }]];
    const res = await classesPage(admin.token, { where: search });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { classroomId: string; margin: number }) => [r.classroomId, r.margin])).toEqual([
      [loser.classroomId, -40],
      [classroomId, 475],
    ]);
    const desc = await classesPage(admin.token, { where: search, order: [{ column: 'margin', descending: true }] });
    expect(desc.json().data[0].classroomId).toBe(classroomId);
    const byTeacher = await classesPage(admin.token, {
      where: [...search, [{ column: 'teacherPublicKey', comparison: 'Equal', operand: loser.teacher.publicKey }]],
    });
    expect(byTeacher.json().data.map((r: { classroomId: string }) => r.classroomId)).toEqual([loser.classroomId]);
    const byType = await classesPage(admin.token, { where: [...search, [{ column: 'lessonType', comparison: 'Equal', operand: 'IELTS_Online' }]] });
    expect(byType.json()).toEqual({ data: [], totalCount: 0 });
    const paged = await classesPage(admin.token, { where: search, page: { index: 2, size: 1 } });
    expect(paged.json()).toMatchObject({ totalCount: 2, data: [{ classroomId }] });
    const earlier = await classesPage(admin.token, { from: '2020-01-01', to: '2020-12-31' });
    expect(earlier.json()).toEqual({ data: [], totalCount: 0 });
  });

  it('the sessions behind the figure', async () => {
    const res = await t.call(c.classSessions, { query: { classroomId, ...period } }, { token: finance.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((s: { hours: number; revenue: number; teacherPay: number; margin: number }) => [s.hours, s.revenue, s.teacherPay, s.margin])).toEqual([
      [1, 260, 60, 200],
      [1.5, 390, 90, 300],
    ]);
  });
});

describe('academic consultant profit', () => {
  it("attributes each student's revenue and their part of the teacher pay to their consultant; the parts add up to the class", async () => {
    const set = await t.call(c.setShare, { body: { consultantPublicKey: cora.publicKey, percent: 20 } }, { token: finance.token });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ isSuccess: true, percent: 20, message: text('consultantShareSet', { name: cora.fullName, percent: 20 }) });

    const res = await consultants(finance.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.defaultPercent).toBe(10);
    const of = (who: Person) => body.data.find((d: { consultantPublicKey: string }) => d.consultantPublicKey === who.publicKey);
    // Teacher pay 175.00 = 17,500 cents over the class's session revenue 650 by each student's:
    // A 250 → 6,730.77, B 200 → 5,384.62, C 200 → 5,384.62; floors 6,730 + 5,384 + 5,384 = 17,498,
    // the 2 cents left go to the largest fractions: A (.77), then B or C (.62, a tie: the smaller key).
    const bFirst = b.publicKey < cStudent.publicKey;
    const [bPay, cPay] = bFirst ? [53.85, 53.84] : [53.84, 53.85];
    const coraPay = Math.round((67.31 + bPay) * 100) / 100;
    const coraMargin = Math.round((450 - coraPay) * 100) / 100;
    const carlMargin = Math.round((200 - cPay) * 100) / 100;
    expect(of(cora)).toEqual({
      consultantPublicKey: cora.publicKey,
      consultantName: cora.fullName,
      sessionRevenue: 450,
      sideCosts: 30.5,
      revenue: 480.5,
      teacherPay: coraPay,
      sideCostsBorne: 30.5,
      margin: coraMargin,
      percent: 20,
      percentSet: true,
      // 20 % of 328.84 or 328.85: 65.77 either way
      share: 65.77,
    });
    expect(of(carl)).toMatchObject({ revenue: 200, teacherPay: cPay, margin: carlMargin, percent: 10, percentSet: false, share: 14.62 });
    // The classes behind each figure come from their own call.
    const coraClasses = await t.call(c.consultantClasses, { query: { consultantPublicKey: cora.publicKey, ...period } }, { token: finance.token });
    expect(coraClasses.statusCode, coraClasses.body).toBe(200);
    expect(coraClasses.json().data).toEqual([
      { classroomId, classroomName: className, studentCount: 2, sessionRevenue: 450, sideCosts: 30.5, revenue: 480.5, teacherPay: coraPay,
        sideCostsBorne: 30.5, margin: coraMargin },
    ]);
    const carlClasses = await t.call(c.consultantClasses, { query: { consultantPublicKey: carl.publicKey, ...period } }, { token: admin.token });
    expect(carlClasses.json().data).toMatchObject([{ classroomId, studentCount: 1, revenue: 200, teacherPay: cPay, margin: carlMargin }]);
    // The parts add up to the class's figures exactly.
    const whole = (await classesPage(finance.token)).json().data[0];
    expect(Math.round((of(cora).revenue + of(carl).revenue) * 100)).toBe(Math.round(whole.revenue * 100));
    expect(Math.round((of(cora).teacherPay + of(carl).teacherPay) * 100)).toBe(Math.round(whole.teacherPay * 100));
    expect(Math.round((of(cora).margin + of(carl).margin) * 100)).toBe(Math.round(whole.margin * 100));
    // The totals are the consultants' sums.
    const sum = (k: 'revenue' | 'share') => Math.round(body.data.reduce((s: number, d: Record<string, number>) => s + d[k]!, 0) * 100);
    expect(Math.round(body.total.revenue * 100)).toBe(sum('revenue'));
    expect(Math.round(body.total.share * 100)).toBe(sum('share'));
    // A period before anything was posted: zeros, every active consultant still answered.
    const earlier = await consultants(finance.token, { from: '2020-01-01', to: '2020-12-31' });
    expect(earlier.json().data.find((d: { consultantPublicKey: string }) => d.consultantPublicKey === cora.publicKey)).toMatchObject({ revenue: 0, teacherPay: 0, share: 0 });
    const none = await t.call(c.consultantClasses, { query: { consultantPublicKey: cora.publicKey, from: '2020-01-01', to: '2020-12-31' } }, { token: finance.token });
    expect(none.json()).toEqual({ data: [] });
  });

  it("the classes' revenue adds up to the financial report's sessions consumed + side costs charged of the same period", async () => {
    const all = await t.call(c.classes, { body: { ...period, page: { index: 1, size: -1 } } }, { token: finance.token });
    expect(all.statusCode, all.body).toBe(200);
    const report = await t.call(contract.financialReport.report, { query: period }, { token: finance.token });
    expect(report.statusCode, report.body).toBe(200);
    const cents = (n: number) => Math.round(n * 100);
    const rows = all.json().data as { sessionRevenue: number; sideCosts: number }[];
    expect(rows.reduce((s, r) => s + cents(r.sessionRevenue), 0)).toBe(cents(report.json().revenue.sessions));
    expect(rows.reduce((s, r) => s + cents(r.sideCosts), 0)).toBe(cents(report.json().revenue.sideCosts));
  });

  it('the classes behind a consultant: a person who is not a consultant, a bad key or period are refused', async () => {
    for (const language of ['en', 'zh'] as const) {
      const res = await t.call(c.consultantClasses, { query: { consultantPublicKey: a.publicKey, ...period } }, { token: finance.token, language });
      expectRefused(res, 'FAILED_VALIDATION');
      expect(res.json().details[0]).toMatchObject({ field: 'consultantPublicKey', message: text('profitNotConsultant', {}, language) });
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectRefused(await t.call(c.consultantClasses, { query: { consultantPublicKey: unknown, ...period } }, { token: finance.token }), 'FAILED_VALIDATION');
    expectRefused(await t.call(c.consultantClasses, { query: { consultantPublicKey: 'nope', ...period } }, { token: finance.token }), 'FAILED_VALIDATION');
    const backwards = { consultantPublicKey: cora.publicKey, from: period.to, to: period.from };
    expectRefused(await t.call(c.consultantClasses, { query: backwards }, { token: finance.token }), 'FAILED_VALIDATION');
    expectRefused(await t.call(c.consultantClasses, { query: { consultantPublicKey: cora.publicKey, from: '2026-02-30', to: period.to } }, { token: finance.token }), 'FAILED_VALIDATION');
  });

  it('a share is set with its audit row; a percent out of range, not a consultant, a backwards period are refused with nothing written', async () => {
    const before = await shareState();
    const again = await t.call(c.setShare, { body: { consultantPublicKey: carl.publicKey, percent: 12.5 } }, { token: admin.token, language: 'zh' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(text('consultantShareSet', { name: carl.fullName, percent: 12.5 }, 'zh'));
    expect(await shareState()).toEqual({ shares: before.shares + 1, audits: before.audits + 1 });
    const audit = (await t.db.execute(sql`select action, after from audit_log where entity_id = ${carl.publicKey} order by at desc limit 1`)) as unknown as {
      rows: { action: string; after: unknown }[];
    };
    expect(audit.rows[0]).toEqual({ action: 'profit.consultantShare', after: { percent: '12.50' } });

    const unchanged = await shareState();
    for (const [body, key] of [
      [{ consultantPublicKey: carl.publicKey, percent: 101 }, 'profitPercentRange'],
      [{ consultantPublicKey: carl.publicKey, percent: -1 }, 'profitPercentRange'],
      [{ consultantPublicKey: carl.publicKey, percent: 1.234 }, null],
      [{ consultantPublicKey: a.publicKey, percent: 5 }, 'profitNotConsultant'],
    ] as const) {
      for (const language of ['en', 'zh'] as const) {
        const res = await t.call(c.setShare, { body }, { token: finance.token, language });
        expectRefused(res, 'FAILED_VALIDATION');
        const detail = res.json().details[0];
        expect(detail.field).toBe(key === 'profitNotConsultant' ? 'consultantPublicKey' : 'percent');
        if (key) expect(detail.message).toBe(text(key, {}, language));
      }
    }
    const backwards = await consultants(finance.token, { from: period.to, to: period.from });
    expectRefused(backwards, 'FAILED_VALIDATION');
    expect(JSON.stringify(backwards.json())).toContain(text('profitPeriodOrder'));
    expectRefused(await classesPage(finance.token, { from: '2026-02-30' }), 'FAILED_VALIDATION');
    expectRefused(await classesPage(finance.token, { order: [{ column: 'teacherPublicKey', descending: false }] }), 'INVALID_QUERY');
    expectRefused(await t.call(c.classSessions, { query: { classroomId, from: period.to, to: period.from } }, { token: finance.token }), 'FAILED_VALIDATION');
    expect(await shareState()).toEqual(unchanged);
  });
});

describe('access: the financial admin and the admin only (teacher pay is theirs alone)', () => {
  it.each(['AcademicConsultant', 'Teacher', 'SchedulingAdmin', 'TeamLeader', 'Student', 'AssistantTeacher'] as Role[])('%s is refused everything', async (role) => {
    const who = await person(t, role);
    const before = await shareState();
    expectRefused(await classesPage(who.token), 'ACCESS_DENIED');
    expectRefused(await consultants(who.token), 'ACCESS_DENIED');
    expectRefused(await t.call(c.classSessions, { query: { classroomId, ...period } }, { token: who.token }), 'ACCESS_DENIED');
    expectRefused(await t.call(c.consultantClasses, { query: { consultantPublicKey: cora.publicKey, ...period } }, { token: who.token }), 'ACCESS_DENIED');
    expectRefused(await t.call(c.setShare, { body: { consultantPublicKey: cora.publicKey, percent: 50 } }, { token: who.token }), 'ACCESS_DENIED');
    expect(await shareState()).toEqual(before);
  });
});
