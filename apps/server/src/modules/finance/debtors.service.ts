import type { Debtor, ListQuery } from '@tutoria/shared';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { type BalanceListKind, type DebtorRow, listBalances } from './debtors.repo.ts';
import { studentMoneyScope } from './money-reach.ts';

export type DebtorsService = ReturnType<typeof createDebtorsService>;

const toDebtor = (row: Omit<DebtorRow, 'totalCount'>): Debtor => ({
  studentPublicKey: row.studentKey,
  studentName: row.studentName,
  consultantPublicKey: row.consultantKey,
  consultantName: row.consultantName,
  classroomId: row.classroomId,
  classroomName: row.classroomName,
  paid: Number(row.paid),
  used: Number(row.used),
  remaining: Number(row.remaining),
  amountOwed: Number(row.amountOwed),
  hoursOwed: row.hoursOwed === null ? null : Number(row.hoursOwed),
  balanceInHour: row.balanceInHour === null ? null : Number(row.balanceInHour),
});

/**
 * Debtor students and every student's balance (docs/finance.md "Derived figures"): a consultant
 * sees their consultees only.
 */
export function createDebtorsService(ctx: ModuleContext) {
  return {
    async list(user: SessionUser, query: ListQuery, kind: BalanceListKind = 'debtors') {
      const page = await listBalances(ctx.db, kind, query, studentMoneyScope(user), ctx.config.listAllCap);
      return { data: page.data.map(toDebtor), totalCount: page.totalCount };
    },
  };
}
