import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { createDeposit, creditOf, depositBody, expectLedgerBalanced, financeState } from '../../../test/finance-factories.ts';
import {
  buildClassroom,
  expectRefused,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
  text,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { classroomsDueForAllocation } from './allocation.repo.ts';

/**
 * Prices, charges of held sessions and the reserved / formal split (issue 11; DESIGN §7): a held
 * session is charged through the ledger at hours × net price (rounded half-up per session); a
 * price change re-charges by reversal; a session is formal when every student's paid credit covers
 * it in start order; fix reservation is idempotent. Every step keeps the ledger balanced.
 */
let t: TestApp;
let finance: Person;
let consultant: Person;
let teacher: Person;
const c = contract.deposits;
const past = monday(-1) + 9 * HOUR;
const future = monday(1) + 9 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
  teacher = await person(t, 'Teacher');
});
afterAll(() => t.close());

/** A class of the given students: one held 1-hour session last week, then two 1-hour sessions next week. */
async function pricedClass(students: Person[]) {
  const built = await buildClassroom(t, {
    teacher,
    students,
    times: [
      { start: past, end: past + HOUR },
      { start: future, end: future + HOUR },
      { start: future + 2 * HOUR, end: future + 3 * HOUR },
    ],
  });
  await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });
  return built;
}

async function formalFlags(classroomId: string): Promise<boolean[]> {
  const rows = (await t.db.execute(
    sql`select financial_confirmation from classroom_sessions where classroom_id = ${classroomId} order by start_at`,
  )) as unknown as { rows: { financial_confirmation: boolean }[] };
  return rows.rows.map((r) => r.financial_confirmation);
}

const setCost = (token: string, classroomId: string, students: { key: string; cost: number; discount?: number }[]) =>
  t.call(
    contract.prices.editStudentsCost,
    {
      body: {
        classroomId,
        students: students.map((s) => ({ studentPublicKey: s.key, studentCostPerHour: s.cost, studentDiscountPerHour: s.discount ?? 0 })),
      },
    },
    { token },
  );

async function usedOf(studentKey: string, classroomId: string): Promise<string> {
  const r = (await t.db.execute(sql`select coalesce(sum(e.amount), 0)::text as used from ledger_entries e
    join ledger_transactions x on x.transaction_id = e.transaction_id
    where e.account = 'student_credit' and x.kind like 'charge.%' and e.student_key = ${studentKey} and e.classroom_id = ${classroomId}`)) as unknown as {
    rows: { used: string }[];
  };
  return r.rows[0]!.used;
}

