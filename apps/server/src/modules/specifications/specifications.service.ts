import {
  type BaseType,
  COURSE_FILES_PER_UPLOAD_MAX,
  type CourseFile,
  type CourseFileKind,
  type CreateSpecificationBody,
  type EditSpecificationBody,
  type EvaluationTestBody,
  type Level,
  levelOfBaseType,
  type ListQuery,
  type Specification,
  baseTypes,
} from '@tutoria/shared';
import type { Db, Queryable } from '../../db/client.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError, duplicateField, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { toEpoch } from '../../lib/time.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { inUseError, refuseIfInUse, type UsageCheck } from '../../lib/in-use.ts';
import type { LessonsService } from '../lessons/lessons.module.ts';
import { findPeople } from '../users/users.module.ts';
import type { UploadPart } from '../../http/files.ts';
import { downloadTickets } from '../../lib/download-tickets.ts';
import type { ReceivedFile } from '../../lib/file-store.ts';
import { courseFileTickets } from '../../db/schema/specifications.ts';
import type { CourseFileStore } from './course-file-store.ts';
import * as repo from './specifications.repo.ts';

const tickets = downloadTickets({
  table: courseFileTickets,
  ticketHash: courseFileTickets.ticketHash,
  fileId: courseFileTickets.courseFileId,
  userKey: courseFileTickets.userKey,
  expiresAt: courseFileTickets.expiresAt,
});

export interface SpecificationsDeps {
  db: Db;
  transaction: RunInTransaction;
  lessons: LessonsService;
  store: CourseFileStore;
  listAllCap: number;
  log: { error(object: object, message: string): void };
}

export type SpecificationsService = ReturnType<typeof createSpecificationsService>;

export function toCourseFile(row: repo.CourseFileRow): CourseFile {
  return {
    courseFileId: row.courseFileId,
    name: row.name,
    kind: row.kind as CourseFileKind,
    sizeInBytes: row.sizeInBytes,
    createMoment: toEpoch(row.createMoment),
  };
}

type Summary = Awaited<ReturnType<typeof repo.summariesByIds>>[number];

