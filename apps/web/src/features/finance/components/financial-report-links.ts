import type { PaymentMethod, SettlementType } from '@tutoria/shared';
import { paths } from '@/lib/paths';

/**
 * Where each figure of the financial report opens: the list of the rows behind it, filtered by
 * the URL params those pages read (`deposit-filters.tsx`, `settlement-filters.tsx`, the settlements
 * page's `view`, the balances page's `all`). Those lists filter by state, method and type; none
 * by a range of days (the list query's comparisons are Equal, NotEqual and Contains, SPEC §9), so
 * a link opens every such row and the report's period is the figure's own.
 */
const href = (path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
};

export const reportLinks = {
  /** Confirmed deposits (class deposits and contract payments), of one payment method if given. */
  deposits: (paymentMethod?: PaymentMethod) =>
    href(paths.financeDeposit.path, { state: 'confirmed', ...(paymentMethod ? { paymentMethod } : {}) }),
  /** The contracts and what each has been paid. */
  contracts: () => paths.adminContract.path,
  /** Paid settlements, of one type if given. */
  settlements: (type?: SettlementType) =>
    href(paths.financeSettlement.path, { state: 'paid', ...(type ? { type } : {}) }),
  /** Every teacher's earned, paid and unpaid: the settlements page's teachers view. */
  teacherSums: () => href(paths.financeSettlement.path, { view: 'teachers' }),
  /** Every student's balance in every class (paid, used, remaining): sessions and side costs used. */
  balances: () => href(paths.financeDebtors.path, { all: 'true' }),
  /** The students who owe: the balances tab as it opens. */
  debtors: () => paths.financeDebtors.path,
};
