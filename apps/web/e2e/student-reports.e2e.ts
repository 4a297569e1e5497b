import type { Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../src/locales/en/common.json';
import reportsEn from '../src/locales/en/reports.json';
import usersEn from '../src/locales/en/users.json';
import commonZh from '../src/locales/zh/common.json';
import reportsZh from '../src/locales/zh/reports.json';
import usersZh from '../src/locales/zh/users.json';
import { screenshot, signIn, startStack, type Stack } from './harness';

/**
 * The student's to-dos and reports end to end (issue 10): the demo student lands on their tasks,
 * opens their report and sees every chart drawn (in English and in Chinese); staff open the same
 * report of a student from the users table's row menu.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const texts = {
  en: { common: commonEn, reports: reportsEn, users: usersEn },
  zh: { common: commonZh, reports: reportsZh, users: usersZh },
} as const;
const WAIT = { timeout: 20_000 };
const charts = ['report-timeline', 'report-scores', 'report-averages', 'report-progress'] as const;

async function openAs(userName: string, language: Language): Promise<Page> {
  const page = await stack.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

/** Every chart card holds a drawn chart (each drawn once scrolled to), and the homework lists hold lines. */
async function expectReportDrawn(page: Page) {
  for (const id of charts) {
    await page.getByTestId(id).scrollIntoViewIfNeeded();
    await page.getByTestId(id).locator('.recharts-surface').first().waitFor(WAIT);
  }
  await expect
    .poll(() => page.getByTestId('report-pending').getByTestId('homework-line').count(), WAIT)
    .toBeGreaterThan(0);
  await expect
    .poll(() => page.getByTestId('report-completed').getByTestId('homework-line').count(), WAIT)
    .toBeGreaterThan(0);
}

describe.each(['en', 'zh'] as const)('student reports (%s)', (language) => {
  const t = texts[language];

  it('the student lands on their tasks, then reads their report with its charts', async () => {
    const page = await openAs('student', language);
    await page.waitForURL('**/panel/tasks', WAIT);
    await page.getByRole('heading', { name: t.reports.tasks.homework }).waitFor(WAIT);
    await expect.poll(() => page.getByTestId('task').count(), WAIT).toBeGreaterThan(0);
    // The overdue come first.
    await expect
      .poll(() => page.getByTestId('task').first().getByText(t.reports.overdue).count(), WAIT)
      .toBe(1);
    await expect.poll(() => page.getByTestId('task-exam').count(), WAIT).toBeGreaterThan(0);

    await page.getByRole('main').getByRole('link', { name: t.common.nav.reports }).click();
    await page.waitForURL('**/panel/reports', WAIT);
    await page.getByRole('heading', { name: t.common.titles.panelReports }).waitFor(WAIT);
    await expectReportDrawn(page);
    await screenshot(page, language === 'en' ? 'student-reports' : 'student-reports-zh');
  });
});

describe.each(['en', 'zh'] as const)('staff (%s)', (language) => {
  it("open a student's report from the users table", async () => {
    const t = texts[language];
    const page = await openAs('consultant', language);
    await page.goto('/admin/panel/users');
    await page
      .getByRole('button', { name: t.users.actions.menu.replace('{{name}}', 'Lucas Huang') })
      .click(WAIT);
    await page.getByRole('menuitem', { name: t.users.actions.report }).click();
    await page.waitForURL('**/admin/panel/users/report/**', WAIT);
    await page.getByRole('heading', { name: t.reports.of.replace('{{name}}', 'Lucas Huang') }).waitFor(WAIT);
    await expectReportDrawn(page);
    await expect
      .poll(() => page.getByTestId('report-classes').getByRole('row').count(), WAIT)
      .toBeGreaterThan(2);
    await page.context().close();
  });
});
