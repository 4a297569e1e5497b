import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reportsEn from '../src/locales/en/centreReports.json';
import reportsZh from '../src/locales/zh/centreReports.json';
import { PHONE, screenshot, signIn, startStack, type Stack } from './harness';
import { readCsv } from './spreadsheet';

/**
 * Exam scores compared between classes and presence per teacher's students (issue 29) in the
 * browser, on the demo centre: the admin opens the exam report from the list of reports, narrows it
 * by exam type (the URL keeps it), exports the table (the CSV holds the table's lines) and sees
 * 'Report generated successfully'; a teacher reads their own students' presence. In English and in
 * Chinese; the exam report at 375 px too.
 */
const texts = { en: reportsEn, zh: reportsZh } as const;
const WAIT = { timeout: 20_000 };
const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
/** The demo's held sessions: the last twelve weeks. */
const period = `from=${day(120 * 86_400_000)}&to=${day(0)}`;
let stack: Stack;
let downloads: string;

beforeAll(async () => {
  stack = await startStack();
  downloads = await mkdtemp(path.join(tmpdir(), 'tutoria-exam-report-'));
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
  const page = await stack.newPage({ viewport });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

describe.each(['en', 'zh'] as const)('the centre exam and presence reports (%s)', (language) => {
  const t = texts[language];

  it('compares classes’ exam scores, filters in the URL, and exports the table', async () => {
    const page = await openAs('admin', language);
    await page.goto('/admin/panel/reports');
    await page.getByTestId('report-list').waitFor(WAIT);
    await page.getByRole('link', { name: t.reports['exam-scores'].title }).click();
    await page.waitForURL(/\/admin\/panel\/reports\/exam-scores/, WAIT);
    await page.goto(`/admin/panel/reports/exam-scores?${period}`);
    const rows = page.getByTestId('exam-scores-table').locator('tbody tr');
    await rows.first().waitFor(WAIT);
    await page.getByTestId('exam-scores-chart').waitFor(WAIT);
    const all = await rows.count();
    expect(all).toBeGreaterThan(1);
    if (language === 'en') await screenshot(page, 'reports-exam-scores');

    // One exam kind: the URL keeps it, the same URL opened afresh shows it.
    await page.getByTestId('exam-scores-type').click();
    await page.getByRole('option', { name: t.examScores.types.TitleExam, exact: true }).click();
    await page.waitForURL(/examType=TitleExam/, WAIT);
    await page.goto(page.url());
    await rows.first().waitFor(WAIT);
    expect(await page.getByTestId('exam-scores-type').inputValue()).toBe(t.examScores.types.TitleExam);
    const shown = await rows.count();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t.export }).click();
    await page.getByRole('menuitem', { name: t.exportCsv }).click();
    const file = await download;
    const saved = path.join(downloads, `${language}-${file.suggestedFilename()}`);
    await file.saveAs(saved);
    await page.getByText(t.exported).first().waitFor(WAIT);
    const csv = readCsv((await readFile(saved)).subarray(3).toString('utf8')).filter((r) => r.some(Boolean));
    expect(csv[0]).toContain(t.examScores.average);
    expect(csv.length - 1).toBe(shown);
    await page.close();
  });

  it('shows a teacher their students’ presence, floored percents', async () => {
    const page = await openAs('teacher', language);
    await page.goto(`/admin/panel/reports/presence?${period}`);
    const rows = page.getByTestId('presence-table').locator('tbody tr');
    await rows.first().waitFor(WAIT);
    await page.getByTestId('presence-chart').waitFor(WAIT);
    const percent = await rows.first().locator('td').last().textContent();
    expect(percent).toMatch(/^\d{1,3}%$/);
    if (language === 'en') await screenshot(page, 'reports-presence');
    await page.close();
  });
});

describe('the exam report on a phone', () => {
  it('shows the classes as cards at 375 px without sideways scrolling', async () => {
    const page = await openAs('admin', 'en', PHONE);
    await page.goto(`/admin/panel/reports/exam-scores?${period}`);
    await page.locator('[data-phone-row]').first().waitFor(WAIT);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });
});
