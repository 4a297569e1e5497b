import { STUDENT_MONEY_RECENT, type StudentMoney } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { balancesOf, moneyTotalsOf } from './balances.repo.ts';
import { depositsOfStudent, listDeposits } from './deposits.repo.ts';
import { listTransfers, ofStudent } from './transfers.repo.ts';
import { toTransfer } from './transfers.views.ts';
import { toBalance, toDeposit } from './views.ts';

/** What a debit balance owes: −remaining when negative, else 0 — read off the decimal string, no arithmetic. */
const owedOf = (remaining: string) => Number(remaining.startsWith('-') ? remaining.slice(1) : '0');

/**
 * One student's money (a student's page, issue 31), each part finance's own reading: the balances
 * exactly as deposits.studentBalance answers them (from the ledger), their sums, and the newest
 * deposits and transfers as their lists answer them. The caller has decided the money reach.
 */
export async function studentMoneyOf(
  q: Queryable,
  studentKey: string,
  options: { allCap: number; timeZone: string },
): Promise<StudentMoney> {
  const newest = { page: { index: 1, size: STUDENT_MONEY_RECENT }, where: [], order: [] };
  const [balances, totals, deposits, transfers] = await Promise.all([
    balancesOf(q, { studentKey }),
    moneyTotalsOf(q, studentKey),
    listDeposits(q, newest, depositsOfStudent(studentKey), options),
    listTransfers(q, newest, ofStudent(studentKey), options.allCap),
  ]);
  return {
    balances: balances.map((row) => ({ ...toBalance(row), amountOwed: owedOf(row.remaining) })),
    totals: {
      paid: Number(totals.paid),
      used: Number(totals.used),
      remaining: Number(totals.remaining),
      debt: Number(totals.debt),
    },
    deposits: deposits.data.map(toDeposit),
    depositCount: deposits.totalCount,
    transfers: transfers.data.map(toTransfer),
    transferCount: transfers.totalCount,
  };
}
