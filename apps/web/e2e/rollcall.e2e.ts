import type { Language } from '@tutoria/shared';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import reportsEn from '../src/locales/en/centreReports.json';
import reportsZh from '../src/locales/zh/centreReports.json';
import { PHONE, screenshot, signIn, startStack, type Stack } from './harness';
import { readCsv } from './spreadsheet';

/**
 * The roll call over a period (issue 29) in the browser: the admin switches the roll-call report to
 * a class, picks one, reads each session's and each student's absence over the last twelve weeks
 * and exports it; in Chinese, a student's roll call; on a phone, the class's, without sideways
 * scrolling. The mode and the filters are in the URL.
 */
const texts = { en: reportsEn, zh: reportsZh } as const;
const WAIT = { timeout: 20_000 };
const DAY_MS = 86_400_000;
const period = {
  from: new Date(Date.now() - 84 * DAY_MS).toISOString().slice(0, 10),
  to: new Date().toISOString().slice(0, 10),
};
let stack: Stack;
let classUrl = '';

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function openAs(language: Language, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await stack.newPage({ viewport });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, 'admin');
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

/** Opens a picker by its label and takes its first option (the server's first match). */
async function pickFirst(page: Page, label: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option').first().click();
}

describe('the roll call of a class', () => {
  it('switches mode, picks a class, shows its sessions and students over the period, exports it', async () => {
    const r = texts.en;
    const page = await openAs('en');
    await page.goto('/admin/panel/reports/roll-call');
    await page.getByTestId('roll-call-day').waitFor(WAIT);
    await page.getByTestId('roll-call-mode').getByText(r.rollCall.mode.class).click();
    await page.waitForURL(/mode=class/, WAIT);
    await page.getByText(r.rollCall.pickClass).waitFor(WAIT);
    await page.goto(`/admin/panel/reports/roll-call?mode=class&from=${period.from}&to=${period.to}`);
    await pickFirst(page, r.class);
    await page.waitForURL(/classroomId=/, WAIT);
    classUrl = new URL(page.url()).pathname + new URL(page.url()).search;
    const total = page.getByTestId('roll-call-total');
    await total.waitFor(WAIT);
    expect(await total.textContent()).toMatch(/\d+ present, \d+ absent, \d+ not recorded/);
    const students = page.getByTestId('roll-call-student-table').locator('tbody tr');
    await students.first().waitFor(WAIT);
    expect(await students.count()).toBeGreaterThan(0);
    expect(await page.getByTestId('roll-call-session-table').locator('tbody tr').count()).toBeGreaterThan(0);
    await page.getByTestId('roll-call-chart').waitFor(WAIT);
    await screenshot(page, 'reports-roll-call-class');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: r.export }).click();
    await page.getByRole('menuitem', { name: r.exportCsv }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`${period.from}-${period.to}\\.csv$`));
    const rows = readCsv(new TextDecoder().decode(new Uint8Array(await readFile((await file.path())!))));
    expect(rows[0]).toEqual([
      r.rollCall.line,
      r.rollCall.present,
      r.rollCall.absent,
      r.rollCall.unrecorded,
      r.rollCall.absencePercent,
    ]);
    expect(rows.at(-1)![0]).toBe(r.totalRow);
    await page.getByText(r.exported.toLocaleUpperCase()).first().waitFor(WAIT);
    await page.close();
  });
});

describe('the roll call of a student, in Chinese', () => {
  it('picks a student and shows their classes and sessions over the period', async () => {
    const r = texts.zh;
    const page = await openAs('zh');
    await page.goto(`/admin/panel/reports/roll-call?mode=student&from=${period.from}&to=${period.to}`);
    await page.getByText(r.rollCall.pickStudent).waitFor(WAIT);
    await pickFirst(page, r.rollCall.student);
    await page.waitForURL(/studentPublicKey=/, WAIT);
    const total = page.getByTestId('roll-call-total');
    await total.waitFor(WAIT);
    expect(await total.textContent()).toMatch(/出席\d+人次，缺席\d+人次，未记录\d+人次/);
    expect(await page.getByTestId('roll-call-class-table').locator('tbody tr').count()).toBeGreaterThan(0);
    await screenshot(page, 'reports-roll-call-student-zh');
    await page.close();
  });
});

describe('the roll call of a class on a phone', () => {
  it('shows at 375 px without sideways scrolling', async () => {
    expect(classUrl).not.toBe('');
    const page = await openAs('en', PHONE);
    await page.goto(classUrl);
    await page.getByTestId('roll-call-total').waitFor(WAIT);
    await page.getByRole('heading', { name: texts.en.rollCall.perStudent }).waitFor(WAIT);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'reports-roll-call-class-phone');
    await page.close();
  });
});
