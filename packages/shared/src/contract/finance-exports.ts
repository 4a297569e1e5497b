import { z } from 'zod';
import {
  depositGuide,
  depositGuideQuery,
  listExportBody,
  teachersBalanceExportQuery,
  transfersExportQuery,
} from '../schemas/finance-exports.ts';
import { transferList, transfersQuery } from '../schemas/transfers.ts';
import { defineEndpoint } from './define.ts';
import { depositsContract } from './finance.ts';
import { contractsContract } from './contracts.ts';
import { debtorsContract, sideCostsContract } from './finance-fees.ts';
import { settlementsContract } from './settlements.ts';

const file = z
  .unknown()
  .describe('The file itself (XLSX or CSV), streamed as an attachment; X-Total-Rows says how many rows.');

/**
 * Finance exports (SPEC §7 Exports: deposits, transfers, students' balance), the guide for create
 * and the student's own transfers. The spec names none of these calls: named here in its
 * `controller/action` style. Exports take the list's own filters, so they accept the same columns.
 */
export const financeExportsContract = {
  exportDeposits: defineEndpoint({
    name: 'financeExports.deposits',
    method: 'POST',
    path: 'deposit/exportDeposits',
    body: listExportBody,
    response: file,
    access: 'finance.read',
    listColumns: depositsContract.list.listColumns,
    summary:
      "Every deposit the list would show with these filters and order, as XLSX or CSV with headers in the caller's language; streamed.",
  }),
  exportTransfers: defineEndpoint({
    name: 'financeExports.transfers',
    method: 'GET',
    path: 'transfer/exportTransfers',
    query: transfersExportQuery,
    response: file,
    access: 'finance.read',
    summary:
      'Every transfer the list would show with these filters (index and size ignored), as XLSX or CSV; streamed.',
  }),
  exportBalances: defineEndpoint({
    name: 'financeExports.balances',
    method: 'POST',
    path: 'deposit/exportStudentsBalance',
    body: listExportBody,
    response: file,
    access: 'finance.read',
    listColumns: debtorsContract.balances.listColumns,
    summary:
      "The students' balance as its list shows it (paid, used, remaining, owed in money and hours, hours left), filtered and ordered alike (`owes` = true: the debtors only), as XLSX or CSV; streamed.",
  }),
  // issue 28: side costs, settlements, contracts and teachers' balance
  exportSideCosts: defineEndpoint({
    name: 'financeExports.sideCosts',
    method: 'POST',
    path: 'classroom/exportStudentSideCosts',
    body: listExportBody,
    response: file,
    access: 'finance.read',
    listColumns: sideCostsContract.all.listColumns,
    summary:
      "Every side cost the side costs list would show with these filters and order (a consultant: their consultees'), as XLSX or CSV; streamed.",
  }),
  exportSettlements: defineEndpoint({
    name: 'financeExports.settlements',
    method: 'POST',
    path: 'settlement/exportSettlements',
    body: listExportBody,
    response: file,
    access: 'settlements.manage',
    listColumns: settlementsContract.list.listColumns,
    summary:
      'Every settlement the settlements list would show with these filters and order, as XLSX or CSV; streamed.',
  }),
  exportContracts: defineEndpoint({
    name: 'financeExports.contracts',
    method: 'POST',
    path: 'contract/exportContracts',
    body: listExportBody,
    response: file,
    access: 'contracts.read',
    listColumns: contractsContract.list.listColumns,
    summary:
      "Every contract the contracts list would show with these filters and order (a consultant: their students'), with paid (from the ledger) and balance, as XLSX or CSV; streamed.",
  }),
  exportTeachersBalance: defineEndpoint({
    name: 'financeExports.teachersBalance',
    method: 'GET',
    path: 'settlement/exportTeachersBalance',
    query: teachersBalanceExportQuery,
    response: file,
    access: 'settlements.manage',
    summary:
      "Each teacher's earned, paid, unpaid, other payments and waiting, as settlement/getAllTeachersSum computes them from the ledger (optionally of one lesson type), as XLSX or CSV.",
  }),
  guide: defineEndpoint({
    name: 'financeExports.guide',
    method: 'GET',
    path: 'deposit/getGuideForCreate',
    query: depositGuideQuery,
    response: depositGuide,
    access: 'deposits.create',
    summary:
      'What a student owes for a class now: booked hours × (cost − discount) + side costs − credit, in money and hours, from the ledger and the prices.',
  }),
  ownTransfers: defineEndpoint({
    name: 'financeExports.ownTransfers',
    method: 'GET',
    path: 'transfer/getMyTransfers',
    query: transfersQuery,
    response: transferList,
    access: 'deposits.readOwn',
    summary: "The signed-in student's own transfers (waiting, confirmed, reversed), newest first.",
  }),
};