/** Courses, their lessons (in order) and course files (SPEC §7). */
export function createSpecificationsService({
  db,
  transaction,
  lessons,
  store,
  listAllCap,
  log,
}: SpecificationsDeps) {
  const usageChecks: UsageCheck[] = [];

  // A lesson that is part of a course can not be deleted: the course would silently change.
  lessons.registerUsageCheck(async (q, lessonId) => ({
    key: 'lessonInUse',
    names: await repo.titlesUsingLesson(q, lessonId),
  }));

  /** Adds lessons and files to course rows: two queries for any number of courses. */
  async function withDetails(q: Queryable, rows: readonly Summary[]): Promise<Specification[]> {
    const ids = rows.map((r) => r.specificationId);
    const [lessonRows, fileRows] = await Promise.all([repo.lessonsOf(q, ids), repo.filesOf(q, ids)]);
    return rows.map((row) => ({
      specificationId: row.specificationId,
      title: row.title,
      level: row.level as Level,
      baseType: row.baseType as BaseType,
      isEvaluationTest: row.isEvaluationTest,
      totalHours: Number(row.totalHours),
      createMoment: toEpoch(row.createMoment),
      lessons: lessonRows
        .filter((l) => l.specificationId === row.specificationId)
        .map(({ specificationId: _id, teachingTimeInHour, level, ...l }) => ({
          ...l,
          level: level as Level,
          teachingTimeInHour: Number(teachingTimeInHour),
        })),
      courseFiles: fileRows.filter((f) => f.specificationId === row.specificationId).map(toCourseFile),
    }));
  }

  async function one(q: Queryable, specificationId: string): Promise<Specification> {
    const [row] = await repo.summariesByIds(q, [specificationId]);
    if (!row) throw notFound();
    return (await withDetails(q, [row]))[0]!;
  }

  /** Every lesson named must exist; the answer names the field, as for any other bad value. */
  async function checkLessons(q: Queryable, lessonIds: readonly string[]): Promise<void> {
    if ((await lessons.unknownIds(q, lessonIds)).length > 0) {
      throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'lessonIds', key: 'invalidValue' }] });
    }
  }

  async function saveOrDuplicate<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (sqlState(error) === UNIQUE_VIOLATION) throw duplicateField('title');
      throw error;
    }
  }

  const valuesOf = (body: CreateSpecificationBody): repo.SpecificationValues => ({
    title: body.title,
    level: body.level,
    baseType: body.baseType,
    isEvaluationTest: body.isEvaluationTest,
  });

  /** Removes kept files after their rows are gone; a failure is logged, never undoes the delete. */
  async function removeFromDisk(storedNames: readonly string[]): Promise<void> {
    try {
      await store.remove(storedNames);
    } catch (error) {
      log.error({ err: error, storedNames }, 'course files could not be removed from disk');
    }
  }

  return {
    /** Lets another module refuse the deletion of a course it uses (classrooms do). */
    registerUsageCheck(check: UsageCheck): void {
      usageChecks.push(check);
    },

    async list(query: ListQuery) {
      const page = await repo.specificationsPage(db, query, listAllCap);
      return { data: await withDetails(db, page.data), totalCount: page.totalCount };
    },

    async create(user: SessionUser, body: CreateSpecificationBody): Promise<Specification> {
      const values = valuesOf(body);
      return saveOrDuplicate(() =>
        transaction(async (tx) => {
          await checkLessons(tx, body.lessonIds);
          if (await repo.findDuplicate(tx, values)) throw duplicateField('title');
          const row = await repo.insertSpecification(tx, values);
          await repo.replaceLessons(tx, row.specificationId, body.lessonIds);
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'specification.create',
            entity: 'specification',
            entityId: row.specificationId,
            after: { ...values, lessonIds: body.lessonIds },
          });
          return one(tx, row.specificationId);
        }),
      );
    },

    async edit(user: SessionUser, body: EditSpecificationBody): Promise<Specification> {
      const values = valuesOf(body);
      return saveOrDuplicate(() =>
        transaction(async (tx) => {
          const before = await repo.findSpecification(tx, body.specificationId, 'update');
          if (!before) throw notFound();
          await checkLessons(tx, body.lessonIds);
          if (await repo.findDuplicate(tx, values, body.specificationId)) throw duplicateField('title');
          const lessonsBefore = await repo.lessonIdsOf(tx, body.specificationId);
          await repo.updateSpecification(tx, body.specificationId, values);
          await repo.replaceLessons(tx, body.specificationId, body.lessonIds);
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'specification.edit',
            entity: 'specification',
            entityId: body.specificationId,
            before: { ...before, lessonIds: lessonsBefore },
            after: { ...values, lessonIds: body.lessonIds },
          });
          return one(tx, body.specificationId);
        }),
      );
    },

    /** Deletes a course with its files (rows in the transaction, disk after it commits). */
    async delete(user: SessionUser, specificationId: string): Promise<void> {
      const storedNames = await transaction(async (tx) => {
        const before = await repo.findSpecification(tx, specificationId, 'update');
        if (!before) throw notFound();
        await refuseIfInUse(tx, usageChecks, specificationId);
        const names = await repo.storedNamesOf(tx, specificationId);
        await repo.deleteSpecification(tx, specificationId);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'specification.delete',
          entity: 'specification',
          entityId: specificationId,
          before,
        });
        return names;
      }).catch(async (error: unknown) => {
        // A table that references courses (classrooms) refuses the delete even before its check is registered.
        throw await inUseError(error, db, usageChecks, specificationId);
      });
      await removeFromDisk(storedNames);
    },

    /**
     * Receives up to 10 files for a course: each is streamed to a temporary file and checked (size,
     * not empty, .zip/.rar by content); then all rows are written and the files moved in, in one
     * transaction. Any failure keeps none of them.
     */
    async uploadCourseFiles(
      user: SessionUser,
      query: { specificationId: string; names?: string | string[] },
      parts: AsyncIterable<UploadPart>,
    ): Promise<CourseFile[]> {
      if (!(await repo.findSpecification(db, query.specificationId))) throw notFound();
      const names = query.names === undefined ? [] : Array.isArray(query.names) ? query.names : [query.names];
      const received: ReceivedFile<CourseFileKind>[] = [];
      try {
        for await (const part of parts) {
          if (received.length >= COURSE_FILES_PER_UPLOAD_MAX) {
            throw new AppError('FAILED_VALIDATION', {
              text: { key: 'tooManyFiles', values: { max: COURSE_FILES_PER_UPLOAD_MAX } },
            });
          }
          received.push(await store.receive(part.file, part.filename, names[received.length]));
        }
        if (received.length === 0)
          throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'file', key: 'chooseFile' }] });
        const rows = await transaction(async (tx) => {
          if (!(await repo.findSpecification(tx, query.specificationId, 'share'))) throw notFound();
          const inserted = await repo.insertCourseFiles(
            tx,
            received.map((f) => ({
              specificationId: query.specificationId,
              name: f.name,
              storedName: f.storedName,
              kind: f.kind,
              sizeInBytes: f.sizeInBytes,
              uploadedBy: user.publicKey,
            })),
          );
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'specification.uploadCourseFiles',
            entity: 'specification',
            entityId: query.specificationId,
            after: inserted.map(toCourseFile),
          });
          // Last step of the transaction: if a move fails, the rows roll back with it.
          await store.keep(received);
          return inserted;
        });
        return rows.map(toCourseFile);
      } catch (error) {
        await store.discard(received);
        throw error;
      }
    },

    async deleteCourseFile(user: SessionUser, courseFileId: string): Promise<void> {
      const row = await transaction(async (tx) => {
        const deleted = await repo.deleteCourseFile(tx, courseFileId);
        if (!deleted) throw notFound();
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'specification.deleteCourseFile',
          entity: 'specification',
          entityId: deleted.specificationId,
          before: toCourseFile(deleted),
        });
        return deleted;
      });
      await removeFromDisk([row.storedName]);
    },

    /**
     * A browser link cannot send the signed headers, so a signed-in call asks for a ticket first:
     * random, stored hashed, for this file and this user, single use, five minutes.
     */
    async createDownloadLink(user: SessionUser, courseFileId: string, pathOf: (ticket: string) => string) {
      if (!(await repo.findCourseFile(db, courseFileId))) throw notFound();
      const { ticket, expiresAt } = await transaction((tx) => tickets.issue(tx, courseFileId, user.publicKey));
      return { url: pathOf(ticket), expiresAt };
    },

    /** Uses a ticket up and answers the file to send; a wrong, used or expired ticket gets a clear text. */
    async openDownload(courseFileId: string, ticket: string) {
      if (!(await tickets.consume(db, ticket, courseFileId))) {
        throw new AppError('ACCESS_DENIED', { text: { key: 'downloadLinkInvalid' } });
      }
      const row = await repo.findCourseFile(db, courseFileId);
      if (!row) throw notFound();
      return {
        name: row.name,
        kind: row.kind as CourseFileKind,
        sizeInBytes: row.sizeInBytes,
        path: store.keptPath(row.storedName),
      };
    },

    /**
     * The evaluation-test courses of a base type that fit the students (class-creation form). A
     * student's level is the one their base type names (IELTS → IELTS, EnglishElementary →
     * Elementary); when any student has none, every level of the base type fits.
     */
    async evaluationTests(body: EvaluationTestBody): Promise<Specification[]> {
      const keys = [...new Set(body.studentsPublicKey)];
      const students = await findPeople(db, keys);
      if (
        students.length !== keys.length ||
        students.some((s) => s.role !== 'Student' || s.status === 'archived')
      ) {
        throw new AppError('FAILED_VALIDATION', {
          fields: [{ field: 'studentsPublicKey', key: 'invalidValue' }],
        });
      }
      const studentLevels = students.map((s) =>
        (baseTypes as readonly string[]).includes(s.baseType ?? '')
          ? levelOfBaseType[s.baseType as BaseType]
          : null,
      );
      const levels = studentLevels.every((l): l is Level => l !== null) ? [...new Set(studentLevels)] : null;
      return withDetails(db, await repo.evaluationSpecifications(db, body.baseType, levels));
    },
  };
}
