import { z } from 'zod';
import { entityId, epochSeconds, okResponse, textInput } from './common.ts';
import { type FileKind, extensionsOf } from './files.ts';

/**
 * A deposit's receipt or contract file (SPEC §7 Finance: deposits, "an optional receipt or contract
 * file"; issue 11, branch receipt): one PDF or image per deposit, checked by content, downloaded
 * through one-use links (docs/decisions.md "Deposit receipts").
 */
export const depositReceiptKinds = ['pdf', 'png', 'jpeg', 'webp'] as const satisfies readonly FileKind[];
export type DepositReceiptKind = (typeof depositReceiptKinds)[number];
export const depositReceiptExtensions = extensionsOf(depositReceiptKinds);
/** The largest receipt: 10 MiB, as a homework file. */
export const DEPOSIT_RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

/** What a deposit's rows say of its receipt; the file itself only through a download link. */
export const depositReceipt = z.object({
  /** The name shown and offered on download; the stored file has a server-made name. */
  name: z.string(),
  kind: z.enum(depositReceiptKinds),
  sizeInBytes: z.number().int(),
  createMoment: epochSeconds,
});
export type DepositReceipt = z.infer<typeof depositReceipt>;

export const uploadDepositReceiptQuery = z.strictObject({
  depositId: entityId,
  name: textInput().trim().min(1).max(200).optional(),
});
export const depositReceiptSaved = okResponse.extend({ receipt: depositReceipt });
export const depositReceiptParams = z.strictObject({ id: entityId });
export const depositReceiptLink = z.object({
  /** A same-origin path a browser can open as a plain link until `expiresAt`; it works once. */
  url: z.string(),
  expiresAt: epochSeconds,
});
export const downloadDepositReceiptQuery = z.strictObject({ ticket: textInput().min(20).max(100) });
