import type { Dashboard, Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../src/locales/en/common.json';
import enDashboard from '../src/locales/en/dashboard.json';
import zhCommon from '../src/locales/zh/common.json';
import zhDashboard from '../src/locales/zh/dashboard.json';
import { PHONE, screenshot, signIn, startStack, type Stack } from './harness';

/**
 * The dashboard per role (issue 29): the admin sees the day's figures as the server computed them
 * and follows a card to the list behind it; a teacher sees their own day, without money; once in
 * Chinese; on a 375 px phone with nothing scrolling sideways.
 */
const texts = {
  en: { common: enCommon, dashboard: enDashboard },
  zh: { common: zhCommon, dashboard: zhDashboard },
};
const WAIT = { timeout: 20_000 };
const DESKTOP = { width: 1440, height: 900 };

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** Signs in and opens the dashboard from the sidebar; answers the page and the figures it was drawn from. */
async function openDashboard(
  userName: string,
  language: Language = 'en',
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ page: Page; figures: Dashboard }> {
  const phone = viewport.width < 500;
  const page = await stack.newPage({ viewport, isMobile: phone, hasTouch: phone });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  const answer = page.waitForResponse((res) => res.url().includes('Report/getDashboard') && res.ok(), WAIT);
  if (!page.url().endsWith('/admin/panel/dashboard')) await page.goto('/admin/panel/dashboard');
  const figures = (await (await answer).json()) as Dashboard;
  await page.getByTestId('card-today-value').waitFor(WAIT);
  return { page, figures };
}

const value = (page: Page, card: string) => page.getByTestId(`${card}-value`).textContent();

describe('the dashboard', () => {
  it("shows the admin the day's figures and leads from a card to its list", async () => {
    const { page, figures } = await openDashboard('admin');
    const t = texts.en.dashboard;
    const { today, week } = figures;
    await expect
      .poll(() => value(page, 'card-today'), WAIT)
      .toBe(String(today.held + today.toRecord + today.upcoming + today.cancelled));
    expect(await page.getByTestId('card-today').textContent()).toContain(
      t.cards.todayDetail
        .replace('{{held}}', String(today.held))
        .replace('{{toRecord}}', String(today.toRecord))
        .replace('{{upcoming}}', String(today.upcoming))
        .replace('{{cancelled}}', String(today.cancelled)),
    );
    expect(Number(await value(page, 'card-week'))).toBeCloseTo(week.heldHours + week.bookedHours, 2);
    expect(await value(page, 'card-waiting')).toBe(String(figures.waitingForAdmin));
    expect(await value(page, 'card-reserved')).toBe(String(figures.reserved));
    // The admin reads finance: money in and the debtors, each a link to its list.
    expect(figures.finance).toBeDefined();
    expect(await value(page, 'card-debtors')).toBe(String(figures.finance!.debtors));
    expect(await page.getByTestId('card-money-in').getAttribute('href')).toBe(
      `/admin/finance/deposit?state=confirmed&confirmedIn=${figures.finance!.month}`,
    );
    // The week's chart is named, and its table holds every day's figures.
    expect(await page.getByRole('img', { name: t.week.title }).isVisible()).toBe(true);
    const rows = page.getByTestId('week-hours-table').locator('tbody tr');
    expect(await rows.count()).toBe(8);
    expect(await page.getByTestId('role-counts').locator('[data-role="Student"]').textContent()).toMatch(/^\d+$/);
    await expect.poll(() => page.locator('.recharts-bar-rectangle').count(), WAIT).toBeGreaterThan(0);
    await screenshot(page, 'dashboard');

    await page.getByTestId('card-today').click();
    await page.waitForURL(`**/admin/panel/class/upcoming?from=${today.date}&to=${today.date}`, WAIT);
    await page.goBack();
    await page.getByTestId('card-debtors').click();
    await page.waitForURL('**/admin/finance/debtors', WAIT);
    await page.context().close();
  });

  it('shows a teacher their own day, without money', async () => {
    const admin = await openDashboard('admin');
    const everyone = admin.figures;
    await admin.page.context().close();
    const { page, figures } = await openDashboard('wei_zhang');
    expect(figures.finance).toBeUndefined();
    expect(await page.getByTestId('card-money-in').count()).toBe(0);
    expect(await page.getByTestId('card-debtors').count()).toBe(0);
    // Their classes only: the week's hours are some of the centre's.
    expect(figures.week.heldHours + figures.week.bookedHours).toBeGreaterThan(0);
    expect(figures.week.heldHours + figures.week.bookedHours).toBeLessThan(
      everyone.week.heldHours + everyone.week.bookedHours,
    );
    await expect
      .poll(() => value(page, 'card-week'), WAIT)
      .toBe(String(Math.round((figures.week.heldHours + figures.week.bookedHours) * 100) / 100));
    await screenshot(page, 'dashboard-teacher');
    await page.context().close();
  });

  it('speaks Chinese, and fits a 375 px phone', async () => {
    const { page } = await openDashboard('admin', 'zh', PHONE);
    const t = texts.zh;
    await expect.poll(() => page.getByRole('heading', { name: t.dashboard.title, level: 1 }).isVisible(), WAIT).toBe(true);
    expect(await page.getByTestId('card-today').textContent()).toContain(t.dashboard.cards.today);
    expect(await page.getByRole('img', { name: t.dashboard.week.title }).count()).toBe(1);
    // Below the figures on a phone: the chart is drawn once scrolled to.
    await page.getByTestId('week-hours').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.recharts-bar-rectangle').count(), WAIT).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'dashboard-zh-phone');
    await page.context().close();
  });
});
