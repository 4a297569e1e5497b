import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { sessionFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../db/schema/index.ts';
import { seedDemoIfEmpty } from './demo.ts';

let t: TestApp;
const tokenOf = async (userName: string) => {
  const [row] = await t.db
    .select()
    .from(users)
    .where(sql`${users.userName} = ${userName}`);
  return sessionFor(t.db, row!);
};
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db);
  // The whole demo is seeded: slow on a busy machine.
}, 240_000);
afterAll(() => t.close());

describe('the surveys demo', () => {
  it('has an open round whose report shows for a teacher with three answers and compares teachers for staff', async () => {
    const leader = (
      await t.call(contract.surveys.report, { query: {} }, { token: await tokenOf('leader') })
    ).json();
    expect(leader.round).toMatchObject({ isOpen: true });
    expect(leader.questions).toHaveLength(4);
    expect(leader.teachers.filter((x: { answerCount: number }) => x.answerCount >= 3).length).toBeGreaterThan(
      0,
    );
    const hannah = (
      await t.call(contract.surveys.report, { query: {} }, { token: await tokenOf('hannah_brooks') })
    ).json();
    expect(hannah).toMatchObject({ hidden: false, answerCount: 3 });
    const teacher = (
      await t.call(contract.surveys.report, { query: {} }, { token: await tokenOf('teacher') })
    ).json();
    expect(teacher).toMatchObject({ hidden: true, answerCount: 2 });
  });

  it('leaves the demo student classes to answer', async () => {
    const mine = (await t.call(contract.surveys.mine, {}, { token: await tokenOf('student') })).json();
    expect(mine.pendingCount).toBeGreaterThan(0);
    expect(mine.items.every((i: { answered: boolean }) => !i.answered)).toBe(true);
  });
});
