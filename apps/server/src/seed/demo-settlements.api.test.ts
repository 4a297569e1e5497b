import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { sessionFor } from '../../test/factories.ts';
import { expectLedgerBalanced } from '../../test/finance-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../db/schema/index.ts';
import { seedDemoIfEmpty } from './demo.ts';

let t: TestApp;
let finance: string;
let teacher: { publicKey: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db);
  const login = async (userName: string) => {
    const [row] = await t.db.select({ publicKey: users.publicKey }).from(users).where(sql`${users.userName} = ${userName}`);
    return { publicKey: row!.publicKey, token: await sessionFor(t.db, row!) };
  };
  finance = (await login('finance')).token;
  teacher = await login('teacher');
});
afterAll(() => t.close());

describe('the teacher settlements demo', () => {
  it('has earnings in the ledger, one paid settlement and unpaid earnings left, so every screen shows figures', async () => {
    const list = await t.call(contract.settlements.list, { body: {} }, { token: finance });
    expect(list.statusCode, list.body).toBe(200);
    // The demo teacher's one paid settlement; the grown centre's (issue 29) pay four other teachers month by month.
    const own = list.json().data.filter((x: { teacherPublicKey: string }) => x.teacherPublicKey === teacher.publicKey);
    expect(own).toEqual([expect.objectContaining({ state: 'paid', type: 'TeachingSalary' })]);
    expect(list.json().data.length).toBeGreaterThan(4);
    const sum = await t.call(contract.settlements.teacherSum, { query: { teacherPublicKey: teacher.publicKey } }, { token: finance });
    expect(sum.json().paid).toBe(own[0].amount);
    expect(sum.json().unpaid).toBeGreaterThan(0);
    expect(sum.json().unpaid).toBeCloseTo(sum.json().earned - sum.json().paid, 2);
    const guide = await t.call(
      contract.settlements.guide,
      { query: { teacherPublicKey: teacher.publicKey, toTime: Math.floor(Date.now() / 1000) } },
      { token: finance },
    );
    expect(guide.json().amount).toBe(sum.json().unpaid);
    const all = await t.call(contract.settlements.groupGuide, { body: { toTime: Math.floor(Date.now() / 1000) } }, { token: finance });
    expect(all.json().teachers.length).toBeGreaterThan(1);
    const mine = await t.call(contract.settlements.myEarnings, { query: {} }, { token: teacher.token });
    expect(mine.json().sum).toMatchObject({ paid: sum.json().paid, unpaid: sum.json().unpaid });
    await expectLedgerBalanced(t.db);
  });

  it('is already allocated, earnings too: fixing every classroom changes nothing', async () => {
    const res = await t.call(contract.deposits.fixConfirmationForAll, {}, { token: finance });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().classrooms).toEqual([]);
  });
});
