import type { Debtor, ListQuery } from '@tutoria/shared';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { type DebtorRow, listDebtors } from './debtors.repo.ts';
import { studentMoneyScope } from './scope.ts';

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
  amountOwed: Number(row.amountOwed),
  hoursOwed: row.hoursOwed === null ? null : Number(row.hoursOwed),
});

/** Debtor students (docs/finance.md "Derived figures"): a consultant sees their consultees only. */
export function createDebtorsService(ctx: ModuleContext) {
  return {
    async list(user: SessionUser, query: ListQuery) {
      const page = await listDebtors(ctx.db, query, studentMoneyScope(user), ctx.config.listAllCap);
      return { data: page.data.map(toDebtor), totalCount: page.totalCount };
    },
  };
}
