import { okResponse } from '../schemas/common.ts';
import {
  confirmTransferBody,
  createTransferBody,
  editTransferBody,
  reverseTransferBody,
  transferBalance,
  transferBalanceQuery,
  transferIdBody,
  transferList,
  transferSaved,
  transfersQuery,
} from '../schemas/transfers.ts';
import { defineEndpoint } from './define.ts';

/**
 * Finance: transfers (SPEC §7, its spellings; DESIGN §7; docs/finance.md "Transfers"). Scope: a
 * consultant reaches their consultees' transfers, a financial admin all, a teacher and a student
 * none (404 as if absent). Create, edit and delete share the deposits' permission; the general
 * confirm is the deposits' direct confirm; the two steps have their own permissions.
 */
export const transfersContract = {
  list: defineEndpoint({
    name: 'transfers.list',
    method: 'GET',
    path: 'transfer/getTransfers',
    aliases: ['getTransfers'],
    query: transfersQuery,
    response: transferList,
    access: 'finance.read',
    summary: 'Transfers in reach, paged (index, size), filtered by isConfirmed, studentName, classroomName (either side); with both classes, teachers and hours.',
  }),
  create: defineEndpoint({
    name: 'transfers.create',
    method: 'POST',
    path: 'transfer/createTransfer',
    body: createTransferBody,
    response: transferSaved,
    access: 'deposits.create',
    summary: "Records a transfer of a student's unused credit between two of their classes (amount, or hours × the source's charge per hour); it waits for confirmation and moves no money yet.",
  }),
  edit: defineEndpoint({
    name: 'transfers.edit',
    method: 'PUT',
    path: 'transfer/editTransfer',
    aliases: ['editTransfer'],
    body: editTransferBody,
    response: transferSaved,
    access: 'deposits.create',
    summary: 'Edits a transfer while it is not confirmed (the steps taken are cleared); a confirmed one is reversed instead.',
  }),
  confirm: defineEndpoint({
    name: 'transfers.confirm',
    method: 'PUT',
    path: 'transfer/confirmTransfer',
    aliases: ['confirmTransfer'],
    body: confirmTransferBody,
    response: transferSaved,
    access: 'deposits.confirm',
    summary: 'The general confirm: the transfer is confirmed at once and its credit moves (posted to the ledger once).',
  }),
  confirmByConsultant: defineEndpoint({
    name: 'transfers.confirmByConsultant',
    method: 'PUT',
    path: 'transfer/transferConfirmedByConsultant',
    aliases: ['transferConfirmedByConsultant'],
    body: confirmTransferBody,
    response: transferSaved,
    access: 'transfers.confirmAsConsultant',
    summary: "The first step: the consultant's confirmation (with a message).",
  }),
  confirmByFinancialAdmin: defineEndpoint({
    name: 'transfers.confirmByFinancialAdmin',
    method: 'PUT',
    path: 'transfer/transferConfirmedByFinancialAdmin',
    aliases: ['transferConfirmedByFinancialAdmin'],
    body: confirmTransferBody,
    response: transferSaved,
    access: 'transfers.confirmAsFinancialAdmin',
    summary: "The second step (refused before the consultant's): the transfer is confirmed and its credit moves.",
  }),
  delete: defineEndpoint({
    name: 'transfers.delete',
    method: 'DELETE',
    path: 'transfer/deleteTransfer',
    aliases: ['deleteTransfer'],
    body: transferIdBody,
    response: okResponse,
    access: 'deposits.create',
    summary: 'Deletes a transfer while it is not confirmed; a confirmed one is reversed instead.',
  }),
  reverse: defineEndpoint({
    name: 'transfers.reverse',
    method: 'PUT',
    path: 'transfer/reverseTransfer',
    body: reverseTransferBody,
    response: transferSaved,
    access: 'finance.manage',
    summary: 'Reverses a confirmed transfer: posts the reversing ledger entries (the credit goes back); the transfer stays, marked reversed.',
  }),
  classroomBalance: defineEndpoint({
    name: 'transfers.classroomBalance',
    method: 'GET',
    path: 'transfer/getClassroomBalanceOfStudent',
    query: transferBalanceQuery,
    response: transferBalance,
    access: 'finance.read',
    summary: "A student's balance per classroom, from the ledger, with what can be moved out of each (unused credit less waiting transfers out).",
  }),
};
