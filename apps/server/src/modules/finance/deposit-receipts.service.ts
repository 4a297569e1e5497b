import {
  DEPOSIT_RECEIPT_MAX_BYTES,
  type DepositReceipt,
  depositReceiptKinds,
  type DepositReceiptKind,
} from '@tutoria/shared';
import { writeAudit } from '../../db/audit.ts';
import type { Queryable } from '../../db/client.ts';
import { depositReceiptTickets } from '../../db/schema/finance.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { UploadPart } from '../../http/files.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { downloadTickets } from '../../lib/download-tickets.ts';
import { createFileStore, type ReceivedFile } from '../../lib/file-store.ts';
import { toEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import * as repo from './deposit-receipts.repo.ts';
import { depositWorkflow } from './deposit-workflow.ts';
import { depositById } from './deposits.repo.ts';
import { studentMoneyScope } from './money-reach.ts';

const tickets = downloadTickets({
  table: depositReceiptTickets,
  ticketHash: depositReceiptTickets.ticketHash,
  fileId: depositReceiptTickets.receiptId,
  userKey: depositReceiptTickets.userKey,
  expiresAt: depositReceiptTickets.expiresAt,
});

/** Receipts live under DATA_DIR/files/deposit-receipts/ with server-made names. */
export const depositReceiptStore = (filesDir: string) =>
  createFileStore({
    filesDir,
    folder: 'deposit-receipts',
    kinds: depositReceiptKinds,
    maxUploadBytes: DEPOSIT_RECEIPT_MAX_BYTES,
    fallbackName: 'receipt',
  });

const toReceipt = (row: repo.DepositReceiptRow): DepositReceipt => ({
  name: row.name,
  kind: row.kind as DepositReceiptKind,
  sizeInBytes: row.sizeInBytes,
  createMoment: toEpoch(row.createMoment),
});

export type DepositReceiptsService = ReturnType<typeof createDepositReceiptsService>;

/**
 * A deposit's receipt or contract file (issue 11, branch receipt; docs/finance.md). Written by whoever
 * may edit the deposit, under the same rules: in reach (else 404) and not confirmed (a confirmed
 * deposit's receipt is part of its record). Read by whoever reads the deposit, its student too.
 * The file moves in as the last step of the transaction recording it; a replaced or removed file
 * leaves the disk after commit. Every change writes the deposit's audit trail.
 */
export function createDepositReceiptsService(ctx: ModuleContext) {
  const { db, config, log, transaction } = ctx;
  const store = depositReceiptStore(config.filesDir);

  const deposits = depositWorkflow(ctx);
  /** Locks a deposit in reach that may still change; a confirmed one is refused as an edit is. */
  const lockEditable = (q: Queryable, user: SessionUser, depositId: string) => deposits.lockWaiting(q, user, depositId, 'UPDATE_FAILED');

  /** Removes kept files after their rows are gone; a failure is logged, never undoes the change. */
  async function removeFromDisk(storedName: string | undefined): Promise<void> {
    if (!storedName) return;
    try {
      await store.remove([storedName]);
    } catch (error) {
      log.error({ err: error, storedName }, 'deposit receipt could not be removed from disk');
    }
  }

  return {
    /** Receives one file, checks it, and makes it the deposit's receipt in one transaction; any failure keeps nothing. */
    async upload(
      user: SessionUser,
      query: { depositId: string; name?: string },
      parts: AsyncIterable<UploadPart>,
    ): Promise<DepositReceipt> {
      // Refused before the body is read: out of reach, or confirmed.
      const first = await depositById(db, query.depositId, studentMoneyScope(user));
      if (!first) throw notFound();
      if (first.confirmedAt !== null)
        throw new AppError('UPDATE_FAILED', { text: { key: 'depositIsConfirmed' } });
      const received: ReceivedFile<DepositReceiptKind>[] = [];
      try {
        for await (const part of parts)
          received.push(await store.receive(part.file, part.filename, query.name));
        const [file] = received;
        if (!file)
          throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'file', key: 'chooseFile' }] });
        const { row, replaced } = await transaction(async (tx) => {
          await lockEditable(tx, user, query.depositId);
          const old = await repo.deleteReceiptOfDeposit(tx, query.depositId);
          const inserted = await repo.insertReceipt(tx, {
            depositId: query.depositId,
            name: file.name,
            storedName: file.storedName,
            kind: file.kind,
            sizeInBytes: file.sizeInBytes,
            uploadedBy: user.publicKey,
          });
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'deposit.receiptAttached',
            entity: 'deposit',
            entityId: query.depositId,
            before: old ? { receipt: toReceipt(old) } : null,
            after: { receipt: toReceipt(inserted) },
          });
          // Last step of the transaction: if the move fails, the rows roll back with it.
          await store.keep(received);
          return { row: inserted, replaced: old };
        });
        await removeFromDisk(replaced?.storedName);
        return toReceipt(row);
      } catch (error) {
        await store.discard(received);
        throw error;
      }
    },

    async delete(user: SessionUser, depositId: string): Promise<void> {
      const removed = await transaction(async (tx) => {
        await lockEditable(tx, user, depositId);
        const old = await repo.deleteReceiptOfDeposit(tx, depositId);
        if (!old) throw notFound();
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'deposit.receiptRemoved',
          entity: 'deposit',
          entityId: depositId,
          before: { receipt: toReceipt(old) },
        });
        return old;
      });
      await removeFromDisk(removed.storedName);
    },

    /** A one-use, five-minute ticket for whoever reads the deposit (lib/download-tickets.ts). */
    async createDownloadLink(
      user: SessionUser,
      depositId: string,
      pathOf: (receiptId: string, ticket: string) => string,
    ) {
      if (!(await depositById(db, depositId, studentMoneyScope(user)))) throw notFound();
      const receipt = await repo.receiptOfDeposit(db, depositId);
      if (!receipt) throw notFound();
      const { ticket, expiresAt } = await transaction((tx) => tickets.issue(tx, receipt.receiptId, user.publicKey));
      return { url: pathOf(receipt.receiptId, ticket), expiresAt };
    },

    /** Uses a ticket up and answers the file to send; a wrong, used or expired ticket gets a clear text. */
    async openDownload(receiptId: string, ticket: string) {
      if (!(await tickets.consume(db, ticket, receiptId)))
        throw new AppError('ACCESS_DENIED', { text: { key: 'depositReceiptLinkInvalid' } });
      const receipt = await repo.receiptById(db, receiptId);
      if (!receipt) throw notFound();
      return {
        name: receipt.name,
        kind: receipt.kind as DepositReceiptKind,
        sizeInBytes: receipt.sizeInBytes,
        path: store.keptPath(receipt.storedName),
      };
    },
  };
}
