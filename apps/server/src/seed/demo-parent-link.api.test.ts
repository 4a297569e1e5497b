import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type ParentReport } from '@tutoria/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoIfEmpty } from './demo.ts';

let t: TestApp;
let seeded: Awaited<ReturnType<typeof seedDemoIfEmpty>>;
beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedDemoIfEmpty(t.db, { parentLinkDays: 14 });
});
afterAll(() => t.close());

describe('the demo parent report link', () => {
  it('opens without sign-in on the demo student’s latest held session, with homework, an exam and progress', async () => {
    const path = seeded ? seeded.parentReportPath : null;
    expect(path).toMatch(/^\/parent\/report\/[A-Za-z0-9_-]{43}$/);
    const reportId = path!.split('/').at(-1)!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/${contract.sessionReports.parentReport.path}?reportId=${reportId}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ParentReport;
    expect(body.report.presence?.isPresent).toBe(true);
    expect(body.report.homeworks.length).toBeGreaterThan(0);
    expect(body.report.exams.length).toBeGreaterThan(0);
    expect(body.report.progress.some((p) => p.teachedHereInHour !== null)).toBe(true);
    expect(body.report.start * 1000).toBeLessThan(Date.now());
  });
});
