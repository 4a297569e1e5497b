import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { sessionFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../db/schema/index.ts';
import { seedDemoIfEmpty } from './demo.ts';

/** The demo student's reports show something in every chart and list (issue 10). */
let t: TestApp;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db);
  const [row] = await t.db
    .select({ publicKey: users.publicKey })
    .from(users)
    .where(sql`${users.userName} = 'student'`);
  student = await sessionFor(t.db, row!);
});
afterAll(() => t.close());

const r = contract.reports;

describe('the reports demo', () => {
  it("fills every report of the demo student's panel", async () => {
    const get = async (call: () => ReturnType<TestApp['call']>) => {
      const res = await call();
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const token = { token: student };
    const pending = await get(() => t.call(r.pendingHomeworks, { query: {} }, token));
    expect(pending.homeworks.some((h: { overdue: boolean }) => h.overdue)).toBe(true);
    expect(pending.homeworks.some((h: { overdue: boolean }) => !h.overdue)).toBe(true);
    expect(
      (await get(() => t.call(r.completedHomeworks, { query: {} }, token))).homeworks.length,
    ).toBeGreaterThan(2);
    expect(
      (await get(() => t.call(r.completedHomeworkTimeline, { query: {} }, token))).days.length,
    ).toBeGreaterThan(1);
    const exams = await get(() => t.call(r.studentExamsScore, { query: { examType: 'Total' } }, token));
    expect(exams.exams.length).toBeGreaterThan(1);
    const averages = await get(() => t.call(r.studentAvgExamsScore, { query: {} }, token));
    expect(averages.kinds.filter((k: { count: number }) => k.count > 0).length).toBeGreaterThan(1);
    const teaching = await get(() => t.call(r.lessonNameTeachingProgress, { query: {} }, token));
    expect(teaching.groups.some((g: { percent: number }) => g.percent > 0)).toBe(true);
    const review = await get(() => t.call(r.lessonNameReviewProgress, { query: {} }, token));
    expect(review.groups.some((g: { percent: number }) => g.percent > 0)).toBe(true);
    const tasks = await get(() => t.call(r.studentTasks, { body: {} }, token));
    expect(tasks.homeworks.length).toBeGreaterThan(0);
    expect(tasks.exams.length).toBeGreaterThan(0);
    const classes = await get(() => t.call(r.classroomReportOfStudent, { query: {} }, token));
    expect(classes.classrooms.length).toBeGreaterThan(1);
  });
});
