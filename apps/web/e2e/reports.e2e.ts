import type { Language } from '@tutoria/shared';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../src/locales/en/common.json';
import reportsEn from '../src/locales/en/centreReports.json';
import commonZh from '../src/locales/zh/common.json';
import reportsZh from '../src/locales/zh/centreReports.json';
import { PHONE, screenshot, signIn, startStack, type Stack } from './harness';
import { readCsv, readSheet } from './spreadsheet';

/**
 * The centre's reports (issue 29) in the browser: the admin opens the reports from the sidebar,
 * picks the teaching-hours report and drills down year → month → level → lesson type → the
 * sessions behind the figure, each step a link that changes the URL, each step's total the figure
 * it was opened from. In English and in Chinese; on a phone too.
 */
const texts = {
  en: { common: commonEn, r: reportsEn },
  zh: { common: commonZh, r: reportsZh },
} as const;
const WAIT = { timeout: 20_000 };
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
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

/** The hours and sessions columns of a figure row ("4.5", "3"). */
async function rowFigures(page: Page, row: number) {
  const cells = page.getByTestId('teaching-hours-table').locator('tbody tr').nth(row).locator('td');
  const count = await cells.count();
  return {
    hours: (await cells.nth(count - 2).textContent())!.trim(),
    sessions: (await cells.nth(count - 1).textContent())!.trim(),
  };
}

/** Waits for a step of the drill-down to be on screen (not the one before it, still fading out). */
const atStep = (page: Page, step: 'year' | 'month' | 'level' | 'sessions') =>
  page.locator(`[data-testid="teaching-hours-step"][data-step="${step}"]`).waitFor(WAIT);

/** Opens the first row of the table that links further down; answers its figures. */
async function drillDown(page: Page) {
  const links = page.getByTestId('teaching-hours-table').locator('tbody tr');
  const rows = await links.count();
  for (let i = 0; i < rows; i++) {
    const link = links.nth(i).getByRole('link');
    if (await link.count()) {
      const figures = await rowFigures(page, i);
      const before = page.url();
      await link.first().click();
      await page.waitForURL((url) => url.toString() !== before, WAIT);
      return figures;
    }
  }
  throw new Error('No row to open');
}

/** Exports the step through the page's menu; answers the saved file's name and bytes. */
async function exportReport(page: Page, language: Language, format: 'xlsx' | 'csv') {
  const r = texts[language].r;
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: r.export }).click();
  await page.getByRole('menuitem', { name: format === 'xlsx' ? r.exportXlsx : r.exportCsv }).click();
  const file = await download;
  const bytes = new Uint8Array(await readFile((await file.path())!));
  // SPEC §8: 'Report generated successfully' (a snackbar's short text is shown in capitals).
  await page.getByText(r.exported.toLocaleUpperCase()).first().waitFor(WAIT);
  return { name: file.suggestedFilename(), bytes };
}

const totalText = async (page: Page) => (await page.getByTestId('teaching-hours-total').textContent()) ?? '';

