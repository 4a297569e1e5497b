import { z } from 'zod';
import { okResponse } from '../schemas/common.ts';
import {
  contractFileLink,
  contractFileParams,
  contractFileSaved,
  contractIdBody,
  contractList,
  contractSaved,
  createContractBody,
  downloadContractFileQuery,
  editContractBody,
  studentContractBalance,
  studentContractsQuery,
  uploadContractFileQuery,
} from '../schemas/contracts.ts';
import { listQuery } from '../schemas/list-query.ts';
import { defineEndpoint, type ListColumn } from './define.ts';

/** The columns the contracts list filters and sorts on: by student, type and consultant (SPEC §7). */
const contractColumns: Readonly<Record<string, ListColumn>> = {
  contractId: { type: 'text', sortable: false },
  studentPublicKey: { type: 'text', sortable: false },
  studentName: { type: 'text' },
  consultantPublicKey: { type: 'text', sortable: false },
  contractType: { type: 'enum' },
  contractValue: { type: 'number' },
  discountValue: { type: 'number' },
  createMoment: { type: 'time' },
};

/**
 * Finance: contracts (SPEC §7 "Finance: contracts", its spellings; DESIGN §7 "Contracts";
 * docs/finance.md "Contracts"). `contracts.read` lists and reads, `contracts.manage` records, edits,
 * deletes and attaches the file: a consultant their consultees' contracts only (others answer 404 as
 * if absent), a financial admin and the admin every student's. Payments are deposits of type Contract.
 */
export const contractsContract = {
  list: defineEndpoint({
    name: 'contracts.list',
    method: 'POST',
    path: 'contract/getAllContracts',
    aliases: ['GetAllContracts'],
    body: listQuery,
    response: contractList,
    access: 'contracts.read',
    listColumns: contractColumns,
    summary:
      'Contracts in reach, paged, filtered (student, type, consultant) and sorted, each with its additional contracts, paid (from the ledger) and balance; newest first by default.',
  }),
  create: defineEndpoint({
    name: 'contracts.create',
    method: 'POST',
    path: 'contract/createContract',
    aliases: ['CreateContract'],
    body: createContractBody,
    response: contractSaved,
    access: 'contracts.manage',
    summary: 'Records a contract for a student in reach: type, value, additional contracts (title, value) and a discount.',
  }),
  edit: defineEndpoint({
    name: 'contracts.edit',
    method: 'PUT',
    path: 'contract/editContract',
    aliases: ['EditContract'],
    body: editContractBody,
    response: contractSaved,
    access: 'contracts.manage',
    summary:
      'Edits a contract (the additional contracts as a whole: a row left out is removed); its student is not changed once it has payments.',
  }),
  delete: defineEndpoint({
    name: 'contracts.delete',
    method: 'DELETE',
    path: 'contract/deleteContract',
    aliases: ['DeleteContract'],
    body: contractIdBody,
    response: okResponse,
    access: 'contracts.manage',
    summary: 'Deletes a contract without payments (its file too); one with payments is refused with a clear text.',
  }),
  studentBalance: defineEndpoint({
    name: 'contracts.studentBalance',
    method: 'GET',
    path: 'contract/getStudentsContractBalance',
    aliases: ['GetStudentsContractBalance'],
    query: studentContractsQuery,
    response: studentContractBalance,
    access: 'contracts.read',
    summary: "A student's contracts with their totals, paid and balance, and the student's sums (a student in reach).",
  }),
  uploadFile: defineEndpoint({
    name: 'contracts.uploadFile',
    method: 'POST',
    path: 'contract/uploadContractFile',
    aliases: ['uploadContractFile', 'file/uploadContractFile'],
    query: uploadContractFileQuery,
    response: contractFileSaved,
    access: 'contracts.manage',
    summary:
      "Multipart upload of a contract's file (PDF, PNG, JPEG, WebP; checked by content; 10 MiB); it replaces the one before.",
  }),
  deleteFile: defineEndpoint({
    name: 'contracts.deleteFile',
    method: 'DELETE',
    path: 'contract/deleteContractFile',
    body: contractIdBody,
    response: okResponse,
    access: 'contracts.manage',
    summary: "Removes a contract's file, from the database and from disk.",
  }),
  fileLink: defineEndpoint({
    name: 'contracts.fileLink',
    method: 'POST',
    path: 'contract/createContractFileLink',
    body: contractIdBody,
    response: contractFileLink,
    access: 'contracts.read',
    summary: "A short-lived, single-use download link for the file of a contract in reach, for a plain browser link.",
  }),
  downloadFile: defineEndpoint({
    name: 'contracts.downloadFile',
    method: 'GET',
    path: 'contract/downloadContractFile/:id',
    params: contractFileParams,
    query: downloadContractFileQuery,
    response: z.unknown().describe('The file itself, as an attachment.'),
    access: 'public',
    unsigned: true,
    summary: "Sends a contract's file as an attachment; needs the ticket of a link from createContractFileLink.",
  }),
};
