import { largeKey } from '../../apps/server/src/seed/large.ts';
import type { BenchCase } from './cases.ts';

// The finance cases (issues 11 and 28) on the `seed:large` centre, signed in as `admin`.

/** Student 1: classroom 0 is their private class (100 sessions). */
const student = largeKey('student', 1);
const DAY = 86_400;

/** Finance (issue 11): the deposits page with a filter and its sums, balances, debtors, transfers. */
export function financeCases(): BenchCase[] {
  const cash = {
    page: { index: 1, size: 20 },
    where: [[{ column: 'paymentMethod', comparison: 'Equal', operand: 'Cash' }]],
  };
  return [
    {
      name: 'deposits-list',
      title: 'deposits page 1, payment method filter',
      method: 'POST',
      path: 'deposit/getAll',
      body: cash,
    },
    {
      name: 'deposits-sums',
      title: 'deposits sums, same filter',
      method: 'POST',
      path: 'deposit/getSums',
      body: { where: cash.where },
    },
    {
      name: 'deposits-sums-all',
      title: 'deposits sums, no filter (the page as opened)',
      method: 'POST',
      path: 'deposit/getSums',
      body: { where: [] },
    },
    {
      name: 'student-balance',
      title: "a student's balance per class",
      method: 'GET',
      path: `deposit/getStudentBalance?studentPublicKey=${student}`,
    },
    {
      name: 'class-charges',
      title: "a class's charges per student",
      method: 'GET',
      path: `deposit/getChargesByClassroom?classroomId=${largeKey('classroom', 3)}`,
    },
    {
      name: 'debtors',
      title: 'debtor students page 1 (every balance)',
      method: 'POST',
      path: 'deposit/getDebtorStudents',
      body: { page: { index: 1, size: 20 } },
    },
    {
      name: 'balances',
      title: "all students' balances page 1 (the Balances tab, switched off)",
      method: 'POST',
      path: 'deposit/getStudentsBalances',
      body: { page: { index: 1, size: 20 } },
    },
    {
      name: 'transfers',
      title: 'transfers page 1',
      method: 'GET',
      path: 'transfer/getTransfers?index=1&size=20',
    },
  ];
}

/**
 * Teacher settlements (issue 28): the settlements list (every settlement, and one teacher's), the
 * group guide for all 300 teachers up to now, and all teachers' sums.
 */
export function settlementCases(): BenchCase[] {
  return [
    {
      name: 'settlements-list',
      title: 'settlements page 1 (every settlement)',
      method: 'POST',
      path: 'settlement/getAllSettlements',
      body: { page: { index: 1, size: 20 } },
    },
    {
      name: 'settlements-teacher',
      title: "settlements page 1, one teacher's",
      method: 'POST',
      path: 'settlement/getAllSettlements',
      body: {
        page: { index: 1, size: 20 },
        where: [[{ column: 'teacherPublicKey', comparison: 'Equal', operand: largeKey('teacher', 1) }]],
      },
    },
    {
      name: 'group-guide',
      title: 'group settlement guide, all teachers up to now',
      method: 'POST',
      path: 'settlement/getGroupSettlementGuide',
      body: { toTime: Math.floor(Date.now() / 1000) },
    },
    {
      name: 'teachers-sum',
      title: "all teachers' sums (earned, paid, unpaid)",
      method: 'GET',
      path: 'settlement/getAllTeachersSum',
    },
  ];
}

/**
 * The financial report (issue 28): this year's (the page as opened), every figure and the months
 * summed over the ledger; target ≤ 1 s on PostgreSQL.
 */
export function financialReportCases(): BenchCase[] {
  const year = new Date().getUTCFullYear();
  return [
    {
      name: 'financial-report',
      title: 'financial report for a year (this year, from the ledger)',
      method: 'GET',
      path: `deposit/getFinancialReport?from=${year}-01-01&to=${year}-12-31`,
    },
  ];
}

/**
 * Contracts (issue 28): the contracts page as opened (every contract, newest first, each with its
 * additional contracts and paid from the ledger) and one consultant's students' contracts.
 */
export function contractCases(): BenchCase[] {
  return [
    {
      name: 'contracts-list',
      title: 'contracts page 1 (every contract, paid from the ledger)',
      method: 'POST',
      path: 'contract/getAllContracts',
      body: { page: { index: 1, size: 20 } },
    },
    {
      name: 'contracts-consultant',
      title: "contracts page 1, one consultant's students",
      method: 'POST',
      path: 'contract/getAllContracts',
      body: {
        page: { index: 1, size: 20 },
        where: [[{ column: 'consultantPublicKey', comparison: 'Equal', operand: largeKey('consultant', 1) }]],
      },
    },
  ];
}

/** Side costs (issue 28): the finance list of every student's side costs, page 1, with its totals. */
export function sideCostCases(): BenchCase[] {
  return [
    {
      name: 'side-costs-list',
      title: 'side costs page 1 (every student, with the totals)',
      method: 'POST',
      path: 'classroom/getAllStudentSideCosts',
      body: { page: { index: 1, size: 20 } },
    },
  ];
}

/**
 * Profit (issue 28): every academic consultant's profit over the last year (their students' revenue
 * and part of the teacher pay, the share), and the classes' profit page 1 for the last year, least
 * margin first (every class's figures summed before the order).
 */
export function profitCases(): BenchCase[] {
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  const now = Math.floor(Date.now() / 1000);
  const year = { from: day(now - 365 * DAY), to: day(now) };
  return [
    {
      name: 'consultant-profit-year',
      title: 'academic consultant profit, one year',
      method: 'GET',
      path: `deposit/getAcademicConsultantProfit?from=${year.from}&to=${year.to}`,
    },
    {
      name: 'classes-profit-year',
      title: 'classes profit page 1, one year (least margin first)',
      method: 'POST',
      path: 'classroom/getClassroomsProfit',
      body: { page: { index: 1, size: 20 }, ...year },
    },
  ];
}
