import { type Language, messages } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../src/locales/en/common.json';
import settlementsEn from '../src/locales/en/settlements.json';
import commonZh from '../src/locales/zh/common.json';
import settlementsZh from '../src/locales/zh/settlements.json';
import { PHONE, screenshot, signIn, startStack, type Stack } from './harness';

/**
 * Teacher settlements in the browser (issue 28): the financial admin pays the demo teacher from the
 * guide, session by session, and the teacher sees it on their own page; then, in Chinese, a group
 * settlement pays every other teacher's earnings at once; the pages at 375 px are cards.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const texts = {
  en: { s: settlementsEn, common: commonEn },
  zh: { s: settlementsZh, common: commonZh },
} as const;
const WAIT = { timeout: 15_000 };
/** A field's accessible name: its label, with the asterisk of a required one. */
const named = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

async function openAs(userName: string, language: Language, viewport: { width: number; height: number } = { width: 1400, height: 900 }): Promise<Page> {
  const page = await stack.newPage({ viewport });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

/** A money figure as the page shows it, to compare two of them. */
const figure = async (page: Page, testId: string) => (await page.getByTestId(testId).first().textContent())?.trim() ?? '';

describe('teacher settlements (en)', () => {
  const t = texts.en;

  it('the financial admin pays a teacher from the guide, line by line; the teacher sees it', async () => {
    const page = await openAs('finance', 'en');
    await page.goto('/admin/finance/settlement');
    await page.getByRole('heading', { name: t.s.title }).waitFor(WAIT);
    await page.getByRole('tab', { name: t.common.titles.financeSettlement }).waitFor(WAIT);
    // The demo: one paid settlement of James Liu.
    await page.getByRole('row').filter({ hasText: 'James Liu' }).filter({ hasText: t.s.states.paid }).first().waitFor(WAIT);
    await page.getByTestId('settlement-sums').waitFor(WAIT);

    await page.getByRole('button', { name: t.s.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: named(t.s.form.teacher) }).fill('James');
    await page.getByRole('option', { name: 'James Liu' }).click();
    const lines = dialog.getByTestId('settlement-guide-line');
    await lines.first().waitFor(WAIT);
    const count = await lines.count();
    expect(count).toBeGreaterThan(1);
    // Leave the last session out, check the total follows, then take it back in.
    const before = await figure(page, 'settlement-guide-total');
    await lines.last().getByRole('checkbox').uncheck();
    await expect.poll(() => figure(page, 'settlement-guide-total'), WAIT).not.toBe(before);
    await lines.last().getByRole('checkbox').check();
    await expect.poll(() => figure(page, 'settlement-guide-total'), WAIT).toBe(before);
    await screenshot(page, 'settlements-guide-en');
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await page.getByText(messages.en.settlementSavedAndPaid).first().waitFor(WAIT);
    // Two paid settlements of James Liu now; nothing left in his guide.
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'James Liu' }).filter({ hasText: t.s.states.paid }).count(), WAIT).toBe(2);
    await screenshot(page, 'settlements-en');
    await page.close();

    const teacher = await openAs('teacher', 'en');
    await teacher.getByRole('link', { name: t.common.nav.earnings }).click();
    await teacher.getByRole('heading', { name: t.s.mine.title }).waitFor(WAIT);
    const sums = teacher.getByTestId('my-earnings-sums');
    await sums.waitFor(WAIT);
    // Everything earned is paid: unpaid is zero, paid equals earned.
    expect(await figure(teacher, 'sum-unpaid')).toMatch(/^(CN)?¥0\.00$/);
    expect(await figure(teacher, 'sum-paid')).toBe(await figure(teacher, 'sum-earned'));
    await teacher.getByTestId('my-earnings-months').waitFor(WAIT);
    await expect.poll(() => teacher.getByRole('row').filter({ hasText: t.s.types.TeachingSalary }).count(), WAIT).toBe(2);
    await screenshot(teacher, 'my-earnings-en');
    await teacher.close();
  });
});

describe('teacher settlements (zh)', () => {
  const t = texts.zh;

  it('the financial admin pays every other teacher at once with a group settlement, in Chinese', async () => {
    const page = await openAs('finance', 'zh');
    await page.goto('/admin/finance/settlement');
    await page.getByRole('heading', { name: t.s.title }).waitFor(WAIT);
    await page.getByRole('button', { name: t.s.group }).click();
    const dialog = page.getByRole('dialog');
    const teachers = dialog.getByTestId('group-guide-teacher');
    await teachers.first().waitFor(WAIT);
    expect(await teachers.count()).toBeGreaterThan(1);
    // James Liu was paid everything above: he is not in the group guide.
    expect(await dialog.getByTestId('group-guide').textContent()).not.toContain('James Liu');
    await screenshot(page, 'settlements-group-zh');
    await dialog.getByRole('button', { name: /^全部支付/ }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await page.getByText(/笔结算/).first().waitFor(WAIT);
    // Nobody has anything left to settle: the sums say unpaid 0, and the group guide is empty.
    await expect.poll(() => figure(page, 'sum-unpaid'), WAIT).toMatch(/^¥0\.00$/);
    await page.getByRole('button', { name: t.s.group }).click();
    await page.getByRole('dialog').getByText(t.s.groupForm.empty).waitFor(WAIT);
    await page.getByRole('dialog').getByRole('button', { name: t.s.actions.cancel }).click();
    await page.locator('label[for$="-teachers"]').click();
    await page.getByTestId('teacher-sums').waitFor(WAIT);
    await screenshot(page, 'settlements-teachers-zh');
    await page.close();
  });

  it('the settlements page and the teacher’s own page are cards at 375 px', async () => {
    const page = await openAs('finance', 'zh', PHONE);
    await page.goto('/admin/finance/settlement');
    await page.getByRole('heading', { name: t.s.title }).waitFor(WAIT);
    await page.getByText('James Liu').first().waitFor(WAIT);
    expect(await page.locator('table').count()).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'settlements-phone-zh');
    await page.close();
    const teacher = await openAs('teacher', 'zh', PHONE);
    await teacher.goto('/admin/panel/my-earnings');
    await teacher.getByRole('heading', { name: t.s.mine.title }).waitFor(WAIT);
    await teacher.getByTestId('my-earnings-sums').waitFor(WAIT);
    expect(await teacher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(teacher, 'my-earnings-phone-zh');
    await teacher.close();
  });
});

