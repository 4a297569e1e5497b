import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../src/locales/en/common.json';
import commonZh from '../src/locales/zh/common.json';
import en from '../src/locales/en/finance.json';
import zh from '../src/locales/zh/finance.json';
import { screenshot, signIn, startStack, type Stack } from './harness';
import { readCsv, readSheet, rowTexts } from './spreadsheet';

/**
 * Finance exports in the browser (issue 11, SPEC §7 Exports): the financial admin filters the
 * deposits, exports them as XLSX through the menu — the button shows the download's progress — and
 * the file holds exactly the filtered rows, under headers in the screen's language, money in number
 * cells; transfers and the students' balance export as CSV alike. In English and in Chinese.
 */
const texts = { en, zh };
const common = { en: commonEn, zh: commonZh };
/** The files' names and headers, as the server writes them (export-columns.ts). */
const files = {
  en: {
    deposits: 'Deposits',
    transfers: 'Transfers',
    balances: 'Students balance',
    depositHeaders: [
      'Student',
      'Consultant',
      'Class',
      'Amount',
      'Discount',
      'Payment method',
      'Deposit type',
      'State',
      'Charged at',
      'Confirmed at',
      'Recorded at',
    ],
    transferHeaders: [
      'Student',
      'From class',
      'From teacher',
      'To class',
      'To teacher',
      'Amount',
      'Charge per hour',
      'Hours (from)',
      'Income per hour',
      'Hours (to)',
      'State',
      'Recorded at',
      'Description',
    ],
  },
  zh: {
    deposits: '缴费',
    transfers: '转班',
    balances: '学生余额',
    depositHeaders: [
      '学生',
      '顾问',
      '班级',
      '金额',
      '优惠',
      '付款方式',
      '缴费类型',
      '状态',
      '付款时间',
      '确认时间',
      '录入时间',
    ],
    transferHeaders: [
      '学生',
      '转出班级',
      '转出教师',
      '转入班级',
      '转入教师',
      '金额',
      '转出每小时费用',
      '转出课时',
      '转入每小时收入',
      '转入课时',
      '状态',
      '录入时间',
      '说明',
    ],
  },
} as const;
let stack: Stack;
let downloads: string;

beforeAll(async () => {
  stack = await startStack();
  downloads = await mkdtemp(path.join(tmpdir(), 'tutoria-exports-'));
});
afterAll(async () => {
  await stack?.stop();
  if (downloads) await rm(downloads, { recursive: true, force: true });
});

async function openAs(userName: string, language: Language): Promise<Page> {
  const page = await stack.newPage();
  await page.goto('/');
  await page.evaluate((lang) => localStorage.setItem('tutoria.language', lang), language);
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//);
  return page;
}

/** The list's total, read from its pager ("1–10 of 27"). */
async function listTotal(page: Page, language: Language): Promise<number> {
  const pattern = common[language].table.pagination
    .replace(/[.*+?^$()[\]\\|]/g, '\\$&')
    .replace('{{from}}', '\\d+')
    .replace('{{to}}', '\\d+')
    .replace('{{total}}', '(\\d+)');
  const pager = new RegExp(`^${pattern}$`);
  const text = (await page.getByText(pager).textContent()) ?? '';
  return Number(pager.exec(text)?.[1]);
}

/** A money text of the screen ("IRR 1,234.50") as a number. */
const moneyOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** Exports through the page's menu; answers the saved file's name and bytes. */
async function exportFile(
  page: Page,
  language: Language,
  format: 'xlsx' | 'csv',
  beforeDone?: () => Promise<void>,
) {
  const t = texts[language];
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: t.exports.export }).click();
  await page.getByRole('menuitem', { name: t.exports[format] }).click();
  await beforeDone?.();
  const file = await download;
  const saved = path.join(downloads, `${language}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  // Done: the button is back, the progress gone.
  await page.getByRole('button', { name: t.exports.export }).waitFor();
  expect(await page.getByTestId('export-progress').count()).toBe(0);
  return { name: file.suggestedFilename(), bytes: await readFile(saved) };
}

/** A CSV export's rows: UTF-8 with a BOM. */
function csvRows(bytes: Buffer): string[][] {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return readCsv(bytes.subarray(3).toString('utf8'));
}

/** Whether no element from this one up is transparent or hidden. */
function readable(element: Element): boolean {
  for (let e: Element | null = element; e; e = e.parentElement) {
    const style = getComputedStyle(e);
    if (style.opacity === '0' || style.visibility === 'hidden') return false;
  }
  return true;
}

const dated = (name: string, format: string) => new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}\\.${format}$`);

