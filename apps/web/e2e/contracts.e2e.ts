import { formatMessage, formatMoneyIn, type Language, messages } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import contractsEn from '../src/locales/en/contracts.json';
import financeEn from '../src/locales/en/finance.json';
import contractsZh from '../src/locales/zh/contracts.json';
import financeZh from '../src/locales/zh/finance.json';
import { PHONE, screenshot, signIn, startStack, type Stack } from './harness';

/**
 * Contracts in the browser (issue 28): the financial admin records a contract for Zoe Luo with an
 * additional contract (a second row added and removed again, by keyboard), a discount and a file;
 * records a payment from the contract's row (a deposit of type Contract) and confirms it on the
 * deposits page; the contract then shows value + additional − discount − paid, the student's sums
 * agree, the file downloads, and deleting it is refused in words. In Chinese the consultant finds
 * the same balance, and at 375 px the list is cards.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const texts = { en: { c: contractsEn, f: financeEn }, zh: { c: contractsZh, f: financeZh } } as const;
const WAIT = { timeout: 20_000 };
const money = (amount: string, language: Language) => formatMoneyIn(amount, 'CNY', language);
/** A field's accessible name: its label, with the asterisk of a required one. */
const named = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Zoe\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const FILE = 'Zoe Luo contract.pdf';

