import { CONTRACT_FILE_MAX_BYTES, type ContractFile, contractFileKinds, type ContractFileKind } from '@tutoria/shared';
import { writeAudit } from '../../db/audit.ts';
import type { Queryable } from '../../db/client.ts';
import { contractFileTickets } from '../../db/schema/finance.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { UploadPart } from '../../http/files.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { downloadTickets } from '../../lib/download-tickets.ts';
import { createFileStore, type ReceivedFile } from '../../lib/file-store.ts';
import { toEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import * as repo from './contract-files.repo.ts';
import { contractById, lockContract } from './contracts.repo.ts';
import { studentMoneyScope } from './money-reach.ts';

const tickets = downloadTickets({
  table: contractFileTickets,
  ticketHash: contractFileTickets.ticketHash,
  fileId: contractFileTickets.fileId,
  userKey: contractFileTickets.userKey,
  expiresAt: contractFileTickets.expiresAt,
});

/** Contract files live under DATA_DIR/files/contract-files/ with server-made names. */
export const contractFileStore = (filesDir: string) =>
  createFileStore({
    filesDir,
    folder: 'contract-files',
    kinds: contractFileKinds,
    maxUploadBytes: CONTRACT_FILE_MAX_BYTES,
    fallbackName: 'contract',
  });

const toFile = (row: repo.ContractFileRow): ContractFile => ({
  name: row.name,
  kind: row.kind as ContractFileKind,
  sizeInBytes: row.sizeInBytes,
  createMoment: toEpoch(row.createMoment),
});

export type ContractFilesService = ReturnType<typeof createContractFilesService>;

/**
 * A contract's file (SPEC §7 `uploadContractFile?name`, also `file/uploadContractFile`; issue 28):
 * one PDF or image, checked by its content (not its name), 10 MiB at most. Written by whoever
 * manages the contract (in reach, else 404), read by whoever reads it, through a one-use,
 * five-minute link. The file moves in as the last step of the transaction recording it; a replaced
 * or removed file leaves the disk after commit. Each change is in the contract's audit trail and
 * records `contract.changed`.
 */
export function createContractFilesService(ctx: ModuleContext) {
  const { db, config, log, transaction } = ctx;
  const store = contractFileStore(config.filesDir);

  async function lockInReach(q: Queryable, user: SessionUser, contractId: string) {
    const locked = await lockContract(q, contractId, studentMoneyScope(user), 'update');
    if (!locked) throw notFound();
    return locked;
  }

  /** Removes a kept file after its row is gone; a failure is logged, never undoes the change. */
  async function removeFromDisk(storedName: string | undefined): Promise<void> {
    if (!storedName) return;
    try {
      await store.remove([storedName]);
    } catch (error) {
      log.error({ err: error, storedName }, 'contract file could not be removed from disk');
    }
  }

  const changed = (q: Queryable, user: SessionUser, contractId: string, studentKey: string, action: 'fileAttached' | 'fileRemoved') =>
    ctx.events.record(q, 'contract.changed', { contractId, studentKey, action, actorKey: user.publicKey });

  return {
    /** Receives one file, checks it, and makes it the contract's file in one transaction; any failure keeps nothing. */
    async upload(user: SessionUser, query: { contractId: string; name?: string }, parts: AsyncIterable<UploadPart>): Promise<ContractFile> {
      // Refused before the body is read: out of reach.
      if (!(await contractById(db, query.contractId, studentMoneyScope(user)))) throw notFound();
      const received: ReceivedFile<ContractFileKind>[] = [];
      try {
        for await (const part of parts) received.push(await store.receive(part.file, part.filename, query.name));
        const [file] = received;
        if (!file) throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'file', key: 'chooseFile' }] });
        const { row, replaced } = await transaction(async (tx) => {
          const locked = await lockInReach(tx, user, query.contractId);
          const old = await repo.deleteFileOfContract(tx, query.contractId);
          const inserted = await repo.insertFile(tx, {
            contractId: query.contractId,
            name: file.name,
            storedName: file.storedName,
            kind: file.kind,
            sizeInBytes: file.sizeInBytes,
            uploadedBy: user.publicKey,
          });
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'contract.fileAttached',
            entity: 'contract',
            entityId: query.contractId,
            before: old ? { file: toFile(old) } : null,
            after: { file: toFile(inserted) },
          });
          await changed(tx, user, query.contractId, locked.studentKey, 'fileAttached');
          // Last step of the transaction: if the move fails, the rows roll back with it.
          await store.keep(received);
          return { row: inserted, replaced: old };
        });
        await removeFromDisk(replaced?.storedName);
        return toFile(row);
      } catch (error) {
        await store.discard(received);
        throw error;
      }
    },

    async delete(user: SessionUser, contractId: string): Promise<void> {
      const removed = await transaction(async (tx) => {
        const locked = await lockInReach(tx, user, contractId);
        const old = await repo.deleteFileOfContract(tx, contractId);
        if (!old) throw notFound();
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'contract.fileRemoved',
          entity: 'contract',
          entityId: contractId,
          before: { file: toFile(old) },
        });
        await changed(tx, user, contractId, locked.studentKey, 'fileRemoved');
        return old;
      });
      await removeFromDisk(removed.storedName);
    },

    /** A one-use, five-minute ticket for whoever reads the contract (lib/download-tickets.ts). */
    async createDownloadLink(user: SessionUser, contractId: string, pathOf: (fileId: string, ticket: string) => string) {
      if (!(await contractById(db, contractId, studentMoneyScope(user)))) throw notFound();
      const file = await repo.fileOfContract(db, contractId);
      if (!file) throw notFound();
      const { ticket, expiresAt } = await transaction((tx) => tickets.issue(tx, file.fileId, user.publicKey));
      return { url: pathOf(file.fileId, ticket), expiresAt };
    },

    /** Uses a ticket up and answers the file to send; a wrong, used or expired ticket gets a clear text. */
    async openDownload(fileId: string, ticket: string) {
      if (!(await tickets.consume(db, ticket, fileId))) {
        throw new AppError('ACCESS_DENIED', { text: { key: 'contractFileLinkInvalid' } });
      }
      const file = await repo.fileById(db, fileId);
      if (!file) throw notFound();
      return {
        name: file.name,
        kind: file.kind as ContractFileKind,
        sizeInBytes: file.sizeInBytes,
        path: store.keptPath(file.storedName),
      };
    },
  };
}
