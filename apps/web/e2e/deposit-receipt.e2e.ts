import type { Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../src/locales/en/finance.json';
import zh from '../src/locales/zh/finance.json';
import { screenshot, signIn, startStack, type Stack } from './harness';

/**
 * A deposit's receipt in the browser (issue 11, receipt), in English and in Chinese: the financial
 * admin attaches a PDF receipt to a waiting deposit in its form (no other change: its confirmation
 * steps stay), finds the paper clip in the deposits list and downloads it through its one-use link;
 * the student downloads it from their own payments.
 */
const texts = { en, zh };
const WAIT = { timeout: 20_000 };
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

async function openAs(userName: string, language: Language): Promise<Page> {
  const page = await stack.newPage({ viewport: { width: 1400, height: 900 } });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

describe.each(['en', 'zh'] as const)('deposit receipt (%s)', (language) => {
  const t = texts[language];
  const fileName = language === 'en' ? 'Receipt March.pdf' : '收据 三月.pdf';

  it('the financial admin attaches a PDF receipt to a waiting deposit and downloads it', async () => {
    const page = await openAs('finance', language);
    await page.goto('/admin/finance/deposit');
    await page.getByRole('heading', { name: t.deposits.title }).waitFor(WAIT);
    // Lucas Huang's deposit, which his consultant already confirmed (the demo's data).
    const halfConfirmed = `${t.states.waiting} · ${t.states.byConsultant}`;
    const row = page
      .getByRole('row')
      .filter({ hasText: 'Lucas Huang' })
      .filter({ hasText: t.states.waiting })
      .first();
    await row.waitFor(WAIT);
    await row.getByRole('button', { name: t.columns.actions }).click();
    await page.getByRole('menuitem', { name: t.rowActions.edit }).click();
    const dialog = page.getByRole('dialog', { name: t.form.editTitle });
    await dialog.waitFor(WAIT);
    const chooser = page.waitForEvent('filechooser', WAIT);
    await dialog.getByTestId('deposit-receipt-input').click();
    await (await chooser).setFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf(language) });
    await dialog.getByText(fileName).waitFor(WAIT);
    await screenshot(page, `deposit-receipt-form-${language}`);
    await dialog.getByRole('button', { name: t.actions.save }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });

    const link = page.getByRole('button', { name: t.receipt.download.replace('{{name}}', fileName) });
    await link.first().waitFor(WAIT);
    await screenshot(page, `deposit-receipt-list-${language}`);
    const download = page.waitForEvent('download', WAIT);
    await link.first().click();
    expect((await download).suggestedFilename()).toBe(fileName);
    // Only a receipt was added: the consultant's confirmation step stays; it can be removed while waiting.
    const withReceipt = page.getByRole('row').filter({ has: link.first() });
    expect(await withReceipt.getByText(halfConfirmed).count()).toBe(1);
    expect(await withReceipt.getByRole('button', { name: t.receipt.remove }).count()).toBe(1);
    await page.context().close();
  });

  it('the student downloads the receipt of their own deposit', async () => {
    const page = await openAs('student', language);
    await page.goto('/panel/classes');
    const own = page.getByTestId('own-money');
    const link = own.getByRole('button', { name: t.receipt.download.replace('{{name}}', fileName) });
    await link.waitFor(WAIT);
    await screenshot(page, `deposit-receipt-student-${language}`);
    const download = page.waitForEvent('download', WAIT);
    await link.click();
    expect((await download).suggestedFilename()).toBe(fileName);
    expect(await own.getByRole('button', { name: t.receipt.remove }).count()).toBe(0);
    await page.context().close();
  });
});
