import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { createDeposit, creditOf, depositBody, expectLedgerBalanced } from '../../../test/finance-factories.ts';
import { buildClassroom, HOUR, monday, type Person, person, recordSession } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The ledger property of `allocation.api.test.ts`, with transfers (issue 11): for random sequences
 * of deposits, confirmations, reversals, transfers (waiting, confirmed directly or in two steps,
 * reversed) and price changes over two classes of one student, every balance equals the sum of its
 * entries, the ledger sums to zero, a transfer is refused exactly when it exceeds what can be
 * moved, and each class's reserved / formal split equals a from-scratch recomputation.
 */
let t: TestApp;
let finance: Person;
let consultant: Person;
let teacher: Person;
const past = monday(-1) + 9 * HOUR;
const future = monday(1) + 9 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  finance = await person(t, 'FinancialAdmin');
  consultant = await person(t, 'AcademicConsultant');
  teacher = await person(t, 'Teacher');
});
afterAll(() => t.close());

type Side = 0 | 1;
type Step =
  | { kind: 'deposit'; side: Side; cents: number; confirm: boolean }
  | { kind: 'reverseDeposit'; index: number }
  | { kind: 'transfer'; from: Side; cents: number; confirm: 'none' | 'direct' | 'twoStep' }
  | { kind: 'reverseTransfer'; index: number }
  | { kind: 'price'; side: Side; cents: number };
const side = fc.constantFrom<Side>(0, 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), side, cents: fc.integer({ min: 1, max: 40_000 }), confirm: fc.boolean() }),
  fc.record({ kind: fc.constant('reverseDeposit' as const), index: fc.nat(5) }),
  fc.record({
    kind: fc.constant('transfer' as const),
    from: side,
    cents: fc.integer({ min: 1, max: 30_000 }),
    confirm: fc.constantFrom('none' as const, 'direct' as const, 'twoStep' as const),
  }),
  fc.record({ kind: fc.constant('reverseTransfer' as const), index: fc.nat(5) }),
  fc.record({ kind: fc.constant('price' as const), side, cents: fc.integer({ min: 0, max: 20_000 }) }),
);

/** A class of the student: one held 1-hour session last week, then two 1-hour sessions next week. */
async function pricedClass(student: Person) {
  const built = await buildClassroom(t, {
    teacher,
    students: [student],
    times: [
      { start: past, end: past + HOUR },
      { start: future, end: future + HOUR },
      { start: future + 2 * HOUR, end: future + 3 * HOUR },
    ],
  });
  await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });
  return built.classroomId;
}

async function formalFlags(classroomId: string): Promise<boolean[]> {
  const rows = (await t.db.execute(
    sql`select financial_confirmation from classroom_sessions where classroom_id = ${classroomId} order by start_at`,
  )) as unknown as { rows: { financial_confirmation: boolean }[] };
  return rows.rows.map((r) => r.financial_confirmation);
}

describe('property: transfers keep the ledger and both splits right', () => {
  it('balances equal the sums of entries, the ledger sums to zero, refusals are exactly the over-credit ones', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 7 }), async (steps) => {
        const student = await person(t, 'Student', { consultantKey: consultant.publicKey });
        const ids = [await pricedClass(student), await pricedClass(student)] as const;
        // The model, in integer cents.
        const paid = [0, 0];
        const price: (number | null)[] = [null, null];
        const used = (s: Side) => price[s] ?? 0;
        const remaining = (s: Side) => paid[s]! - used(s);
        const deposits: { id: string; side: Side; cents: number }[] = [];
        const waiting: { from: Side; cents: number }[] = [];
        const confirmed: { id: string; from: Side; cents: number }[] = [];
        for (const s of steps) {
          if (s.kind === 'deposit') {
            const id = await createDeposit(t, consultant.token, depositBody(student, ids[s.side], { amount: s.cents / 100 }));
            if (s.confirm) {
              await t.call(contract.deposits.confirm, { body: { depositId: id } }, { token: finance.token });
              deposits.push({ id, side: s.side, cents: s.cents });
              paid[s.side]! += s.cents;
            }
          } else if (s.kind === 'reverseDeposit' && deposits.length) {
            const d = deposits.splice(s.index % deposits.length, 1)[0]!;
            await t.call(contract.deposits.reverse, { body: { depositId: d.id, reason: 'test' } }, { token: finance.token });
            paid[d.side]! -= d.cents;
          } else if (s.kind === 'transfer') {
            const to = (1 - s.from) as Side;
            const waitingOut = waiting.filter((w) => w.from === s.from).reduce((n, w) => n + w.cents, 0);
            const fits = s.cents <= remaining(s.from) - waitingOut;
            const res = await t.call(
              contract.transfers.create,
              { body: { studentPublicKey: student.publicKey, sourceClassroomId: ids[s.from], destinationClassroomId: ids[to], amount: s.cents / 100 } },
              { token: consultant.token },
            );
            expect(res.statusCode, res.body).toBe(fits ? 200 : 400);
            if (!fits) continue;
            const transferId = res.json().transfer.transferId as string;
            if (s.confirm === 'none') {
              waiting.push({ from: s.from, cents: s.cents });
              continue;
            }
            if (s.confirm === 'twoStep') {
              await t.call(contract.transfers.confirmByConsultant, { body: { transferId } }, { token: consultant.token });
            }
            const done = await t.call(
              s.confirm === 'direct' ? contract.transfers.confirm : contract.transfers.confirmByFinancialAdmin,
              { body: { transferId } },
              { token: finance.token },
            );
            expect(done.statusCode, done.body).toBe(200);
            confirmed.push({ id: transferId, from: s.from, cents: s.cents });
            paid[s.from]! -= s.cents;
            paid[to]! += s.cents;
          } else if (s.kind === 'reverseTransfer' && confirmed.length) {
            const x = confirmed.splice(s.index % confirmed.length, 1)[0]!;
            const res = await t.call(contract.transfers.reverse, { body: { transferId: x.id, reason: 'test' } }, { token: finance.token });
            expect(res.statusCode, res.body).toBe(200);
            paid[x.from]! += x.cents;
            paid[1 - x.from]! -= x.cents;
          } else if (s.kind === 'price') {
            const res = await t.call(
              contract.prices.editStudentsCost,
              { body: { classroomId: ids[s.side], students: [{ studentPublicKey: student.publicKey, studentCostPerHour: s.cents / 100, studentDiscountPerHour: 0 }] } },
              { token: consultant.token },
            );
            expect(res.statusCode, res.body).toBe(200);
            price[s.side] = s.cents;
          }
        }
        await expectLedgerBalanced(t.db);
        const balances = (await t.call(contract.deposits.studentBalance, { query: { studentPublicKey: student.publicKey } }, { token: finance.token })).json()
          .balances as { classroomId: string; paid: number; used: number; remaining: number }[];
        for (const s of [0, 1] as const) {
          const b = balances.find((r) => r.classroomId === ids[s])!;
          expect(Math.round(b.paid * 100)).toBe(paid[s]);
          expect(Math.round(b.used * 100)).toBe(used(s));
          expect(Math.round(b.remaining * 100)).toBe(remaining(s));
          expect(await creditOf(t.db, student.publicKey, ids[s])).toBe((remaining(s) / 100).toFixed(2));
          const p = price[s]!;
          expect(await formalFlags(ids[s])).toEqual([1, 2, 3].map((n) => price[s] !== null && n * p <= paid[s]!));
        }
      }),
      { numRuns: 8 },
    );
  });
});
