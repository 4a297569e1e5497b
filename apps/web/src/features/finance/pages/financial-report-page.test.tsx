import { screen, within } from '@testing-library/react';
import type { FinancialReport } from '@tutoria/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '@/lib/auth-storage';
import { loadClientConfig } from '@/lib/client-config';
import { testClientConfig } from '../../../../test/client-config';
import { renderInApp } from '../../../../test/render';
import { FinancialReportPage, periodOf } from './financial-report-page';

const quarter: FinancialReport = {
  from: '2026-01-01',
  to: '2026-03-31',
  timeZone: 'Asia/Shanghai',
  moneyIn: {
    total: 1500,
    classDeposits: 500,
    contractPayments: 1000,
    byMethod: [
      { paymentMethod: 'BankCardTransfer', classDeposits: 0, contractPayments: 1000, total: 1000 },
      { paymentMethod: 'POS', classDeposits: 0, contractPayments: 0, total: 0 },
      { paymentMethod: 'Cash', classDeposits: 300, contractPayments: 0, total: 300 },
      { paymentMethod: 'Alipay', classDeposits: 200, contractPayments: 0, total: 200 },
      { paymentMethod: 'Wechat', classDeposits: 0, contractPayments: 0, total: 0 },
    ],
  },
  moneyOut: { total: 185.5, teachingSalary: 160, otherPayments: 25.5 },
  revenue: { total: 1370.5, sessions: 340, sideCosts: 30.5, contracts: 1000 },
  unpaidTeacherEarnings: 120,
  studentCredit: 189.5,
  debtors: { count: 1, owed: 60 },
  months: [
    { month: '2026-01', moneyIn: 1500, moneyOut: 185.5, revenue: 1370.5 },
    { month: '2026-02', moneyIn: 0, moneyOut: 0, revenue: 0 },
    { month: '2026-03', moneyIn: 0, moneyOut: 0, revenue: 0 },
  ],
};

let report = quarter;
let asked: string[] = [];

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = String(url);
      if (address.includes('getFinancialReport')) asked.push(address);
      const body = address.includes('getFinancialReport') ? report : testClientConfig();
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  await loadClientConfig();
});

afterAll(() => vi.unstubAllGlobals());

beforeEach(() => {
  asked = [];
  report = quarter;
  storeTokens({ access_token: 'access', refresh_token: 'refresh', expires_in: 3600 });
});

describe('the financial report page (issue 28)', () => {
  it('reads the period from the URL and shows each figure as a link to the rows behind it', async () => {
    renderInApp(<FinancialReportPage />, { url: '/admin/finance/report?from=2026-01-01&to=2026-03-31' });
    const moneyIn = await screen.findByTestId('report-money-in');
    expect(asked[0]).toContain('from=2026-01-01');
    expect(asked[0]).toContain('to=2026-03-31');
    expect(moneyIn.getAttribute('href')).toBe('/admin/finance/deposit?state=confirmed');
    const section = screen.getByRole('region', { name: 'Money in' });
    const alipay = within(section).getByRole('link', { name: /Alipay/ });
    expect(alipay.getAttribute('href')).toBe('/admin/finance/deposit?state=confirmed&paymentMethod=Alipay');
    expect(screen.getByTestId('report-money-out').getAttribute('href')).toBe(
      '/admin/finance/settlement?state=paid',
    );
    expect(screen.getByTestId('report-unpaid').getAttribute('href')).toBe(
      '/admin/finance/settlement?view=teachers',
    );
    expect(screen.getByTestId('report-owed').getAttribute('href')).toBe('/admin/finance/debtors');
    expect(screen.getByText('1 student owing')).toBeDefined();
    expect(
      within(screen.getByRole('region', { name: 'Revenue recognised' }))
        .getByRole('link', { name: /Side costs charged/ })
        .getAttribute('href'),
    ).toBe('/admin/finance/side-costs');
    // January–March is no one year, month or day: the links open every row, and the page says so.
    expect(screen.getByTestId('report-lists-all').textContent).toContain('not one whole year, month or day');
    // The months as a table for every reader, beside the chart; each month's money in and out opens
    // that month's confirmed deposits and paid settlements.
    const table = screen.getByTestId('financial-report-months');
    expect(within(table).getByText('2026-02')).toBeDefined();
    expect(
      within(table)
        .getByRole('link', { name: /Money in 2026-01/ })
        .getAttribute('href'),
    ).toBe('/admin/finance/deposit?state=confirmed&confirmedIn=2026-01');
    expect(
      within(table)
        .getByRole('link', { name: /Money out 2026-01/ })
        .getAttribute('href'),
    ).toBe('/admin/finance/settlement?state=paid&paidIn=2026-01');
    // A month without money in or out has nothing behind it: plain text, no link.
    expect(within(table).queryByRole('link', { name: /2026-02/ })).toBeNull();
    expect(within(table).queryByRole('link', { name: /2026-03/ })).toBeNull();
  }, 20_000);

  it('passes a whole month on to every money link', async () => {
    report = { ...quarter, from: '2026-01-01', to: '2026-01-31', months: quarter.months.slice(0, 1) };
    renderInApp(<FinancialReportPage />, { url: '/admin/finance/report?from=2026-01-01&to=2026-01-31' });
    const moneyIn = await screen.findByTestId('report-money-in');
    expect(moneyIn.getAttribute('href')).toBe('/admin/finance/deposit?state=confirmed&confirmedIn=2026-01');
    const alipay = within(screen.getByRole('region', { name: 'Money in' })).getByRole('link', {
      name: /Alipay/,
    });
    expect(alipay.getAttribute('href')).toBe(
      '/admin/finance/deposit?state=confirmed&paymentMethod=Alipay&confirmedIn=2026-01',
    );
    expect(screen.getByTestId('report-money-out').getAttribute('href')).toBe(
      '/admin/finance/settlement?state=paid&paidIn=2026-01',
    );
    expect(screen.queryByTestId('report-lists-all')).toBeNull();
  }, 20_000);

  it('says when the end is before the start, and asks for the default period meanwhile', async () => {
    renderInApp(<FinancialReportPage />, { url: '/admin/finance/report?from=2026-05-01&to=2026-04-01' });
    expect(await screen.findByText('The end of the period must not be before its start.')).toBeDefined();
    await screen.findByTestId('report-money-in');
    expect(asked[0]).not.toContain('from=');
  });

  it('takes only real-looking days from the URL', () => {
    expect(periodOf(new URLSearchParams('from=2026-01-01&to=soon'))).toEqual({
      from: '2026-01-01',
      to: undefined,
    });
  });
});
