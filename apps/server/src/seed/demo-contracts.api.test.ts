import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, contractTypes } from '@tutoria/shared';
import { sessionFor } from '../../test/factories.ts';
import { expectLedgerBalanced } from '../../test/finance-factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../db/schema/index.ts';
import { seedDemoIfEmpty } from './demo.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db);
  for (const userName of ['finance', 'consultant', 'kevin_zhou']) {
    const [row] = await t.db.select({ publicKey: users.publicKey }).from(users).where(sql`${users.userName} = ${userName}`);
    tokens[userName] = await sessionFor(t.db, row!);
  }
});
afterAll(() => t.close());

describe('the contracts demo (issue 28)', () => {
  it('has a contract of each type with a payment, a waiting payment and an unpaid contract, from the ledger', async () => {
    const list = await t.call(contract.contracts.list, { body: { page: { index: 1, size: -1 } } }, { token: tokens.finance });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as { contractType: string; paid: number; waiting: number; balance: number; total: number; studentName: string }[];
    for (const type of contractTypes) expect(rows.some((r) => r.contractType === type && r.paid > 0)).toBe(true);
    expect(rows.some((r) => r.waiting > 0)).toBe(true);
    expect(rows.some((r) => r.paid === 0 && r.balance === r.total)).toBe(true);
    const university = rows.find((r) => r.contractType === 'ApplicationForUniversities' && r.paid > 0)!;
    expect(university).toMatchObject({ total: 32000, paid: 15000, waiting: 5000, balance: 17000 });
    // Each consultant sees their own consultees' contracts only.
    const mine = (await t.call(contract.contracts.list, { body: {} }, { token: tokens.consultant })).json().data;
    const kevin = (await t.call(contract.contracts.list, { body: {} }, { token: tokens.kevin_zhou })).json().data;
    expect(mine.length + kevin.length).toBe(rows.length);
    expect(kevin.map((r: { contractType: string }) => r.contractType)).toEqual(['ProjectsOrAcademicConferences']);
    await expectLedgerBalanced(t.db);
  });
});
