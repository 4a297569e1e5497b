import { type Language, lessonTypeLabel, messages } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../src/locales/en/common.json';
import financeEn from '../src/locales/en/finance.json';
import commonZh from '../src/locales/zh/common.json';
import financeZh from '../src/locales/zh/finance.json';
import { screenshot, signIn, startStack, type Stack } from './harness';

/**
 * Teacher fees and a class's teacher salary in the browser (issue 11): the financial admin adds
 * a teacher's fee on /admin/finance/fee, finds it by the teacher's name and sets a class's teacher
 * salary on its details; in Chinese, the fee screen and its duplicate refusal.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const texts = {
  en: { finance: financeEn, common: commonEn, server: messages.en },
  zh: { finance: financeZh, common: commonZh, server: messages.zh },
} as const;
const WAIT = { timeout: 15_000 };
/** A field's accessible name: its label, with the asterisk of a required one. */
const named = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

async function openAs(userName: string, language: Language): Promise<Page> {
  const page = await stack.newPage({ viewport: { width: 1400, height: 900 } });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

/** Adds a fee through the form: the teacher found by name, the lesson type by its label. */
async function addFee(page: Page, language: Language, teacher: string, fee: string, lessonType: Parameters<typeof lessonTypeLabel>[0]) {
  const t = texts[language].finance;
  await page.getByRole('button', { name: t.fees.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: named(t.fees.teacher) }).fill(teacher.split(' ')[0]!);
  await page.getByRole('option', { name: teacher }).click();
  await dialog.getByRole('textbox', { name: named(t.fees.fee) }).fill(fee);
  await dialog.getByRole('combobox', { name: named(t.fees.lessonType) }).click();
  await page.getByRole('option', { name: lessonTypeLabel(lessonType, language), exact: true }).click();
  await dialog.getByRole('button', { name: t.actions.save }).click();
}

describe('teacher fees (en)', () => {
  const t = texts.en;

  it('the financial admin adds a teacher fee and sets a class teacher salary', async () => {
    const page = await openAs('finance', 'en');
    await page.goto('/admin/finance/fee');
    await page.getByRole('heading', { name: t.finance.fees.title }).waitFor(WAIT);
    await page.getByRole('tab', { name: t.common.titles.financeDeposit }).waitFor(WAIT);
    await addFee(page, 'en', 'James Liu', '250.5', 'SAT_Online');
    await page.getByRole('dialog').waitFor({ state: 'detached', ...WAIT });
    const row = page.getByRole('row').filter({ hasText: 'James Liu' }).filter({ hasText: lessonTypeLabel('SAT_Online', 'en') });
    await row.waitFor(WAIT);
    expect(await row.textContent()).toContain('250.5');
    // The search looks in the teacher's name, on the server.
    await page.getByRole('searchbox', { name: t.finance.fees.search }).fill('Hannah');
    await page.getByRole('row').filter({ hasText: 'James Liu' }).first().waitFor({ state: 'detached', ...WAIT });
    await screenshot(page, 'finance-fees-en');

    await page.getByRole('link', { name: t.common.nav.classRoom }).click();
    // The home may list the same class (a teacher's My day): wait for the class list's page.
    await page.getByRole('heading', { name: t.common.titles.classTable, exact: true }).waitFor(WAIT);
    await page.getByRole('link', { name: 'A-Level Physics · pair' }).click();
    const card = page.getByTestId('teacher-salary');
    await card.waitFor(WAIT);
    await card.getByRole('button', { name: t.finance.salary.set }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: named(t.finance.salary.amount) }).fill('275.5');
    await dialog.getByRole('button', { name: t.finance.actions.save }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await card.getByText(/275\.5/).waitFor(WAIT);
    // The salary is a figure in the app's own font with even digits, not a monospace one (issue 27).
    const style = await page.getByTestId('teacher-salary-value').evaluate((e) => {
      const css = getComputedStyle(e);
      return { font: css.fontFamily, digits: css.fontVariantNumeric };
    });
    expect(style.font).not.toMatch(/mono/i);
    expect(style.digits).toBe('tabular-nums');

    // The demo's debtor (who paid a quarter) is on the balances tab, only those who owe by default;
    // switched off, every student's balance in each class is listed.
    await page.goto('/admin/finance/debtors');
    await page.getByRole('heading', { name: t.finance.debtors.title }).waitFor(WAIT);
    await page.getByRole('row').filter({ hasText: 'Alex Qian' }).first().waitFor(WAIT);
    const owing = await page.locator('tbody tr').count();
    await page.getByRole('switch', { name: t.finance.debtors.onlyOwing }).click({ force: true });
    await page.waitForURL(/all=true/);
    await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBeGreaterThan(owing);
    await page.close();
  });
});

describe('teacher fees (zh)', () => {
  const t = texts.zh;

  it('the financial admin adds a fee in Chinese; a second one for the same lesson type is refused', async () => {
    const page = await openAs('finance', 'zh');
    await page.goto('/admin/finance/fee');
    await page.getByRole('heading', { name: t.finance.fees.title }).waitFor(WAIT);
    await addFee(page, 'zh', 'Hannah Brooks', '300', 'TOEFL_Online');
    await page.getByRole('dialog').waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('row').filter({ hasText: 'Hannah Brooks' }).filter({ hasText: lessonTypeLabel('TOEFL_Online', 'zh') }).waitFor(WAIT);
    await addFee(page, 'zh', 'Hannah Brooks', '310', 'TOEFL_Online');
    await page.getByRole('dialog').getByText(t.server.teacherFeeDuplicate).first().waitFor(WAIT);
    await screenshot(page, 'finance-fees-zh');
    // The balances tab in Chinese with "仅欠费学生" switched off: every student's balance.
    await page.goto('/admin/finance/debtors');
    await page.getByRole('heading', { name: t.finance.debtors.title }).waitFor(WAIT);
    await page.getByRole('switch', { name: t.finance.debtors.onlyOwing }).click({ force: true });
    await page.waitForURL(/all=true/, WAIT);
    await page.locator('thead').getByText(t.finance.debtors.balanceInHour, { exact: true }).waitFor(WAIT);
    await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBeGreaterThan(1);
    await screenshot(page, 'finance-balances-zh');
    await page.close();
  });
});