describe('charges and reservation', () => {
  it('a price charges the held session; deposits turn sessions formal in start order; reversal undoes it', async () => {
    const student = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const built = await pricedClass([student]);
    const id = built.classroomId;
    const res = await setCost(consultant.token, id, [{ key: student.publicKey, cost: 100, discount: 10 }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().balances[0]).toMatchObject({ paid: 0, used: 90, remaining: -90, costPerHour: 100, discountPerHour: 10, reservedSessions: 3 });
    expect(await formalFlags(id)).toEqual([false, false, false]);
    const charges = await t.call(c.classroomCharges, { query: { classroomId: id } }, { token: finance.token });
    expect(charges.json().warning).toBe(text('financeNotEnough'));

    const depositId = await createDeposit(t, consultant.token, depositBody(student, id, { amount: 200 }));
    expect((await t.call(c.confirm, { body: { depositId } }, { token: finance.token })).statusCode).toBe(200);
    // 90 + 90 ≤ 200 < 270: the held one and the next are formal, the last stays reserved.
    expect(await formalFlags(id)).toEqual([true, true, false]);
    const balance = await t.call(c.studentBalance, { query: { studentPublicKey: student.publicKey } }, { token: consultant.token });
    expect(balance.json().balances[0]).toMatchObject({ paid: 200, used: 90, remaining: 110, balanceInHour: 1.22, reservedSessions: 1 });

    // A price change re-charges the held session: the old charge is reversed, the new one posted.
    expect((await setCost(consultant.token, id, [{ key: student.publicKey, cost: 100 }])).statusCode).toBe(200);
    expect(await usedOf(student.publicKey, id)).toBe('100.00');
    expect(await formalFlags(id)).toEqual([true, true, false]);
    await expectLedgerBalanced(t.db);

    // Fix reservation is idempotent: nothing changes the second time.
    const fixed = await t.call(c.fixConfirmation, { body: { classroomId: id } }, { token: finance.token });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().classrooms).toEqual([]);

    await t.call(c.reverse, { body: { depositId, reason: 'bounced' } }, { token: finance.token });
    expect(await formalFlags(id)).toEqual([false, false, false]);
    expect(await creditOf(t.db, student.publicKey, id)).toBe('-100.00');
    await expectLedgerBalanced(t.db);
  });

  it('a group session is formal only when every student is covered; each student sees their own coverage', async () => {
    const payer = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const other = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const built = await pricedClass([payer, other]);
    const id = built.classroomId;
    await setCost(consultant.token, id, [
      { key: payer.publicKey, cost: 50 },
      { key: other.publicKey, cost: 50 },
    ]);
    const depositId = await createDeposit(t, consultant.token, depositBody(payer, id, { amount: 150 }));
    await t.call(c.confirm, { body: { depositId } }, { token: finance.token });
    expect(await formalFlags(id)).toEqual([false, false, false]);
    const own = await t.call(c.ownBalance, {}, { token: payer.token });
    expect(own.json().balances[0]).toMatchObject({ paid: 150, used: 50, reservedSessions: 0 });
    const charges = await t.call(c.classroomCharges, { query: { classroomId: id } }, { token: consultant.token });
    expect(charges.json().students.map((s: { reservedSessions: number }) => s.reservedSessions).sort()).toEqual([0, 3]);
  });

  it('a cancelled session leaves the allocation through the outbox subscriber, and the next one is covered', async () => {
    const student = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const built = await pricedClass([student]);
    const id = built.classroomId;
    await setCost(consultant.token, id, [{ key: student.publicKey, cost: 60 }]);
    const depositId = await createDeposit(t, consultant.token, depositBody(student, id, { amount: 120 }));
    await t.call(c.confirm, { body: { depositId } }, { token: finance.token });
    expect(await formalFlags(id)).toEqual([true, true, false]);
    const scheduler = await person(t, 'SchedulingAdmin');
    const cancelled = await t.call(contract.classes.cancelSession, { body: { sessionId: built.sessionIds[1]! } }, { token: scheduler.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.events.drain();
    // The cancelled one keeps its flag (cancelled sessions are not allocated); the last is now covered.
    const rows = (await t.db.execute(
      sql`select state, financial_confirmation from classroom_sessions where classroom_id = ${id} order by start_at`,
    )) as unknown as { rows: { state: string; financial_confirmation: boolean }[] };
    expect(rows.rows.filter((r) => r.state !== 'canceled').map((r) => r.financial_confirmation)).toEqual([true, true]);
  });

  it('rounds each session half-up to two decimals, in one place', async () => {
    const student = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const built = await buildClassroom(t, { teacher, students: [student], times: [{ start: past + 3 * HOUR, end: past + 3 * HOUR + 45 * 60 }] });
    await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });
    // 0.75 h × 10.01 = 7.5075 → 7.51
    await setCost(consultant.token, built.classroomId, [{ key: student.publicKey, cost: 10.01 }]);
    expect(await usedOf(student.publicKey, built.classroomId)).toBe('7.51');
  });

  it('fix for all classrooms runs every classroom and then finds nothing to change', async () => {
    const first = await t.call(c.fixConfirmationForAll, {}, { token: finance.token });
    expect(first.statusCode, first.body).toBe(200);
    const second = await t.call(c.fixConfirmationForAll, {}, { token: finance.token });
    expect(second.json().classrooms).toEqual([]);
    await expectLedgerBalanced(t.db);
  });

  it("fix for all runs exactly the classrooms its set-based check finds due, and they are then in line", async () => {
    await t.call(c.fixConfirmationForAll, {}, { token: finance.token });
    expect(await classroomsDueForAllocation(t.db)).toEqual([]);
    const [a, b] = [
      await person(t, 'Student', { consultantKey: consultant.publicKey }),
      await person(t, 'Student', { consultantKey: consultant.publicKey }),
    ];
    const flagged = await pricedClass([a]);
    const unchargedClass = await pricedClass([b]);
    await setCost(consultant.token, flagged.classroomId, [{ key: a.publicKey, cost: 10 }]);
    await setCost(consultant.token, unchargedClass.classroomId, [{ key: b.publicKey, cost: 10 }]);
    expect(await classroomsDueForAllocation(t.db)).toEqual([]);
    // Behind the product's back: a reserved session flagged formal by hand, a session held without its charge.
    await t.db.execute(sql`update classroom_sessions set financial_confirmation = true where session_id = ${flagged.sessionIds[2]!}`);
    await recordSession(t.db, unchargedClass.sessionIds[1]!, { confirmation: 'confirmedByAdmin' });
    const due = [flagged.classroomId, unchargedClass.classroomId].sort();
    expect(await classroomsDueForAllocation(t.db)).toEqual(due);

    const fixed = await t.call(c.fixConfirmationForAll, {}, { token: finance.token });
    expect(fixed.json().classrooms.map((r: { classroomId: string }) => r.classroomId).sort()).toEqual(due);
    expect(await formalFlags(flagged.classroomId)).toEqual([false, false, false]);
    expect(await usedOf(b.publicKey, unchargedClass.classroomId)).toBe('20.00');
    expect(await classroomsDueForAllocation(t.db)).toEqual([]);
    await expectLedgerBalanced(t.db);
  });
});