describe.each(['en', 'zh'] as const)('finance exports (%s)', (language) => {
  const t = texts[language];
  const f = files[language];

  it('the financial admin exports the confirmed deposits as XLSX, watching its progress', async () => {
    const page = await openAs('finance', language);
    await page.goto('/admin/finance/deposit');
    await page.getByRole('heading', { name: t.deposits.title }).waitFor();
    await page.getByRole('row').filter({ hasText: t.states.waiting }).first().waitFor();
    // Confirmed only: the demo's two waiting deposits leave the list. In English that is more than
    // a page (the file holds every page); in Chinese one student's too, found by the search box.
    await page.getByRole('combobox', { name: t.filters.state, exact: true }).click();
    await page.getByRole('option', { name: t.states.confirmed, exact: true }).click();
    await page.waitForURL(/state=confirmed/);
    await expect.poll(() => page.getByRole('row').filter({ hasText: t.states.waiting }).count()).toBe(0);
    const searched = language === 'zh' ? 'Isabella' : null;
    if (searched) {
      await page.getByRole('searchbox', { name: t.filters.search }).fill(searched);
      await page.waitForURL(new RegExp(searched));
      await expect.poll(() => page.locator('tbody tr').filter({ hasNotText: searched }).count()).toBe(0);
    }
    const total = await listTotal(page, language);
    const shown = page.locator('tbody tr');
    if (searched) expect(total).toBeGreaterThan(0);
    else expect(total).toBeGreaterThan(await shown.count());
    const firstPage = await Promise.all(
      (await shown.all()).map(async (row) => ({
        student: (await row.locator('td').nth(0).locator('a, p').first().textContent()) ?? '',
        amount: moneyOf((await row.locator('td').nth(1).textContent()) ?? ''),
      })),
    );
    expect(firstPage.length).toBeGreaterThan(0);

    // Hold the file's answer a moment, to see the progress on the button.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/deposit/exportDeposits', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    const file = await exportFile(page, language, 'xlsx', async () => {
      const progress = page.getByTestId('export-progress');
      await progress.waitFor();
      expect(await progress.textContent()).toBe(
        t.exports.progress.replace('{{size}}', '0').replace('{{rows}}', '…'),
      );
      // Readable: nothing around it fades it out (as Mantine's loading state does a button's label).
      expect(await progress.evaluate(readable)).toBe(true);
      await screenshot(page, `finance-export-progress-${language}`);
      release();
    });
    await page.unroute('**/deposit/exportDeposits');
    await screenshot(page, `finance-export-done-${language}`);
    expect(file.name).toMatch(dated(f.deposits, 'xlsx'));

    const [header, ...rows] = readSheet(file.bytes);
    expect(rowTexts(header!)).toEqual(f.depositHeaders);
    expect(rows).toHaveLength(total);
    for (const row of rows) {
      // Amount and discount are number cells (no type), the state is the filtered one.
      expect(row[3]!.type).toBeNull();
      expect(row[4]!.type).toBeNull();
      expect(Number(row[3]!.value)).toBeGreaterThan(0);
      expect(row[7]).toEqual({ type: 'inlineStr', value: t.states.confirmed });
      if (searched) expect(row[0]!.value).toContain(searched);
    }
    // In the list's order: the first page of the screen is the file's first rows.
    expect(
      rows.slice(0, firstPage.length).map((r) => ({ student: r[0]!.value, amount: Number(r[3]!.value) })),
    ).toEqual(firstPage);
    await page.close();
  });

  it("exports the transfers and the students' balance as CSV", async () => {
    const page = await openAs('finance', language);
    await page.goto('/admin/finance/transfer');
    await page.getByRole('heading', { name: t.transfers.title }).waitFor();
    await page.getByRole('row').filter({ hasText: t.states.waiting }).first().waitFor();
    // Confirmed only (the list's GET query: isConfirmed).
    await page.getByRole('combobox', { name: t.filters.state, exact: true }).click();
    await page.getByRole('option', { name: t.states.confirmed, exact: true }).click();
    await page.waitForURL(/confirmed=true/);
    await expect.poll(() => page.getByRole('row').filter({ hasText: t.states.waiting }).count()).toBe(0);
    const transfers = await exportFile(page, language, 'csv');
    expect(transfers.name).toMatch(dated(f.transfers, 'csv'));
    const [transferHeader, ...transferRows] = csvRows(transfers.bytes);
    expect(transferHeader).toEqual(f.transferHeaders);
    expect(transferRows).toHaveLength(await listTotal(page, language));
    // The demo's confirmed transfer of 100.
    const moved = transferRows.find((r) => r[12] === 'Parent asked to move part of the credit');
    expect(moved?.[5]).toBe('100.00');
    expect(transferRows.map((r) => r[10])).toEqual(transferRows.map(() => t.states.confirmed));

    await page.getByRole('tab', { name: common[language].titles.financeDebtors }).click();
    await page.waitForURL('**/admin/finance/debtors');
    await page.getByRole('heading', { name: t.debtors.title }).waitFor();
    await page.locator('thead').getByText(t.debtors.amountOwed, { exact: true }).waitFor();
    const debtor = page.locator('tbody tr').first();
    await debtor.waitFor();
    const student = (await debtor.locator('td').nth(0).locator('a, p').first().textContent()) ?? '';
    const owed = moneyOf((await debtor.locator('td').nth(4).textContent()) ?? '');
    const balances = await exportFile(page, language, 'csv');
    expect(balances.name).toMatch(dated(f.balances, 'csv'));
    const [balanceHeader, ...balanceRows] = csvRows(balances.bytes);
    // The export's headers are the screen's own column titles.
    const d = t.debtors;
    expect(balanceHeader).toEqual([
      d.student,
      d.consultant,
      d.classroom,
      d.paid,
      d.used,
      d.amountOwed,
      d.hoursOwed,
      d.remaining,
      d.balanceInHour,
    ]);
    expect(balanceRows).toHaveLength(await listTotal(page, language));
    expect(balanceRows[0]![0]).toBe(student);
    expect(Number(balanceRows[0]![5])).toBe(owed);
    await page.close();
  });
});