describe.each(['en', 'zh'] as const)('the teaching-hours report (%s)', (language) => {
  const t = texts[language];

  it('drills down from the year to the sessions behind a figure, all in the URL', async () => {
    const page = await openAs('admin', language);
    await page.getByRole('link', { name: t.common.titles.adminReports }).first().click();
    await page.waitForURL(/\/admin\/panel\/reports$/, WAIT);
    await page.getByTestId('report-list').waitFor(WAIT);
    await page.getByRole('link', { name: t.r.reports['teaching-hours'].title }).click();
    await page.waitForURL(/\/admin\/panel\/reports\/teaching-hours/, WAIT);
    await atStep(page, 'year');
    // The year: twelve months, a chart with a name.
    expect(await page.getByTestId('teaching-hours-table').locator('tbody tr').count()).toBe(12);
    await page.getByTestId('teaching-hours-chart').waitFor(WAIT);
    if (language === 'en') await screenshot(page, 'reports-teaching-hours-year');

    const month = await drillDown(page);
    expect(page.url()).toMatch(/[?&]month=\d+/);
    await atStep(page, 'month');
    // The month's total is the figure it was opened from.
    expect(await totalText(page)).toContain(month.sessions);
    const level = await drillDown(page);
    expect(page.url()).toMatch(/[?&]level=\w+/);
    await atStep(page, 'level');
    expect(await totalText(page)).toContain(level.sessions);
    const lesson = await drillDown(page);
    expect(page.url()).toMatch(/[?&]lessonType=\w+/);
    // The sessions behind the figure: as many as it counts (one page of twenty at most).
    await atStep(page, 'sessions');
    const sessions = page.getByTestId('teaching-hours-sessions').locator('tbody tr');
    expect(await sessions.count()).toBe(Math.min(20, Number(lesson.sessions)));
    await screenshot(page, `reports-teaching-hours-sessions-${language}`);

    // Exported: every session behind the figure (not only the page shown), headers in the language.
    const xlsx = await exportReport(page, language, 'xlsx');
    expect(xlsx.name).toMatch(/^teaching-hours-\d{4}-\d{2}-\w+-\w+\.xlsx$/);
    const sheet = readSheet(xlsx.bytes);
    expect(sheet[0]!.map((cell) => cell.value)).toEqual([t.r.when, t.r.class, t.r.teacher, t.r.hours]);
    expect(sheet.length - 1).toBe(Number(lesson.sessions));
    expect(sheet[1]![3]!.type).toBeNull();

    // Bookmarkable: the same URL opened afresh shows the same step; the breadcrumb goes back up.
    const url = page.url();
    await page.goto(url);
    await atStep(page, 'sessions');
    await page.getByTestId('teaching-hours-steps').getByRole('link').first().click();
    await page.waitForURL((u) => !u.searchParams.has('month'), WAIT);
    await atStep(page, 'year');
    expect(await page.getByTestId('teaching-hours-table').locator('tbody tr').count()).toBe(12);
    // The year as CSV: twelve months and the total.
    const csv = await exportReport(page, language, 'csv');
    const rows = readCsv(new TextDecoder().decode(csv.bytes));
    expect(rows[0]).toEqual([t.r.name, t.r.hours, t.r.sessions]);
    expect(rows.length).toBe(14);
    expect(rows[13]![0]).toBe(t.r.totalRow);
    await page.close();
  });
});

describe('the roll call', () => {
  it('shows a day of the demo with held sessions, each student present or absent, the day in the URL', async () => {
    const page = await openAs('admin', 'en');
    await page.goto('/admin/panel/reports');
    await page.getByRole('link', { name: reportsEn.reports['roll-call'].title }).click();
    await page.waitForURL(/\/admin\/panel\/reports\/roll-call/, WAIT);
    await page.getByTestId('roll-call-day').waitFor(WAIT);
    // Walk back from yesterday until a day shows a held session.
    let found = false;
    for (let back = 1; back <= 21 && !found; back++) {
      const d = new Date(Date.now() - back * 86_400_000);
      const day = d.toISOString().slice(0, 10);
      await page.goto(`/admin/panel/reports/roll-call?day=${day}`);
      await page.getByTestId('roll-call-total').waitFor(WAIT);
      found = (await page.getByText(reportsEn.rollCall.held, { exact: true }).count()) > 0;
    }
    expect(found).toBe(true);
    const present = await page.getByText(reportsEn.rollCall.present, { exact: true }).count();
    expect(present).toBeGreaterThan(0);
    expect(await page.getByTestId('roll-call-total').textContent()).toMatch(/\d+ present, \d+ absent/);
    await screenshot(page, 'reports-roll-call');
    await page.close();
  });
});

describe('the teaching-hours report on a phone', () => {
  it('shows the year and a month at 375 px without sideways scrolling', async () => {
    const page = await openAs('admin', 'en', PHONE);
    await page.goto('/admin/panel/reports/teaching-hours');
    await atStep(page, 'year');
    // On a phone the rows are cards: a month with sessions is a link named by the month.
    const before = page.url();
    await page.locator('[data-step="year"]').getByRole('link').first().click();
    await page.waitForURL((url) => url.toString() !== before, WAIT);
    await atStep(page, 'month');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'reports-teaching-hours-phone');
    await page.close();
  });
});
