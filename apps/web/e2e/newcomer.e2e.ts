import type { Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import classesEn from '../src/locales/en/classes.json';
import scheduleEn from '../src/locales/en/schedule.json';
import classesZh from '../src/locales/zh/classes.json';
import scheduleZh from '../src/locales/zh/schedule.json';
import { screenshot, signIn, startStack, type Stack } from './harness';

/**
 * What a newcomer trips over (issue #13), in English and Chinese on the demo centre: sessions that
 * ended without their records, formatted values, wide tables, staff on student routes, class details
 * and the users table.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const texts = {
  en: { classes: classesEn, schedule: scheduleEn },
  zh: { classes: classesZh, schedule: scheduleZh },
} as const;

const WAIT = { timeout: 15_000 };

async function openAs(
  userName: string,
  language: Language,
  viewport = { width: 1366, height: 900 },
): Promise<Page> {
  const page = await stack.newPage({ viewport });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

describe.each(['en', 'zh'] as const)('sessions waiting for records (%s)', (language) => {
  const t = texts[language];

  it('staff filter the sessions that ended without records; each shows "not recorded"', async () => {
    const page = await openAs('admin', language);
    await page.goto('/admin/panel/class/upcoming');
    const table = page.locator('table').first();
    await expect.poll(() => table.locator('[data-display-state]').count(), WAIT).toBeGreaterThan(0);
    // From now on nothing has ended: no session of the default window is "not recorded".
    expect(await table.locator('[data-display-state="notRecorded"]').count()).toBe(0);

    await page.getByRole('switch', { name: t.classes.waitingForRecords.label }).click();
    await page.waitForURL(/records=true/, WAIT);
    await expect
      .poll(() => table.locator('[data-display-state="notRecorded"]').count(), WAIT)
      .toBeGreaterThan(0);
    const states = await table
      .locator('[data-display-state]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-display-state')));
    expect(new Set(states)).toEqual(new Set(['notRecorded']));
    await expect
      .poll(() => table.getByText(t.classes.displayStates.notRecorded, { exact: true }).first().isVisible())
      .toBe(true);
    await screenshot(page, `records-waiting-${language}`);

    // The class details show the same state on the session.
    await table.getByRole('link').first().click();
    await page.waitForURL(/\/admin\/panel\/class\/[0-9a-f-]{36}$/, WAIT);
    await expect
      .poll(() => page.locator('[data-display-state="notRecorded"]').first().isVisible(), WAIT)
      .toBe(true);
    await expect
      .poll(() => page.getByText(t.classes.displayStates.notRecorded, { exact: true }).first().isVisible())
      .toBe(true);
  });

  it("the schedule marks last week's unrecorded sessions", async () => {
    const page = await openAs('admin', language, { width: 1920, height: 1000 });
    await page.goto('/admin/panel/adminSchedule');
    const calendar = page.locator('.tutoria-calendar');
    await expect.poll(() => calendar.locator('.tutoria-event').count(), WAIT).toBeGreaterThan(0);
    await calendar.locator('button').first().click();
    const marked = calendar.locator('[data-waiting-for-records]');
    await expect.poll(() => marked.count(), WAIT).toBeGreaterThan(0);
    expect(await marked.first().textContent()).toContain(t.schedule.notRecorded.label);
    await expect
      .poll(() => page.getByText(t.schedule.notRecorded.label, { exact: true }).first().isVisible())
      .toBe(true);
  });
});
