import type { PaymentMethod, SettlementType } from '@tutoria/shared';
import { paths } from '@/lib/paths';

/**
 * Where each figure of the financial report opens: the list of the rows behind it, filtered by
 * the URL params those pages read (`deposit-filters.tsx`, `settlement-filters.tsx`, the settlements
 * page's `view`, the balances page's `all`). The deposits and settlements lists filter by the day
 * money was posted (`confirmedIn`, `paidIn`) as a year, a month or a day only (their list query
 * compares Equal and Contains, SPEC §9): a period that is exactly one of those is passed on, any
 * other opens every such row (`periodPrefix` is null, and the page says so).
 */
const href = (path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The last day of a month, `DD` (month 1–12; day 0 of the next month). */
const lastDayOf = (year: number, month: number) =>
  String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0');

/**
 * The period `from`–`to` (days `YYYY-MM-DD`, both included) as the text a day column matches:
 * `YYYY-MM-DD` for one day, `YYYY-MM` for one whole month, `YYYY` for one whole year; else null.
 */
export function periodPrefix(from: string, to: string): string | null {
  const a = DAY.exec(from);
  const b = DAY.exec(to);
  if (!a || !b) return null;
  if (from === to) return from;
  const [, year, month, day] = a;
  if (day !== '01' || b[1] !== year) return null;
  if (month === '01' && to === `${year}-12-31`) return year!;
  if (b[2] === month && b[3] === lastDayOf(Number(year), Number(month))) return `${year}-${month}`;
  return null;
}

/**
 * The part of the period `from`–`to` inside one month (`YYYY-MM`) as `periodPrefix` reads it: the
 * month when the period covers all of it, its day when only one, else null (a partial month).
 */
export function monthPrefix(month: string, from: string, to: string): string | null {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return null;
  const first = `${month}-01`;
  const last = `${month}-${lastDayOf(year, m)}`;
  return periodPrefix(from > first ? from : first, to < last ? to : last);
}

/** A year, month or day prefix as a URL param, or nothing. */
const within = (name: string, prefix: string | null | undefined) => (prefix ? { [name]: prefix } : {});

export const reportLinks = {
  /**
   * Confirmed deposits (class deposits and contract payments), of one payment method if given,
   * confirmed in a year, month or day if given.
   */
  deposits: (options: { paymentMethod?: PaymentMethod; within?: string | null } = {}) =>
    href(paths.financeDeposit.path, {
      state: 'confirmed',
      ...(options.paymentMethod ? { paymentMethod: options.paymentMethod } : {}),
      ...within('confirmedIn', options.within),
    }),
  /** The contracts and what each has been paid. */
  contracts: () => paths.adminContract.path,
  /** Paid settlements, of one type if given, paid in a year, month or day if given. */
  settlements: (options: { type?: SettlementType; within?: string | null } = {}) =>
    href(paths.financeSettlement.path, {
      state: 'paid',
      ...(options.type ? { type: options.type } : {}),
      ...within('paidIn', options.within),
    }),
  /** Every teacher's earned, paid and unpaid: the settlements page's teachers view. */
  teacherSums: () => href(paths.financeSettlement.path, { view: 'teachers' }),
  /** Every student's balance in every class (paid, used, remaining): sessions used. */
  balances: () => href(paths.financeDebtors.path, { all: 'true' }),
  /** Every student's side costs per class, with their totals. */
  sideCosts: () => paths.financeSideCosts.path,
  /** The students who owe: the balances tab as it opens. */
  debtors: () => paths.financeDebtors.path,
};
