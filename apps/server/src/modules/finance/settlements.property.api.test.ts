import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { expectLedgerBalanced } from '../../../test/finance-factories.ts';
import { buildClassroom, HOUR, monday, type Person, person } from '../../../test/scheduling-factories.ts';
import { allocate, guideOf, holdAndConfirm, now, sessionsPaidTwice, setSalary, setSessionState, sumOf } from '../../../test/settlement-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The settlements' property (issue 28): for random sequences of sessions held and confirmed (or
 * sent back), teacher salary changes, settlements made, paid, reversed and other payments, over two
 * teachers, the ledger agrees with a from-scratch model in integer cents — earned, paid and unpaid
 * per teacher, unpaid = earned − paid, the guide's amount — no session is ever paid twice, a payment
 * is refused exactly when its sessions' earnings changed, and the ledger sums to zero.
 */
let t: TestApp;
let finance: Person;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
});
afterAll(() => t.close());

/** Each teacher's class: four sessions of these lengths (minutes) last month. */
const MINUTES = [60, 90, 50, 120] as const;

type Who = 0 | 1;
type Step =
  | { kind: 'hold'; who: Who; session: number }
  | { kind: 'revert'; who: Who; session: number }
  | { kind: 'salary'; who: Who; cents: number }
  | { kind: 'pay'; who: Who; waiting: boolean }
  | { kind: 'payWaiting'; index: number }
  | { kind: 'reverse'; index: number }
  | { kind: 'other'; who: Who; cents: number };
const who = fc.constantFrom<Who>(0, 1);
const session = fc.nat(MINUTES.length - 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('hold' as const), who, session }), weight: 3 },
  fc.record({ kind: fc.constant('revert' as const), who, session }),
  fc.record({ kind: fc.constant('salary' as const), who, cents: fc.constantFrom(3000, 4550, 6001, 7333) }),
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), who, waiting: fc.boolean() }), weight: 2 },
  fc.record({ kind: fc.constant('payWaiting' as const), index: fc.nat(3) }),
  fc.record({ kind: fc.constant('reverse' as const), index: fc.nat(3) }),
  fc.record({ kind: fc.constant('other' as const), who, cents: fc.integer({ min: 1, max: 50_000 }) }),
);

/** round(minutes / 60 × rate, 2), half-up, in cents: the one rounding rule. */
const earningCents = (minutes: number, rateCents: number) => Math.floor((minutes * rateCents * 2 + 60) / 120);

interface ModelSettlement {
  id: string;
  who: Who;
  sessions: Map<number, number>;
  state: 'waiting' | 'paid' | 'reversed';
}

