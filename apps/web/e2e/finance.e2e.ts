import { fieldLabel, type Language, messages } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../src/locales/en/finance.json';
import zh from '../src/locales/zh/finance.json';
import { screenshot, signIn, startStack, type Stack } from './harness';

/**
 * Finance in the browser (issue 11): the financial admin sees the demo's deposits with their sums
 * and gives the second confirmation to the one the consultant confirmed; the student then sees
 * their own payments on their classes page. In English and in Chinese. Issue 27: the demo centre
 * counts in yuan with two decimals (no "IRR 450.5"); the deposit form's empty fields all say SPEC
 * §5's "can not be empty"; the consultant's confirmation says what happened.
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

/** Picks an option of a select in the dialog (the first whose name starts with `option`). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(new RegExp(`^${label}`)).click();
  await page.getByRole('option', { name: new RegExp(`^${option}`) }).first().click();
}

const WAIT = { timeout: 15_000 };

describe.each(['en', 'zh'] as const)('finance (%s)', (language) => {
  const t = texts[language];
  const server = messages[language];

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

  it('the demo centre shows yuan with two decimals, not IRR', async () => {
    const page = await openAs('finance', language);
    await page.goto('/admin/finance/deposit');
    const table = page.locator('tbody');
    await table.getByText(language === 'en' ? 'CN¥450.50' : '¥450.50', { exact: true }).first().waitFor(WAIT);
    expect(await page.locator('main').textContent()).not.toContain('IRR');
    await page.close();
  });

  it('the consultant records a deposit (empty fields: one text) and confirms it; each step says what happened', async () => {
    const page = await openAs('consultant', language);
    await page.goto('/admin/finance/deposit');
    await page.getByRole('heading', { name: t.deposits.title }).waitFor(WAIT);
    await page.getByRole('button', { name: t.deposits.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t.actions.save }).click();
    for (const field of ['classroomId', 'studentPublicKey', 'amount', 'paymentMethod']) {
      const text = server.required.replace('{attribute}', fieldLabel(field, language));
      await dialog.getByText(text, { exact: true }).waitFor(WAIT);
    }
    expect(await dialog.getByText(server.invalidValue.replace('{attribute}', '')).count()).toBe(0);
    await screenshot(page, `finance-deposit-empty-${language}`);

    const amount = language === 'en' ? '321.5' : '654.25';
    await choose(page, t.fields.classroom, 'GCSE Science');
    await choose(page, t.fields.student, 'Ava Lin');
    await dialog.getByRole('textbox', { name: new RegExp(`^${t.fields.amount}`) }).fill(amount);
    await choose(page, t.fields.paymentMethod, t.paymentMethods.Wechat);
    await dialog.getByRole('button', { name: t.actions.save }).click();
    await page.getByText(server.depositSaved.toLocaleUpperCase(), { exact: true }).waitFor(WAIT);
    await dialog.waitFor({ state: 'detached', ...WAIT });

    const shown = language === 'en' ? `CN¥${Number(amount).toFixed(2)}` : `¥${Number(amount).toFixed(2)}`;
    const row = page.getByRole('row').filter({ hasText: shown }).first();
    await row.getByRole('button', { name: t.columns.actions }).click();
    await page.getByRole('menuitem', { name: t.rowActions.confirmByConsultant }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.steps.confirmByConsultant.submit }).click();
    // A text over one line keeps its own case in the snackbar (issue 27).
    await page.getByText(server.depositConfirmationRecorded, { exact: true }).waitFor(WAIT);
    await row.getByText(`${t.states.waiting} · ${t.states.byConsultant}`).waitFor(WAIT);
    await screenshot(page, `finance-consultant-confirmed-${language}`);
    await page.close();
  });
});