async function openAs(userName: string, language: Language, viewport: { width: number; height: number } = { width: 1400, height: 900 }): Promise<Page> {
  const page = await stack.newPage({ viewport });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

/** Zoe Luo's contract row (the demo gives her none). */
const zoeRow = (page: Page) => page.getByRole('row').filter({ hasText: 'Zoe Luo' }).first();

describe('contracts (en)', () => {
  const { c, f } = texts.en;

  it('a contract with an additional contract, a discount and a payment shows the right balance; with payments it is not deleted', async () => {
    const page = await openAs('finance', 'en');
    // The sidebar leads there.
    await page.getByRole('link', { name: 'Contract', exact: true }).click();
    await page.waitForURL('**/admin/panel/contract', WAIT);
    await page.getByRole('heading', { name: c.title }).waitFor(WAIT);
    // The demo's contracts: one of each type.
    for (const type of Object.values(f.contractTypes)) await page.getByRole('row').filter({ hasText: type }).first().waitFor(WAIT);

    await page.getByRole('button', { name: c.add }).click();
    const dialog = page.getByRole('dialog', { name: c.form.createTitle });
    await dialog.waitFor(WAIT);
    await dialog.getByRole('combobox', { name: named(c.form.type) }).click();
    await page.getByRole('option', { name: f.contractTypes.ApplicationForUniversities }).click();
    await dialog.getByRole('combobox', { name: named(c.form.student) }).fill('Zoe');
    await page.getByRole('option', { name: 'Zoe Luo' }).click();
    await dialog.getByRole('textbox', { name: named(c.form.value) }).fill('10000');
    await dialog.getByRole('textbox', { name: named(c.form.discount) }).fill('500');
    // Additional contracts by keyboard: add two rows, fill the first, remove the second.
    const add = dialog.getByRole('button', { name: c.form.addAdditional });
    await add.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const rows = dialog.getByTestId('additional-contract');
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    await rows.nth(0).getByRole('textbox').first().focus();
    await page.keyboard.type('Essay editing');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1500.5');
    await rows.nth(1).getByRole('button', { name: c.form.removeAdditional.replace('{{number}}', '2') }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    await expect.poll(() => dialog.getByTestId('contract-form-total').textContent(), WAIT).toBe(
      c.form.total.replace('{{total}}', money('11000.50', 'en')),
    );
    const chooser = page.waitForEvent('filechooser', WAIT);
    await dialog.getByTestId('contract-file-input').click();
    await (await chooser).setFiles({ name: FILE, mimeType: 'application/pdf', buffer: pdf });
    await dialog.getByText(FILE).waitFor(WAIT);
    await screenshot(page, 'contracts-form-en');
    await dialog.getByRole('button', { name: f.actions.save }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });

    const row = zoeRow(page);
    await row.waitFor(WAIT);
    expect(await row.getByTestId('contract-total').textContent()).toBe(money('11000.50', 'en'));
    expect(await row.getByTestId('contract-paid').textContent()).toBe(money('0', 'en'));
    expect(await row.getByTestId('contract-balance').textContent()).toBe(money('11000.50', 'en'));
    await row.getByRole('button', { name: c.file.download.replace('{{name}}', FILE) }).waitFor(WAIT);

    // A payment from the row: the deposit form opens as a contract payment of Zoe's contract.
    await row.getByRole('button', { name: `${c.columns.actions}: Zoe Luo` }).click();
    await page.getByRole('menuitem', { name: c.rowActions.pay }).click();
    const payment = page.getByRole('dialog', { name: f.form.createTitle });
    await payment.waitFor(WAIT);
    await payment.getByText(f.contractForm.hint, { exact: false }).waitFor(WAIT);
    await expect
      .poll(() => payment.getByRole('combobox', { name: named(f.contractForm.contract) }).inputValue(), WAIT)
      .toContain(f.contractTypes.ApplicationForUniversities);
    await payment.getByRole('textbox', { name: named(f.fields.amount) }).fill('4000');
    await payment.getByRole('combobox', { name: named(f.fields.paymentMethod) }).click();
    await page.getByRole('option', { name: f.paymentMethods.BankCardTransfer }).click();
    await screenshot(page, 'contracts-payment-en');
    await payment.getByRole('button', { name: f.actions.save }).click();
    await payment.waitFor({ state: 'detached', ...WAIT });
    // Waiting: not paid yet.
    await expect.poll(() => row.getByText(c.figures.waiting.replace('{{amount}}', money('4000.00', 'en'))).count(), WAIT).toBe(1);
    expect(await row.getByTestId('contract-paid').textContent()).toBe(money('0', 'en'));

    // Its payments, on the deposits page: confirmed there.
    await row.getByRole('button', { name: `${c.columns.actions}: Zoe Luo` }).click();
    await page.getByRole('menuitem', { name: c.rowActions.payments }).click();
    await page.waitForURL(/\/admin\/finance\/deposit\?contractId=/, WAIT);
    const deposit = page.getByRole('row').filter({ hasText: 'Zoe Luo' }).filter({ hasText: f.contractPayment.replace('{{type}}', f.contractTypes.ApplicationForUniversities) });
    await deposit.first().waitFor(WAIT);
    expect(await page.getByRole('row').filter({ hasText: 'Zoe Luo' }).count()).toBe(1);
    await deposit.getByRole('button', { name: f.columns.actions }).click();
    await page.getByRole('menuitem', { name: f.rowActions.confirm, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: f.steps.confirm.submit }).click();
    await page.getByText(messages.en.depositConfirmed.toLocaleUpperCase(), { exact: true }).waitFor(WAIT);
    await screenshot(page, 'contracts-payment-confirmed-en');

    // Back on the contracts: value 10,000 + additional 1,500.50 − discount 500 − paid 4,000 = 7,000.50.
    await page.goBack();
    await page.getByRole('heading', { name: c.title }).waitFor(WAIT);
    await expect.poll(() => zoeRow(page).getByTestId('contract-paid').textContent(), WAIT).toBe(money('4000.00', 'en'));
    expect(await zoeRow(page).getByTestId('contract-balance').textContent()).toBe(money('7000.50', 'en'));
    // The student's own sums: every contract of Zoe's (this one only).
    await zoeRow(page).getByRole('button', { name: 'Zoe Luo', exact: true }).click();
    const sums = page.getByTestId('student-contract-sums');
    await sums.waitFor(WAIT);
    await expect.poll(() => sums.getByTestId('student-paid').textContent(), WAIT).toBe(money('4000.00', 'en'));
    expect(await sums.getByTestId('student-total').textContent()).toBe(money('11000.50', 'en'));
    expect(await sums.getByTestId('student-balance').textContent()).toBe(money('7000.50', 'en'));
    await screenshot(page, 'contracts-en');

    // The file downloads through its one-use link.
    const download = page.waitForEvent('download', WAIT);
    await zoeRow(page).getByRole('button', { name: c.file.download.replace('{{name}}', FILE) }).click();
    expect((await download).suggestedFilename()).toBe(FILE);

    // With a payment it is not deleted: the server's words are shown, the row stays.
    await zoeRow(page).getByRole('button', { name: `${c.columns.actions}: Zoe Luo` }).click();
    await page.getByRole('menuitem', { name: c.rowActions.delete }).click();
    await page.getByRole('dialog').getByRole('button', { name: c.rowActions.delete }).click();
    await page.getByText(formatMessage('en', 'contractHasPayments', { count: 1 })).waitFor(WAIT);
    await screenshot(page, 'contracts-delete-refused-en');
    expect(await zoeRow(page).count()).toBe(1);
    await page.context().close();
  });
});

describe('a contract payment from the deposits page (en)', () => {
  const { c, f } = texts.en;

  it('the deposit form of type Contract asks for a student and one of their contracts, not a class', async () => {
    const page = await openAs('consultant', 'en');
    await page.goto('/admin/finance/deposit');
    await page.getByRole('heading', { name: f.deposits.title }).waitFor(WAIT);
    await page.getByRole('button', { name: f.deposits.add }).click();
    const dialog = page.getByRole('dialog', { name: f.form.createTitle });
    await dialog.getByRole('combobox', { name: named(f.fields.classroom) }).waitFor(WAIT);
    await dialog.getByRole('combobox', { name: named(f.fields.depositType) }).click();
    await page.getByRole('option', { name: f.depositTypes.Contract }).click();
    await dialog.getByRole('combobox', { name: named(f.contractForm.contract) }).waitFor(WAIT);
    expect(await dialog.getByRole('combobox', { name: named(f.fields.classroom) }).count()).toBe(0);
    expect(await dialog.getByRole('textbox', { name: named(f.fields.discountValue) }).count()).toBe(0);
    // Saved without a contract: the form names it as SPEC §5 says.
    await dialog.getByRole('button', { name: f.actions.save }).click();
    await dialog.getByText(messages.en.required.replace('{attribute}', f.contractForm.contract)).waitFor(WAIT);
    await dialog.getByRole('combobox', { name: named(f.fields.student) }).fill('Zoe');
    await page.getByRole('option', { name: 'Zoe Luo' }).click();
    await dialog.getByRole('combobox', { name: named(f.contractForm.contract) }).click();
    // Each of her contracts with what is left to pay.
    const left = f.contractForm.left.replace('{{balance}}', money('7000.50', 'en'));
    await page.getByRole('option', { name: `${f.contractTypes.ApplicationForUniversities} · ${left}` }).click();
    await dialog.getByRole('textbox', { name: named(f.fields.amount) }).fill('1000');
    await dialog.getByRole('combobox', { name: named(f.fields.paymentMethod) }).click();
    await page.getByRole('option', { name: f.paymentMethods.Wechat }).click();
    await screenshot(page, 'contracts-deposit-form-en');
    await dialog.getByRole('button', { name: f.actions.save }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await page.goto('/admin/panel/contract');
    await zoeRow(page).getByText(c.figures.waiting.replace('{{amount}}', money('1000.00', 'en'))).waitFor(WAIT);
    expect(await zoeRow(page).getByTestId('contract-balance').textContent()).toBe(money('7000.50', 'en'));
    await page.context().close();
  });
});

describe('contracts (zh)', () => {
  const { c, f } = texts.zh;

  it('the consultant finds Zoe Luo’s contract and its balance in Chinese; at 375 px the list is cards', async () => {
    const page = await openAs('consultant', 'zh');
    await page.goto('/admin/panel/contract');
    await page.getByRole('heading', { name: c.title }).waitFor(WAIT);
    const row = zoeRow(page);
    await row.waitFor(WAIT);
    await row.getByText(f.contractTypes.ApplicationForUniversities).waitFor(WAIT);
    expect(await row.getByTestId('contract-balance').textContent()).toBe(money('7000.50', 'zh'));
    expect(await row.getByText(c.figures.discount.replace('{{value}}', money('500.00', 'zh')), { exact: false }).count()).toBe(1);
    // Kevin Zhou's consultee's contract (Leo Guo) is not the consultant's.
    expect(await page.getByRole('row').filter({ hasText: 'Leo Guo' }).count()).toBe(0);
    await screenshot(page, 'contracts-zh');
    await page.context().close();

    const phone = await openAs('consultant', 'zh', PHONE);
    await phone.goto('/admin/panel/contract');
    await phone.getByRole('heading', { name: c.title }).waitFor(WAIT);
    await phone.getByText('Zoe Luo').first().waitFor(WAIT);
    expect(await phone.locator('table').count()).toBe(0);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone, 'contracts-phone-zh');
    // The form fits too.
    await phone.getByRole('button', { name: c.add }).click();
    await phone.getByRole('dialog', { name: c.form.createTitle }).waitFor(WAIT);
    await phone.getByRole('dialog').getByRole('button', { name: c.form.addAdditional }).click();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone, 'contracts-form-phone-zh');
    await phone.context().close();
  });
});
