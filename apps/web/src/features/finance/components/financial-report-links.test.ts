import { describe, expect, it } from 'vitest';
import { depositFilters, depositWhere } from './deposit-filters';
import { monthPrefix, periodPrefix, reportLinks } from './financial-report-links';
import { settlementFilters, settlementWhere } from './settlement-filters';

/** Each figure's link names filters the target page reads back (the same URL params and values). */
describe('financial report links', () => {
  const paramsOf = (href: string) => Object.fromEntries(new URL(href, 'http://x').searchParams);

  it('opens the confirmed deposits of a payment method, as the deposits page reads them', () => {
    expect(reportLinks.deposits({ paymentMethod: 'Alipay' })).toBe(
      '/admin/finance/deposit?state=confirmed&paymentMethod=Alipay',
    );
    expect(depositFilters.parse(paramsOf(reportLinks.deposits({ paymentMethod: 'Alipay' })))).toMatchObject({
      state: 'confirmed',
      paymentMethod: 'Alipay',
      confirmedIn: null,
    });
    expect(depositFilters.parse(paramsOf(reportLinks.deposits()))).toMatchObject({
      state: 'confirmed',
      paymentMethod: null,
    });
  });

  it('opens the deposits confirmed in a year, a month or a day, filtered by the list', () => {
    const link = reportLinks.deposits({ paymentMethod: 'Cash', within: '2026-11' });
    expect(link).toBe('/admin/finance/deposit?state=confirmed&paymentMethod=Cash&confirmedIn=2026-11');
    const filters = depositFilters.parse(paramsOf(link));
    expect(filters.confirmedIn).toBe('2026-11');
    expect(depositWhere(filters)).toContainEqual([
      { column: 'confirmedOn', comparison: 'Contains', operand: '2026-11' },
    ]);
    const day = depositFilters.parse(paramsOf(reportLinks.deposits({ within: '2026-11-28' })));
    expect(depositWhere(day)).toContainEqual([
      { column: 'confirmedOn', comparison: 'Equal', operand: '2026-11-28' },
    ]);
    expect(reportLinks.deposits({ within: null })).toBe('/admin/finance/deposit?state=confirmed');
  });

  it('opens the paid settlements of a type, paid in a period, and the teachers’ sums', () => {
    expect(
      settlementFilters.parse(paramsOf(reportLinks.settlements({ type: 'TeachingSalary' }))),
    ).toMatchObject({
      state: 'paid',
      type: 'TeachingSalary',
      paidIn: null,
    });
    const link = reportLinks.settlements({ type: 'OtherPayments', within: '2026' });
    expect(link).toBe('/admin/finance/settlement?state=paid&type=OtherPayments&paidIn=2026');
    expect(settlementWhere(settlementFilters.parse(paramsOf(link)))).toContainEqual([
      { column: 'paidOn', comparison: 'Contains', operand: '2026' },
    ]);
    expect(reportLinks.teacherSums()).toBe('/admin/finance/settlement?view=teachers');
  });

  it('opens every balance, the side costs, or the debtors as the balances tab opens', () => {
    expect(reportLinks.balances()).toBe('/admin/finance/debtors?all=true');
    expect(reportLinks.sideCosts()).toBe('/admin/finance/side-costs');
    expect(reportLinks.debtors()).toBe('/admin/finance/debtors');
    expect(reportLinks.contracts()).toBe('/admin/panel/contract');
  });
});

describe('a period as a year, a month or a day', () => {
  it('names exactly one whole year, month or day, and nothing else', () => {
    expect(periodPrefix('2026-01-01', '2026-12-31')).toBe('2026');
    expect(periodPrefix('2026-11-01', '2026-11-30')).toBe('2026-11');
    expect(periodPrefix('2028-02-01', '2028-02-29')).toBe('2028-02');
    expect(periodPrefix('2026-02-01', '2026-02-28')).toBe('2026-02');
    expect(periodPrefix('2026-11-28', '2026-11-28')).toBe('2026-11-28');
    expect(periodPrefix('2026-01-01', '2026-03-31')).toBeNull();
    expect(periodPrefix('2026-11-02', '2026-11-30')).toBeNull();
    expect(periodPrefix('2026-11-01', '2026-11-29')).toBeNull();
    expect(periodPrefix('2025-01-01', '2026-12-31')).toBeNull();
    expect(periodPrefix('2026-12-01', '2027-01-31')).toBeNull();
  });

  it('names a month of the period when the period covers all of it (or one day of it)', () => {
    expect(monthPrefix('2026-02', '2026-01-01', '2026-03-31')).toBe('2026-02');
    expect(monthPrefix('2026-01', '2026-01-15', '2026-03-31')).toBeNull();
    expect(monthPrefix('2026-03', '2026-01-01', '2026-03-01')).toBe('2026-03-01');
    expect(monthPrefix('2026-12', '2026-01-01', '2026-12-31')).toBe('2026-12');
  });
});