describe('price refusals', () => {
  it("refuses another consultant's student, a discount above the cost, a teacher — writing nothing", async () => {
    const mine = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const theirs = await person(t, 'Student');
    const built = await pricedClass([mine, theirs]);
    const id = built.classroomId;
    const refused = async (res: Promise<Awaited<ReturnType<TestApp['call']>>>, code: Parameters<typeof expectRefused>[1]) => {
      const before = await financeState(t.db);
      expectRefused(await res, code);
      expect(await financeState(t.db)).toEqual(before);
    };
    await refused(setCost(consultant.token, id, [{ key: theirs.publicKey, cost: 10 }]), 'FAILED_VALIDATION');
    await refused(setCost(consultant.token, id, [{ key: mine.publicKey, cost: 10, discount: 11 }]), 'FAILED_VALIDATION');
    await refused(setCost(consultant.token, id, [{ key: mine.publicKey, cost: 10.123 }]), 'FAILED_VALIDATION');
    await refused(setCost(teacher.token, id, [{ key: mine.publicKey, cost: 10 }]), 'ACCESS_DENIED');
    const outsider = await person(t, 'AcademicConsultant');
    await refused(setCost(outsider.token, id, [{ key: mine.publicKey, cost: 10 }]), 'FETCH_DATA_FAILED');
  });
});

describe('property: any sequence keeps the ledger and the split right', () => {
  type Step =
    | { kind: 'deposit'; cents: number; confirm: boolean }
    | { kind: 'reverse'; index: number }
    | { kind: 'price'; cents: number }
    | { kind: 'fix' }
    | { kind: 'cancel'; index: 1 | 2 };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('deposit' as const), cents: fc.integer({ min: 1, max: 40_000 }), confirm: fc.boolean() }),
    fc.record({ kind: fc.constant('reverse' as const), index: fc.nat(5) }),
    fc.record({ kind: fc.constant('price' as const), cents: fc.integer({ min: 0, max: 20_000 }) }),
    fc.record({ kind: fc.constant('fix' as const) }),
    fc.record({ kind: fc.constant('cancel' as const), index: fc.constantFrom(1 as const, 2 as const) }),
  );

  it('balances equal the sums of entries, the ledger sums to zero, the split equals a recomputation', async () => {
    const scheduler = await person(t, 'SchedulingAdmin');
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const student = await person(t, 'Student', { consultantKey: consultant.publicKey });
        const built = await pricedClass([student]);
        const id = built.classroomId;
        const confirmed: string[] = [];
        const cancelled = new Set<number>();
        let priceCents: number | null = null;
        let paidCents = 0;
        const amounts = new Map<string, number>();
        for (const s of steps) {
          if (s.kind === 'deposit') {
            const depositId = await createDeposit(t, consultant.token, depositBody(student, id, { amount: s.cents / 100 }));
            amounts.set(depositId, s.cents);
            if (s.confirm) {
              await t.call(c.confirm, { body: { depositId } }, { token: finance.token });
              confirmed.push(depositId);
              paidCents += s.cents;
            }
          } else if (s.kind === 'reverse' && confirmed.length) {
            const depositId = confirmed.splice(s.index % confirmed.length, 1)[0]!;
            await t.call(c.reverse, { body: { depositId, reason: 'test' } }, { token: finance.token });
            paidCents -= amounts.get(depositId)!;
          } else if (s.kind === 'price') {
            await setCost(consultant.token, id, [{ key: student.publicKey, cost: s.cents / 100 }]);
            priceCents = s.cents;
          } else if (s.kind === 'fix') {
            await t.call(c.fixConfirmation, { body: { classroomId: id } }, { token: finance.token });
          } else if (s.kind === 'cancel' && !cancelled.has(s.index)) {
            // A session change: scheduling cancels a coming session; the outbox re-runs the allocation.
            const res = await t.call(contract.classes.cancelSession, { body: { sessionId: built.sessionIds[s.index]! } }, { token: scheduler.token });
            expect(res.statusCode, res.body).toBe(200);
            await t.events.drain();
            cancelled.add(s.index);
          }
        }
        await expectLedgerBalanced(t.db);
        const balance = (await t.call(c.studentBalance, { query: { studentPublicKey: student.publicKey } }, { token: finance.token })).json().balances[0];
        // From scratch, in integer cents: three 1-hour sessions, the first held.
        const used = priceCents ?? 0;
        expect(Math.round(balance.paid * 100)).toBe(paidCents);
        expect(Math.round(balance.used * 100)).toBe(used);
        expect(Math.round(balance.remaining * 100)).toBe(paidCents - used);
        expect(await creditOf(t.db, student.publicKey, id)).toBe(((paidCents - used) / 100).toFixed(2));
        // The live sessions in start order: the n-th is formal when n sessions' prices fit in what was paid.
        const live = [0, 1, 2].filter((i) => !cancelled.has(i));
        const flags = await formalFlags(id);
        expect(live.map((i) => flags[i])).toEqual(live.map((_, n) => priceCents !== null && (n + 1) * priceCents <= paidCents));
        // Every command allocated in its own transaction: the set-based check finds nothing here.
        expect(await classroomsDueForAllocation(t.db)).not.toContain(id);
      }),
      { numRuns: 8 },
    );
  });
});
