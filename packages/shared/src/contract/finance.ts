import { okResponse } from '../schemas/common.ts';
import { classroomIdBody, classroomIdQuery } from '../schemas/scheduling.ts';
import {
  classroomCharges,
  confirmDepositBody,
  createDepositBody,
  depositHistory,
  depositIdBody,
  depositIdQuery,
  depositList,
  depositSaved,
  depositSums,
  editDepositBody,
  editStudentsCostBody,
  fixReservationResult,
  pricesSaved,
  ownDepositsQuery,
  reverseDepositBody,
  studentBalance,
  studentBalanceQuery,
} from '../schemas/finance.ts';
import { listQuery } from '../schemas/list-query.ts';
import { defineEndpoint, type ListColumn } from './define.ts';

/** The columns a deposits list (and its sums) may filter and sort on. */
const depositColumns: Readonly<Record<string, ListColumn>> = {
  studentName: { type: 'text' },
  studentPublicKey: { type: 'text', sortable: false },
  classroomName: { type: 'text' },
  classroomId: { type: 'text', sortable: false },
  // contracts (issue 28): a contract's payments
  contractId: { type: 'text', sortable: false },
  consultantPublicKey: { type: 'text', sortable: false },
  isConfirmed: { type: 'boolean' },
  state: { type: 'enum' },
  paymentMethod: { type: 'enum' },
  depositType: { type: 'enum' },
  amount: { type: 'number' },
  chargeAt: { type: 'time' },
  createMoment: { type: 'time' },
  // The day of the final confirmation (YYYY-MM-DD in the centre's time zone): a year `2026`, a
  // month `2026-11` or a day matches with Contains, a day also with Equal (issue 28's report links).
  confirmedOn: { type: 'text', sortable: false },
};

/**
 * Finance: deposits (SPEC §7; DESIGN §7). The spec names none of these calls: they are named here
 * in its `controller/action` style and listed in docs/api.md. Scope: a consultant reaches their
 * consultees' deposits, a financial admin all, a student only their own (404 otherwise).
 */
