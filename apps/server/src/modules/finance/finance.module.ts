import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import type { SchedulingModule } from '../scheduling/scheduling.module.ts';
import type { UsersService } from '../users/users.module.ts';
import { createBalancesService } from './balances.service.ts';
import { createDepositsService } from './deposits.service.ts';
import './finance.events.ts';
import { financeRoutes } from './finance.routes.ts';
import { hasMoneyRecords, studentsWithMoneyIn } from './ownership.repo.ts';
import { createPricesService } from './prices.service.ts';
import { createReservationService } from './reservation.service.ts';
// finance: transfers
import { transfersRoutes } from './transfers.routes.ts';
import { createTransfersService } from './transfers.service.ts';
// finance: teacher fees, teacher salary, side costs (issue 11, fin-fees)
import './fees.events.ts';
import { feesRoutes } from './fees.routes.ts';
import { createDebtorsService } from './debtors.service.ts';
import { createSideCostsService } from './side-costs.service.ts';
import { createTeacherFeesService } from './teacher-fees.service.ts';
import { createTeacherSalaryService } from './teacher-salary.service.ts';
// fin-export: exports, guide for create, the student's transfers
import { exportsRoutes } from './exports.routes.ts';
import { createExportsService } from './exports.service.ts';
import { createGuideService } from './guide.service.ts';
// deposit receipts (issue 11, receipt)
import { depositReceiptsRoutes } from './deposit-receipts.routes.ts';
import { createDepositReceiptsService } from './deposit-receipts.service.ts';
// teacher settlements (issue 28)
import { createSettlementReportsService } from './settlement-reports.service.ts';
import { settlementsRoutes } from './settlements.routes.ts';
// profit per class and per consultant (issue 28)
import { profitRoutes } from './profit.routes.ts';
import { createProfitService } from './profit.service.ts';
import { createSettlementsService } from './settlements.service.ts';
// contracts (issue 28)
import { createContractFilesService } from './contract-files.service.ts';
import './contracts.events.ts';
import { contractsRoutes } from './contracts.routes.ts';
import { createContractsService } from './contracts.service.ts';
// the financial report (issue 28)
import { financialReportRoutes } from './financial-report.routes.ts';
import { createFinancialReportService } from './financial-report.service.ts';

/** A student's page (issue 31): one student's balances, totals, newest deposits and transfers (the caller decides the money reach). */
export { studentMoneyOf } from './student-money.ts';
/** The dashboard (issue 29): this month's money in and the debtors, within the caller's money reach. */
export { monthMoneyOf } from './dashboard-money.repo.ts';
/** What waits in finance, counted for the staff tasks (issue 29): the caller decides side and reach. */
export { moneyTaskCounts, type MoneyTaskCounts, type WaitingSide } from './tasks.repo.ts';

/**
 * Finance (issue 11; DESIGN §7; docs/finance.md). Owns `deposits`, `student_prices`,
 * `classroom_salaries`, `teacher_fees`, `student_side_costs`, `ledger_transactions` and `ledger_entries`
 * (and, issue 28, `settlements`, `settlement_sessions`, `contracts`, `contract_additions`,
 * `contract_files` and `contract_file_tickets`). Reads
 * classrooms and sessions through scheduling's general views and ports and sets their `financialConfirmation`
 * through `setFinancialConfirmation`. When sessions or classrooms change, the classroom's
 * allocation (charges of held sessions, reserved / formal split) is re-run by an outbox
 * subscriber — idempotent, so a retried event changes nothing more.
 */
export function createFinanceModule(
  ctx: ModuleContext,
  deps: { users: UsersService; scheduling: Pick<SchedulingModule, 'registerDestroyCheck'> },
) {
  // Money history is kept for good: a person or a class with money records is archived, not deleted.
  deps.users.registerOwnedRecordsCheck(async (q, user) =>
    (await hasMoneyRecords(q, user.publicKey)) ? 'recordPayments' : null,
  );
  deps.scheduling.registerDestroyCheck(async (q, classroomId) => ({
    key: 'classroomHasPayments',
    names: await studentsWithMoneyIn(q, classroomId),
  }));
  const deposits = createDepositsService(ctx);
  const balances = createBalancesService(ctx);
  const prices = createPricesService(ctx);
  const reservation = createReservationService(ctx);
  const reallocate = reservation.run;
  ctx.events.subscribe('session.changed', 'finance.allocation', (e) =>
    reallocate(e.payload.classroomId, e.payload.actorKey).then(() => undefined),
  );
  ctx.events.subscribe('classroom.changed', 'finance.allocation', (e) =>
    e.payload.action === 'destroyed'
      ? Promise.resolve()
      : reallocate(e.payload.classroomId, e.payload.actorKey).then(() => undefined),
  );
  const services = { deposits, balances, prices, reservation };
  // finance: transfers
  const transfers = createTransfersService(ctx);
  // finance: teacher fees, teacher salary, side costs (issue 11, fin-fees)
  const fees = {
    teacherFees: createTeacherFeesService(ctx),
    teacherSalary: createTeacherSalaryService(ctx),
    sideCosts: createSideCostsService(ctx),
    debtors: createDebtorsService(ctx),
  };
  // fin-export
  const exportsAndGuide = { exports: createExportsService(ctx), guide: createGuideService(ctx) };
  // deposit receipts (issue 11, receipt)
  const receipts = createDepositReceiptsService(ctx);
  // teacher settlements (issue 28)
  const settlements = createSettlementsService(ctx);
  const settlementReports = createSettlementReportsService(ctx);
  // contracts (issue 28)
  const contracts = { contracts: createContractsService(ctx), files: createContractFilesService(ctx) };
  // the financial report (issue 28)
  const financialReport = createFinancialReportService(ctx);
  // profit per class and per consultant (issue 28)
  const profit = createProfitService(ctx);
  return {
    ...services,
    transfers,
    ...fees,
    routes: async (app: FastifyInstance) => {
      financeRoutes(app, services);
      transfersRoutes(app, transfers);
      feesRoutes(app, fees);
      exportsRoutes(app, { ...exportsAndGuide, transfers });
      await depositReceiptsRoutes(app, receipts);
      settlementsRoutes(app, { settlements, reports: settlementReports, currency: ctx.config.currency });
      await contractsRoutes(app, contracts);
      financialReportRoutes(app, financialReport);
      profitRoutes(app, profit);
    },
  };
}

export type FinanceModule = ReturnType<typeof createFinanceModule>;
