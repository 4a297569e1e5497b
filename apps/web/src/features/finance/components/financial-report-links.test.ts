import { describe, expect, it } from 'vitest';
import { depositFilters } from './deposit-filters';
import { reportLinks } from './financial-report-links';
import { settlementFilters } from './settlement-filters';

/** Each figure's link names filters the target page reads back (the same URL params and values). */
describe('financial report links', () => {
  const paramsOf = (href: string) => Object.fromEntries(new URL(href, 'http://x').searchParams);

  it('opens the confirmed deposits of a payment method, as the deposits page reads them', () => {
    expect(reportLinks.deposits('Alipay')).toBe(
      '/admin/finance/deposit?state=confirmed&paymentMethod=Alipay',
    );
    expect(depositFilters.parse(paramsOf(reportLinks.deposits('Alipay')))).toMatchObject({
      state: 'confirmed',
      paymentMethod: 'Alipay',
    });
    expect(depositFilters.parse(paramsOf(reportLinks.deposits()))).toMatchObject({
      state: 'confirmed',
      paymentMethod: null,
    });
  });

  it('opens the paid settlements of a type, and the teachers’ sums', () => {
    expect(settlementFilters.parse(paramsOf(reportLinks.settlements('TeachingSalary')))).toMatchObject({
      state: 'paid',
      type: 'TeachingSalary',
    });
    expect(reportLinks.teacherSums()).toBe('/admin/finance/settlement?view=teachers');
  });

  it('opens every balance, or the debtors as the balances tab opens', () => {
    expect(reportLinks.balances()).toBe('/admin/finance/debtors?all=true');
    expect(reportLinks.debtors()).toBe('/admin/finance/debtors');
    expect(reportLinks.contracts()).toBe('/admin/panel/contract');
  });
});
