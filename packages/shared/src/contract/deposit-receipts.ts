import { z } from 'zod';
import { okResponse } from '../schemas/common.ts';
import {
  depositReceiptLink,
  depositReceiptParams,
  depositReceiptSaved,
  downloadDepositReceiptQuery,
  uploadDepositReceiptQuery,
} from '../schemas/deposit-receipts.ts';
import { depositIdBody } from '../schemas/finance.ts';
import { defineEndpoint } from './define.ts';

/**
 * A deposit's receipt or contract file (SPEC §7 Finance: deposits; issue 11, branch receipt).
 * Whoever may edit the deposit (its student's consultant, a financial admin, an admin) attaches,
 * replaces and removes it while the deposit is not confirmed; whoever reads the deposit — its
 * student too — downloads it through a one-use link. A deposit out of reach answers FETCH_DATA_FAILED.
 */
export const depositReceiptsContract = {
  uploadReceipt: defineEndpoint({
    name: 'deposits.uploadReceipt',
    method: 'POST',
    path: 'deposit/uploadReceipt',
    query: uploadDepositReceiptQuery,
    response: depositReceiptSaved,
    access: 'deposits.create',
    summary:
      'Multipart upload of one receipt or contract file (PDF, PNG, JPEG, WebP; checked by content; 10 MiB) to a deposit not yet confirmed; it replaces the one before.',
  }),
  deleteReceipt: defineEndpoint({
    name: 'deposits.deleteReceipt',
    method: 'DELETE',
    path: 'deposit/deleteReceipt',
    body: depositIdBody,
    response: okResponse,
    access: 'deposits.create',
    summary: 'Removes the receipt of a deposit not yet confirmed, from the database and from disk.',
  }),
  receiptLink: defineEndpoint({
    name: 'deposits.receiptLink',
    method: 'POST',
    path: 'deposit/createReceiptLink',
    body: depositIdBody,
    response: depositReceiptLink,
    access: 'signedIn',
    summary:
      'A short-lived, single-use download link for the receipt of a deposit in reach (the student their own), for a plain browser link.',
  }),
  downloadReceipt: defineEndpoint({
    name: 'deposits.downloadReceipt',
    method: 'GET',
    path: 'deposit/downloadReceipt/:id',
    params: depositReceiptParams,
    query: downloadDepositReceiptQuery,
    response: z.unknown().describe('The file itself, as an attachment.'),
    access: 'public',
    unsigned: true,
    summary: 'Sends a deposit receipt as an attachment; needs the ticket of a link from createReceiptLink.',
  }),
};
