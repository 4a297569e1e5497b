import fs from 'node:fs';
import path from 'node:path';
import {
  HOMEWORK_FILE_MAX_BYTES,
  HOMEWORK_FILES_PER_ROLE_MAX,
  HOMEWORK_FILES_PER_UPLOAD_MAX,
  type HomeworkFile,
  homeworkFileKinds,
  type HomeworkFileKind,
  type HomeworkFileRole,
} from '@tutoria/shared';
import { writeAudit } from '../../db/audit.ts';
import type { Queryable } from '../../db/client.ts';
import { homeworkFileTickets } from '../../db/schema/academic.ts';
import { reachesStudent } from '../../access/reach.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { UploadPart } from '../../http/files.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { downloadTickets } from '../../lib/download-tickets.ts';
import { createFileStore, type ReceivedFile } from '../../lib/file-store.ts';
import { toEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import { assertLiveClass, type FoundSession, scopedSession } from '../scheduling/scheduling.module.ts';
import * as repo from './homework-files.repo.ts';
import { assertRecordable } from './session-records.service.ts';

/** Homework files live under DATA_DIR/files/homework-files/<classroomId>/: a destroyed class takes its folder. */
const HOMEWORK_FOLDER = 'homework-files';

const tickets = downloadTickets({
  table: homeworkFileTickets,
  ticketHash: homeworkFileTickets.ticketHash,
  fileId: homeworkFileTickets.homeworkFileId,
  userKey: homeworkFileTickets.userKey,
  expiresAt: homeworkFileTickets.expiresAt,
});

const invalid = (text: { key: 'homeworkFilesFull' | 'tooManyFiles'; values: { max: number } }) =>
  new AppError('FAILED_VALIDATION', { text });

export function toHomeworkFile(row: repo.HomeworkFileRow): HomeworkFile {
  return {
    homeworkFileId: row.homeworkFileId,
    role: row.role as HomeworkFileRole,
    name: row.name,
    kind: row.kind as HomeworkFileKind,
    sizeInBytes: row.sizeInBytes,
    createMoment: toEpoch(row.createMoment),
  };
}

export type HomeworkFilesService = ReturnType<typeof createHomeworkFilesService>;

/**
 * Homework files (SPEC §7; issue 10, branch hw-files). The scope check comes first in every call: the
 * homework's session in the caller's classroom scope and, for a student, their own homework — anything
 * else, a classmate's homework included, is not found. Staff who record sessions write assignment
 * files; the student writes answer files while the homework is Pending; each removes only their kind.
 */
export function createHomeworkFilesService({ db, config, log, transaction, events }: ModuleContext) {
  const storeOf = (classroomId: string) =>
    createFileStore({
      filesDir: config.filesDir,
      folder: path.join(HOMEWORK_FOLDER, classroomId),
      kinds: homeworkFileKinds,
      maxUploadBytes: HOMEWORK_FILE_MAX_BYTES,
      fallbackName: 'homework-file',
    });

  // A destroyed class's rows are gone with it (cascade): its folder follows after commit.
  events.subscribe('classroom.changed', 'academic.homeworkFiles', async (event) => {
    if (event.payload.action !== 'destroyed') return;
    await fs.promises.rm(path.join(config.filesDir, HOMEWORK_FOLDER, event.payload.classroomId), {
      recursive: true,
      force: true,
    });
  });

  /** The homework in the caller's reach, or not found. */
  async function reachHomework(q: Queryable, user: SessionUser, homeworkId: string, lock = false) {
    const homework = await repo.findHomework(q, homeworkId, lock);
    if (!homework) throw notFound();
    const found = await scopedSession(q, user, homework.sessionId);
    if (!(await reachesStudent(q, user, homework.studentKey))) throw notFound();
    return { homework, found };
  }

  /** The kind of file the caller may add to or remove from this homework, or why not. */
  function writableRole(
    user: SessionUser,
    homework: repo.HomeworkOfFile,
    found: FoundSession,
  ): HomeworkFileRole {
    if (user.role === 'Student') {
      assertLiveClass(found);
      if (homework.state === 'Done')
        throw new AppError('FAILED_VALIDATION', { text: { key: 'homeworkIsDone' } });
      return 'answer';
    }
    // Staff who only read the class (a consultant) do not see a way to change it: as if absent.
    if (!user.permissions.has('sessions.record')) throw notFound();
    assertRecordable(user, found);
    return 'assignment';
  }

  /** Removes kept files after their rows are gone; a failure is logged, never undoes the delete. */
  async function removeFromDisk(classroomId: string, storedNames: readonly string[]): Promise<void> {
    try {
      await storeOf(classroomId).remove(storedNames);
    } catch (error) {
      log.error({ err: error, storedNames }, 'homework files could not be removed from disk');
    }
  }

  return {
    /**
     * Receives up to 5 files for a homework: each streamed to a temporary file and checked (size,
     * not empty, kind by content); then all rows are written and the files moved in, in one
     * transaction. Any failure keeps none of them.
     */
    async upload(
      user: SessionUser,
      query: { homeworkId: string; names?: string | string[] },
      parts: AsyncIterable<UploadPart>,
    ): Promise<HomeworkFile[]> {
      const first = await reachHomework(db, user, query.homeworkId);
      writableRole(user, first.homework, first.found);
      const store = storeOf(first.homework.classroomId);
      const names = query.names === undefined ? [] : Array.isArray(query.names) ? query.names : [query.names];
      const received: ReceivedFile<HomeworkFileKind>[] = [];
      try {
        for await (const part of parts) {
          if (received.length >= HOMEWORK_FILES_PER_UPLOAD_MAX)
            throw invalid({ key: 'tooManyFiles', values: { max: HOMEWORK_FILES_PER_UPLOAD_MAX } });
          received.push(await store.receive(part.file, part.filename, names[received.length]));
        }
        if (received.length === 0)
          throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'file', key: 'chooseFile' }] });
        const rows = await transaction(async (tx) => {
          const { homework, found } = await reachHomework(tx, user, query.homeworkId, true);
          const role = writableRole(user, homework, found);
          if (
            (await repo.countFiles(tx, homework.homeworkId, role)) + received.length >
            HOMEWORK_FILES_PER_ROLE_MAX
          )
            throw invalid({ key: 'homeworkFilesFull', values: { max: HOMEWORK_FILES_PER_ROLE_MAX } });
          const inserted = await repo.insertFiles(
            tx,
            received.map((f) => ({
              homeworkId: homework.homeworkId,
              role,
              name: f.name,
              storedName: f.storedName,
              kind: f.kind,
              sizeInBytes: f.sizeInBytes,
              uploadedBy: user.publicKey,
            })),
          );
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'homework.uploadFiles',
            entity: 'homework',
            entityId: homework.homeworkId,
            after: inserted.map(toHomeworkFile),
          });
          // Last step of the transaction: if a move fails, the rows roll back with it.
          await store.keep(received);
          return inserted;
        });
        return rows.map(toHomeworkFile);
      } catch (error) {
        await store.discard(received);
        throw error;
      }
    },

    async deleteFile(user: SessionUser, homeworkFileId: string): Promise<void> {
      const removed = await transaction(async (tx) => {
        const file = await repo.findFile(tx, homeworkFileId);
        if (!file) throw notFound();
        const { homework, found } = await reachHomework(tx, user, file.homeworkId, true);
        if (writableRole(user, homework, found) !== file.role)
          throw new AppError('ACCESS_DENIED', { text: { key: 'homeworkFileNotYours' } });
        await repo.deleteFile(tx, homeworkFileId, homework.homeworkId);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'homework.deleteFile',
          entity: 'homework',
          entityId: homework.homeworkId,
          before: toHomeworkFile(file),
        });
        return file;
      });
      await removeFromDisk(removed.classroomId, [removed.storedName]);
    },

    /** A one-use, five-minute ticket for whoever reads the homework (lib/download-tickets.ts). */
    async createDownloadLink(user: SessionUser, homeworkFileId: string, pathOf: (ticket: string) => string) {
      const file = await repo.findFile(db, homeworkFileId);
      if (!file) throw notFound();
      await reachHomework(db, user, file.homeworkId);
      const { ticket, expiresAt } = await transaction((tx) =>
        tickets.issue(tx, homeworkFileId, user.publicKey),
      );
      return { url: pathOf(ticket), expiresAt };
    },

    /** Uses a ticket up and answers the file to send; a wrong, used or expired ticket gets a clear text. */
    async openDownload(homeworkFileId: string, ticket: string) {
      if (!(await tickets.consume(db, ticket, homeworkFileId)))
        throw new AppError('ACCESS_DENIED', { text: { key: 'homeworkDownloadLinkInvalid' } });
      const file = await repo.findFile(db, homeworkFileId);
      if (!file) throw notFound();
      return {
        name: file.name,
        kind: file.kind as HomeworkFileKind,
        sizeInBytes: file.sizeInBytes,
        path: storeOf(file.classroomId).keptPath(file.storedName),
      };
    },

    /** Removes a homework given by mistake, with its files; the disk follows after commit. */
    async removeHomework(user: SessionUser, homeworkId: string) {
      const removed = await transaction(async (tx) => {
        const homework = await repo.findHomework(tx, homeworkId, true);
        if (!homework) throw notFound();
        assertRecordable(user, await scopedSession(tx, user, homework.sessionId, true));
        const storedNames = await repo.storedNamesOfHomework(tx, homeworkId);
        await repo.deleteHomework(tx, homeworkId);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'homework.remove',
          entity: 'homework',
          entityId: homeworkId,
          before: homework,
        });
        return { classroomId: homework.classroomId, storedNames };
      });
      await removeFromDisk(removed.classroomId, removed.storedNames);
      return { homeworkIds: [homeworkId] };
    },
  };
}