export const depositsContract = {
  list: defineEndpoint({
    name: 'deposits.list',
    method: 'POST',
    path: 'deposit/getAll',
    body: listQuery,
    response: depositList,
    access: 'finance.read',
    listColumns: depositColumns,
    summary: 'Deposits in the caller\'s reach, paged, filtered and sorted; newest first by default.',
  }),
  sums: defineEndpoint({
    name: 'deposits.sums',
    method: 'POST',
    path: 'deposit/getSums',
    body: listQuery,
    response: depositSums,
    access: 'finance.read',
    listColumns: depositColumns,
    summary: 'The sums of the filtered deposits: confirmed (from the ledger) and waiting, per payment method.',
  }),
  own: defineEndpoint({
    name: 'deposits.own',
    method: 'GET',
    path: 'deposit/getStudentDeposits',
    query: ownDepositsQuery,
    response: depositList,
    access: 'deposits.readOwn',
    summary: 'The signed-in student\'s own deposits, newest first, optionally only confirmed or waiting ones.',
  }),
  create: defineEndpoint({
    name: 'deposits.create',
    method: 'POST',
    path: 'deposit/create',
    body: createDepositBody,
    response: depositSaved,
    access: 'deposits.create',
    summary: 'Records a deposit of a student of that classroom; it waits for confirmation and moves no money yet.',
  }),
  edit: defineEndpoint({
    name: 'deposits.edit',
    method: 'PUT',
    path: 'deposit/edit',
    body: editDepositBody,
    response: depositSaved,
    access: 'deposits.create',
    summary: 'Edits a deposit while it is not confirmed; a confirmed one is reversed instead.',
  }),
  delete: defineEndpoint({
    name: 'deposits.delete',
    method: 'DELETE',
    path: 'deposit/delete',
    body: depositIdBody,
    response: okResponse,
    access: 'deposits.create',
    summary: 'Deletes a deposit while it is not confirmed; a confirmed one is reversed instead.',
  }),
  confirm: defineEndpoint({
    name: 'deposits.confirm',
    method: 'PUT',
    path: 'deposit/confirm',
    body: confirmDepositBody,
    response: depositSaved,
    access: 'deposits.confirm',
    summary: 'Confirms a deposit directly: its money is posted to the ledger once.',
  }),
  confirmByConsultant: defineEndpoint({
    name: 'deposits.confirmByConsultant',
    method: 'PUT',
    path: 'deposit/confirmByConsultant',
    body: confirmDepositBody,
    response: depositSaved,
    access: 'deposits.confirmAsConsultant',
    summary: 'The consultant\'s confirmation (with a message); with the financial admin\'s the deposit is confirmed.',
  }),
  confirmByFinancialAdmin: defineEndpoint({
    name: 'deposits.confirmByFinancialAdmin',
    method: 'PUT',
    path: 'deposit/confirmByFinancialAdmin',
    body: confirmDepositBody,
    response: depositSaved,
    access: 'deposits.confirmAsFinancialAdmin',
    summary: 'The financial admin\'s confirmation (with a message); with the consultant\'s the deposit is confirmed.',
  }),
  reverse: defineEndpoint({
    name: 'deposits.reverse',
    method: 'PUT',
    path: 'deposit/reverse',
    body: reverseDepositBody,
    response: depositSaved,
    access: 'finance.manage',
    summary: 'Reverses a confirmed deposit: posts the reversing ledger entries; the deposit stays, marked reversed.',
  }),
  history: defineEndpoint({
    name: 'deposits.history',
    method: 'GET',
    path: 'deposit/getHistory',
    query: depositIdQuery,
    response: depositHistory,
    access: 'finance.read',
    summary: 'Every change of a deposit: who, when, before and after, oldest first.',
  }),
  studentBalance: defineEndpoint({
    name: 'deposits.studentBalance',
    method: 'GET',
    path: 'deposit/getStudentBalance',
    query: studentBalanceQuery,
    response: studentBalance,
    access: 'finance.read',
    summary: 'A student\'s money per classroom (paid, used, remaining, hours, reserved sessions), from the ledger.',
  }),
  ownBalance: defineEndpoint({
    name: 'deposits.ownBalance',
    method: 'GET',
    path: 'deposit/getMyBalance',
    response: studentBalance,
    access: 'deposits.readOwn',
    summary: 'The signed-in student\'s own money per classroom, from the ledger.',
  }),
  classroomCharges: defineEndpoint({
    name: 'deposits.classroomCharges',
    method: 'GET',
    path: 'deposit/getChargesByClassroom',
    aliases: ['classRoom/getStudentsBalance'],
    query: classroomIdQuery,
    response: classroomCharges,
    access: 'finance.read',
    summary: 'Per student of a classroom in reach: paid, used, remaining, hours; the finance warning when deposits do not cover the booked sessions.',
  }),
  fixConfirmation: defineEndpoint({
    name: 'deposits.fixConfirmation',
    method: 'PUT',
    path: 'deposit/fixConfirmation',
    body: classroomIdBody,
    response: fixReservationResult,
    access: 'finance.manage',
    summary: 'Re-runs the allocation of one classroom (charges of held sessions, reserved / formal split); idempotent; says what changed.',
  }),
  fixConfirmationForAll: defineEndpoint({
    name: 'deposits.fixConfirmationForAll',
    method: 'PUT',
    path: 'deposit/fixConfirmationForAll',
    response: fixReservationResult,
    access: 'finance.manage',
    summary: 'Re-runs the allocation of every classroom, one transaction each; idempotent; lists the classrooms that changed.',
  }),
};

/** The prices of a class (SPEC §7's classroom price PUTs, exact spellings). */
export const pricesContract = {
  editStudentsCost: defineEndpoint({
    name: 'prices.editStudentsCost',
    method: 'PUT',
    path: 'classroom/EditStudentsCostForAcademicAdviser',
    body: editStudentsCostBody,
    response: pricesSaved,
    access: 'prices.setStudentCost',
    summary: "Sets each given student's cost and discount per hour in a class (a consultant: their consultees only); re-runs the allocation.",
  }),
};
