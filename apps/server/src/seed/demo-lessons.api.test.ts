import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseTypes, contract } from '@tutoria/shared';
import { specifications } from '../db/schema/index.ts';
import { buildUser, sessionFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoLessons } from './demo-lessons.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.transaction((tx) => seedDemoLessons(tx));
});
afterAll(() => t.close());

describe('demo lessons and courses', () => {
  it('gives every base type an evaluation test that fits its students', async () => {
    const tests = await t.db.select().from(specifications).where(eq(specifications.isEvaluationTest, true));
    expect(tests.map((s) => s.baseType).sort()).toEqual([...baseTypes].sort());
    const token = await sessionFor(t.db, await buildUser(t.db, { role: 'SchedulingAdmin' }));
    for (const baseType of baseTypes) {
      const student = await buildUser(t.db, { role: 'Student', baseType });
      const res = await t.call(
        contract.specifications.evaluationTests,
        { body: { studentsPublicKey: [student.publicKey], baseType } },
        { token },
      );
      expect(res.json(), baseType).toHaveLength(1);
    }
  });

  it('opens the course list on real courses, each with lessons and hours', async () => {
    const token = await sessionFor(t.db, await buildUser(t.db, { role: 'Teacher' }));
    const { data, totalCount } = (await t.call(contract.specifications.list, { body: {} }, { token })).json();
    expect(totalCount).toBeGreaterThanOrEqual(28);
    expect(data[0]).toMatchObject({ title: 'Oxford MAT preparation', isEvaluationTest: false });
    for (const course of data) expect(course.lessons.length).toBeGreaterThan(0);
    const maths = (
      await t.call(
        contract.specifications.list,
        { body: { where: [[{ column: 'title', comparison: 'Equal', operand: 'A-Level Mathematics' }]] } },
        { token },
      )
    ).json();
    expect(maths.data[0]).toMatchObject({ totalHours: 8.5 });
  });
});