describe('property: settlements keep earned, paid and unpaid right', () => {
  it('the ledger agrees with the model; unpaid = earned − paid; no session paid twice; the ledger sums to zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const start = monday(-5) + 9 * HOUR;
        const times = MINUTES.map((m, i) => ({ start: start + i * 86400, end: start + i * 86400 + m * 60 }));
        const teachers = [await person(t, 'Teacher'), await person(t, 'Teacher')] as const;
        const classes = [await buildClassroom(t, { teacher: teachers[0], times }), await buildClassroom(t, { teacher: teachers[1], times })] as const;
        // The model, in integer cents.
        const rate = [5000, 5000];
        const confirmed = [new Set<number>(), new Set<number>()];
        const settlements: ModelSettlement[] = [];
        let other = [0, 0];
        for (const w of [0, 1] as const) await setSalary(t, finance.token, classes[w].classroomId, 50);
        const live = (w: Who, s: number) => settlements.find((x) => x.who === w && x.state !== 'reversed' && x.sessions.has(s));
        const computed = (w: Who, s: number) => (confirmed[w]!.has(s) ? earningCents(MINUTES[s]!, rate[w]!) : 0);
        const expected = (w: Who, s: number) => {
          const covering = live(w, s);
          return covering?.state === 'paid' ? covering.sessions.get(s)! : computed(w, s);
        };
        const proposed = (w: Who) => MINUTES.map((_, s) => s).filter((s) => !live(w, s) && computed(w, s) > 0);

        for (const s of steps) {
          if (s.kind === 'hold' || s.kind === 'revert') {
            const id = classes[s.who].sessionIds[s.session]!;
            if (s.kind === 'hold') await holdAndConfirm(t.db, id);
            else await setSessionState(t.db, id, { confirmation: 'noConfirmation' });
            await allocate(t, finance.token, classes[s.who].classroomId);
            if (s.kind === 'hold') confirmed[s.who]!.add(s.session);
            else confirmed[s.who]!.delete(s.session);
          } else if (s.kind === 'salary') {
            await setSalary(t, finance.token, classes[s.who].classroomId, s.cents / 100);
            rate[s.who] = s.cents;
          } else if (s.kind === 'pay') {
            const lines = proposed(s.who);
            const res = await t.call(
              contract.settlements.create,
              { body: { type: 'TeachingSalary', teacherPublicKey: teachers[s.who].publicKey, toTime: now(), pay: !s.waiting } },
              { token: finance.token },
            );
            expect(res.statusCode, res.body).toBe(lines.length ? 200 : 400);
            if (!lines.length) continue;
            const made = res.json().settlement as { settlementId: string; amount: number };
            const sessions = new Map(lines.map((x) => [x, computed(s.who, x)]));
            expect(Math.round(made.amount * 100)).toBe([...sessions.values()].reduce((n, v) => n + v, 0));
            settlements.push({ id: made.settlementId, who: s.who, sessions, state: s.waiting ? 'waiting' : 'paid' });
          } else if (s.kind === 'payWaiting') {
            const waiting = settlements.filter((x) => x.state === 'waiting');
            if (!waiting.length) continue;
            const x = waiting[s.index % waiting.length]!;
            const still = [...x.sessions].every(([k, cents]) => computed(x.who, k) === cents);
            const res = await t.call(contract.settlements.pay, { body: { settlementId: x.id } }, { token: finance.token });
            expect(res.statusCode, res.body).toBe(still ? 200 : 400);
            if (still) x.state = 'paid';
          } else if (s.kind === 'reverse') {
            const paid = settlements.filter((x) => x.state === 'paid');
            if (!paid.length) continue;
            const x = paid[s.index % paid.length]!;
            const res = await t.call(contract.settlements.reverse, { body: { settlementId: x.id, reason: 'test' } }, { token: finance.token });
            expect(res.statusCode, res.body).toBe(200);
            x.state = 'reversed';
          } else {
            const res = await t.call(
              contract.settlements.create,
              { body: { type: 'OtherPayments', teacherPublicKey: teachers[s.who].publicKey, toTime: now(), amount: s.cents / 100, pay: true } },
              { token: finance.token },
            );
            expect(res.statusCode, res.body).toBe(200);
            other = other.map((v, i) => (i === s.who ? v + s.cents : v));
          }
        }

        for (const w of [0, 1] as const) {
          const earned = MINUTES.reduce((n, _, k) => n + expected(w, k), 0);
          const paid = settlements.filter((x) => x.who === w && x.state === 'paid').reduce((n, x) => n + [...x.sessions.values()].reduce((a, b) => a + b, 0), 0);
          const sum = await sumOf(t, finance.token, teachers[w]);
          const cents = (v: number) => Math.round(v * 100);
          expect([cents(sum.earned), cents(sum.paid), cents(sum.unpaid), cents(sum.otherPayments)]).toEqual([earned, paid, earned - paid, other[w]]);
          const guide = await guideOf(t, finance.token, teachers[w]);
          expect(cents(guide.amount)).toBe(proposed(w).reduce((n, k) => n + computed(w, k), 0));
        }
        expect(await sessionsPaidTwice(t.db)).toBe(0);
        await expectLedgerBalanced(t.db);
      }),
      { numRuns: 20 },
    );
  });
});
