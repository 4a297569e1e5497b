import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { sessionFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../db/schema/index.ts';
import { seedDemoIfEmpty } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db);
});
afterAll(() => t.close());

async function tokenOf(userName: string) {
  const [row] = await t.db
    .select()
    .from(users)
    .where(sql`${users.userName} = ${userName}`);
  return { token: await sessionFor(t.db, row!), publicKey: row!.publicKey };
}

describe('the progress stage demo', () => {
  it('gives the demo student a course plan with held hours and applications at several stages', async () => {
    const student = await tokenOf('student');
    const res = await t.call(contract.progress.mine, {}, { token: student.token });
    expect(res.statusCode, res.body).toBe(200);
    const stage = res.json();
    expect(stage.coursePlan).toHaveLength(3);
    const maths = stage.coursePlan.find((e: { lessonType: string }) => e.lessonType === 'A_LEVEL_Offline');
    expect(maths.actualHours).toBeGreaterThan(0);
    expect(stage.applications.map((a: { status: string }) => a.status).sort()).toEqual([
      'Interview',
      'Offer',
      'Preparing',
    ]);
    // Their consultant reads (and may change) the same plan.
    const consultant = await tokenOf('consultant');
    const read = await t.call(
      contract.progress.studentCoursePlan,
      { body: { publicKey: student.publicKey } },
      { token: consultant.token },
    );
    expect(read.json().coursePlan).toHaveLength(3);
  });
});
