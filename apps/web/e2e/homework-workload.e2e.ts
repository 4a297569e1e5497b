import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../src/locales/en/common.json';
import reportsEn from '../src/locales/en/centreReports.json';
import commonZh from '../src/locales/zh/common.json';
import reportsZh from '../src/locales/zh/centreReports.json';
import { PHONE, screenshot, signIn, startStack, type Stack } from './harness';

/**
 * Homework completion and teacher workload (issue 29) in the browser on the demo centre: the admin
 * opens each from the list of reports, narrows homework to a class through the table (the URL
 * keeps it), exports the table as CSV ('Report generated successfully'); the workload in Chinese;
 * the homework report at 375 px without sideways scrolling.
 */
const texts = {
  en: { common: commonEn, r: reportsEn },
  zh: { common: commonZh, r: reportsZh },
} as const;
const WAIT = { timeout: 20_000 };
let stack: Stack;
let downloads: string;

beforeAll(async () => {
  stack = await startStack();
  downloads = await mkdtemp(path.join(tmpdir(), 'tutoria-homework-'));
});
afterAll(async () => {
  await stack?.stop();
  if (downloads) await rm(downloads, { recursive: true, force: true });
});

async function openAs(
  userName: string,
  language: Language,
  viewport = { width: 1440, height: 900 },
): Promise<Page> {
  const page = await stack.newPage({ viewport, acceptDownloads: true });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

/** The last year up to today: the demo's held sessions and their homework. */
const lastYear = () => {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return `from=${day(Date.now() - 364 * 86_400_000)}&to=${day(Date.now())}`;
};

describe('the homework-completion report', () => {
  it('shows completion per teacher and class, narrows to a class in the URL, and exports the table', async () => {
    const t = texts.en;
    const page = await openAs('admin', 'en');
    await page.getByRole('link', { name: t.common.titles.adminReports }).first().click();
    await page.getByTestId('report-list').waitFor(WAIT);
    await page.getByRole('link', { name: t.r.reports.homework.title }).click();
    await page.waitForURL(/\/admin\/panel\/reports\/homework/, WAIT);
    await page.goto(`/admin/panel/reports/homework?${lastYear()}`);
    const classes = page.getByTestId('homework-classes');
    await classes.waitFor(WAIT);
    await page.getByTestId('homework-chart').waitFor(WAIT);
    expect(await page.getByTestId('homework-total').textContent()).toMatch(
      /\d+ of \d+ done · \d+ overdue · completion \d+%/,
    );
    await screenshot(page, 'reports-homework');

    const rows = await classes.locator('tbody tr').count();
    expect(rows).toBeGreaterThan(0);
    const name = (await classes.locator('tbody tr').first().locator('td').first().textContent())!.trim();
    await classes.getByRole('link', { name, exact: true }).first().click();
    await page.waitForURL(/[?&]class=/, WAIT);
    await expect.poll(() => classes.locator('tbody tr').count(), WAIT).toBe(1);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t.r.export }).click();
    await page.getByRole('menuitem', { name: t.r.exportCsv }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^homework-completion-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const saved = path.join(downloads, file.suggestedFilename());
    await file.saveAs(saved);
    const lines = (await readFile(saved, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r\n/);
    expect(lines[0]).toContain(t.r.homework.assigned);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(name);
    await page.getByText(t.r.exported).first().waitFor(WAIT);
    await page.close();
  });

  it('fits a phone (375 px): the classes as cards, no sideways scrolling', async () => {
    const page = await openAs('admin', 'en', PHONE);
    await page.goto(`/admin/panel/reports/homework?${lastYear()}`);
    await page.getByTestId('homework-total').waitFor(WAIT);
    await page.getByText(reportsEn.homework.perClass).waitFor(WAIT);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'reports-homework-phone');
    await page.close();
  });
});

describe('the teacher-workload report in Chinese', () => {
  it('shows held and booked hours per teacher and week, and a chart', async () => {
    const t = texts.zh;
    const page = await openAs('admin', 'zh');
    await page.goto('/admin/panel/reports');
    await page.getByRole('link', { name: t.r.reports.workload.title }).click();
    await page.waitForURL(/\/admin\/panel\/reports\/workload/, WAIT);
    const teachers = page.getByTestId('workload-teachers');
    await teachers.waitFor(WAIT);
    await page.getByTestId('workload-chart').waitFor(WAIT);
    expect(await teachers.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByRole('columnheader', { name: t.r.workload.booked }).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('workload-total').textContent()).toMatch(/已排.*已上/);
    await page.getByRole('button', { name: t.r.print }).waitFor(WAIT);
    await screenshot(page, 'reports-workload-zh');
    await page.close();
  });
});
