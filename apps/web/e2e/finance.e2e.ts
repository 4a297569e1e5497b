import type { Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../src/locales/en/finance.json';
import zh from '../src/locales/zh/finance.json';
import { screenshot, signIn, startStack, type Stack } from './harness';

/**
 * Finance in the browser (issue 11): the financial admin sees the demo's deposits with their sums
 * and gives the second confirmation to the one the consultant confirmed; the student then sees
 * their own payments on their classes page. In English and in Chinese.
 */
const texts = { en, zh };
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function openAs(userName: string, language: Language): Promise<Page> {
  const page = await stack.newPage();
  await page.goto('/');
  await page.evaluate((lang) => localStorage.setItem('tutoria.language', lang), language);
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//);
  return page;
}

describe.each(['en', 'zh'] as const)('finance (%s)', (language) => {
  const t = texts[language];
  it('the financial admin confirms a deposit the consultant already confirmed', async () => {
    const page = await openAs('finance', language);
    await page.goto('/admin/finance');
    await page.waitForURL('**/admin/finance/deposit');
    await page.getByRole('heading', { name: t.deposits.title }).waitFor();
    await page.getByTestId('deposit-sums').getByText(t.sums.confirmed, { exact: true }).waitFor();
    await page.getByRole('row').filter({ hasText: t.states.waiting }).first().waitFor();
    await screenshot(page, `finance-deposits-${language}`);
    if (language === 'en') {
      const row = page.getByRole('row').filter({ hasText: `${t.states.waiting} · ${t.states.byConsultant}` }).first();
      await row.getByRole('button', { name: t.columns.actions }).click();
      await page.getByRole('menuitem', { name: t.rowActions.confirmByFinancialAdmin }).click();
      await page.getByLabel(t.fields.message).fill('Seen on the statement');
      await page.getByRole('dialog').getByRole('button', { name: t.steps.confirmByFinancialAdmin.submit }).click();
      // Confirmed: the half-confirmed deposit is gone from the list's waiting ones.
      await page.getByText(`${t.states.waiting} · ${t.states.byConsultant}`).first().waitFor({ state: 'detached' });
      expect(await page.getByText(`${t.states.waiting} · ${t.states.byConsultant}`).count()).toBe(0);
    }
    await page.close();
  });

  it('the student sees their own payments', async () => {
    const page = await openAs('student', language);
    await page.goto('/panel/classes');
    await page.getByTestId('own-money').getByText(t.own.title).waitFor();
    await page.getByTestId('own-money').getByText(t.balance.remaining).first().waitFor();
    await screenshot(page, `finance-student-${language}`);
    // On a phone a long class name moves the reserved badge to its own line instead of clipping it.
    // Measured once the fonts are in and the layout has settled (a Chinese font arriving late
    // re-measures the labels).
    await page.setViewportSize({ width: 375, height: 800 });
    await page.evaluate(() => document.fonts.ready);
    const clipped = () =>
      page
        .getByTestId('own-money')
        .locator('.mantine-Badge-label')
        .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent));
    await expect.poll(clipped, { timeout: 5000 }).toEqual([]);
    await screenshot(page, `finance-student-phone-${language}`);
    await page.close();
  });
});
