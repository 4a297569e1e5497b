import type { Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../src/locales/en/common.json';
import commonZh from '../src/locales/zh/common.json';
import en from '../src/locales/en/finance.json';
import zh from '../src/locales/zh/finance.json';
import { screenshot, signIn, startStack, type Stack } from './harness';

/**
 * Transfers in the browser (issue 11): the demo's waiting transfer is confirmed in two steps — the
 * consultant, then the financial admin — and shows as confirmed. Then the screen once in Chinese,
 * with the form for a new transfer.
 */
const texts = { en, zh };
const common = { en: commonEn, zh: commonZh };
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

/** Opens a row's menu and takes one step, with a message, in its dialog. */
async function step(page: Page, rowText: string, action: keyof typeof en.transfers.rowActions, submit: string) {
  const row = page.getByRole('row').filter({ hasText: rowText }).first();
  await row.getByRole('button', { name: en.columns.actions }).click();
  await page.getByRole('menuitem', { name: en.transfers.rowActions[action] }).click();
  await page.getByRole('dialog').getByLabel(en.fields.message).fill(`${action} in the browser`);
  await page.getByRole('dialog').getByRole('button', { name: submit }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

describe('finance transfers', () => {
  it('a waiting transfer is confirmed in two steps: the consultant, then the financial admin', async () => {
    const t = texts.en;
    const consultant = await openAs('consultant', 'en');
    await consultant.goto('/admin/finance/transfer');
    await consultant.getByRole('heading', { name: t.transfers.title }).waitFor();
    await consultant.getByRole('tab', { name: common.en.titles.financeDeposit }).waitFor();
    await consultant.getByRole('row').filter({ hasText: t.states.waiting }).first().waitFor();
    await step(consultant, t.states.waiting, 'confirmByConsultant', t.transfers.steps.confirmByConsultant.submit);
    await consultant.getByText(`${t.states.waiting} · ${t.states.byConsultant}`).first().waitFor();
    await consultant.close();

    const finance = await openAs('finance', 'en');
    await finance.goto('/admin/finance');
    await finance.waitForURL('**/admin/finance/deposit');
    await finance.getByRole('tab', { name: common.en.titles.financeTransfer }).click();
    await finance.waitForURL('**/admin/finance/transfer');
    const halfway = `${t.states.waiting} · ${t.states.byConsultant}`;
    await finance.getByRole('row').filter({ hasText: halfway }).first().waitFor();
    await step(finance, halfway, 'confirmByFinancialAdmin', t.transfers.steps.confirmByFinancialAdmin.submit);
    await finance.getByText(halfway).first().waitFor({ state: 'detached' });
    expect(await finance.getByRole('row').filter({ hasText: t.states.waiting }).count()).toBe(0);
    expect(await finance.getByRole('row').filter({ hasText: t.states.confirmed }).count()).toBe(2);
    await screenshot(finance, 'finance-transfers-en');
    await finance.close();
  });

  it('the screen in Chinese', async () => {
    const t = texts.zh;
    const page = await openAs('finance', 'zh');
    await page.goto('/admin/finance/transfer');
    await page.getByRole('heading', { name: t.transfers.title }).waitFor();
    await page.getByRole('tab', { name: common.zh.titles.financeTransfer }).waitFor();
    await page.getByRole('row').filter({ hasText: t.states.confirmed }).first().waitFor();
    await page.getByRole('button', { name: t.transfers.add }).click();
    await page.getByRole('dialog').getByText(t.transfers.form.hint).waitFor();
    await screenshot(page, 'finance-transfers-zh');
    await page.close();
  });
});
