import type { z } from 'zod';
import {
  canMoveApplication,
  coursePlanExportHeaders,
  type ApplicationStatus,
  type ExportFormat,
  type Language,
  type ListQuery,
  type ProgressStage,
  type upsertApplicationBody,
  type upsertCoursePlanBody,
} from '@tutoria/shared';
import { writeAudit } from '../../db/audit.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { fromEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import { exportContentTypes, exportFile } from './course-plan-export.ts';
import * as repo from './progress.repo.ts';
import { reachableStudents } from '../../access/reach.ts';
import { progressOfStudent } from './student-stage.ts';
import { toApplication, toEntry } from './views.ts';

export type ProgressService = ReturnType<typeof createProgressService>;

type CoursePlanBody = z.output<typeof upsertCoursePlanBody>;
type ApplicationBody = z.output<typeof upsertApplicationBody>;

const EXPORT_LINK_SECONDS = 300;

function entryValues(body: CoursePlanBody): repo.EntryValues {
  return {
    lessonType: body.lessonType,
    sessionPerWeek: body.sessionPerWeek,
    lessonTopic: body.lessonTopic,
    suggestedHours: body.suggestedHours.toFixed(2),
    classType: body.classType,
    status: body.status,
  };
}

/** Today in the centre's time zone, as YYYY-MM-DD. */
function today(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/**
 * Course plans and applications (issue 12). Every command first finds the student within the
 * caller's reach (`reachableStudents`; out of reach is FETCH_DATA_FAILED, as if missing), then runs in one
 * transaction with its audit row: a refused request changes nothing.
 */
export function createProgressService(ctx: ModuleContext) {
  const { db } = ctx;

  async function reachableStudent(q: Queryable, user: SessionUser, key: string) {
    const student = await repo.findStudent(q, key, (key) => reachableStudents(user, key));
    if (!student) throw notFound();
    return student;
  }

  async function stageOf(q: Queryable, student: repo.StudentRow): Promise<ProgressStage> {
    return { student, ...(await progressOfStudent(q, student.publicKey)) };
  }

  async function savedApplication(q: Queryable, id: string) {
    const row = await repo.applicationById(q, id);
    if (!row) throw notFound();
    return toApplication(row, await repo.stagesOf(q, [id]));
  }

  return {
    /** A student's whole progress stage: plan with actual hours, applications with their stages. */
    async ofStudent(user: SessionUser, studentKey: string): Promise<ProgressStage> {
      return stageOf(db, await reachableStudent(db, user, studentKey));
    },

    /** The signed-in student's own progress stage (anyone else has none). */
    async mine(user: SessionUser): Promise<ProgressStage> {
      const student = await repo.findStudent(db, user.publicKey);
      if (!student) throw notFound();
      return stageOf(db, student);
    },

    async list(user: SessionUser, query: ListQuery) {
      const page = await repo.entriesPage(db, query, ctx.config.listAllCap, (studentKey) => reachableStudents(user, studentKey));
      return { data: page.data.map(toEntry), totalCount: page.totalCount };
    },

    /** Adds an entry (no id) or changes one of the same student's entries. */
    async saveEntry(user: SessionUser, body: CoursePlanBody) {
      return ctx.transaction(async (tx) => {
        const student = await reachableStudent(tx, user, body.studentPublicKey);
        const values = entryValues(body);
        let id = body.progressStageCoursePlanId;
        if (id) {
          const before = await repo.lockEntry(tx, id);
          if (!before || before.studentKey !== student.publicKey) throw notFound();
          await repo.updateEntry(tx, id, values);
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'update',
            entity: 'coursePlanEntry',
            entityId: id,
            before,
            after: values,
          });
        } else {
          id = await repo.insertEntry(tx, student.publicKey, values, user.publicKey);
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'create',
            entity: 'coursePlanEntry',
            entityId: id,
            after: values,
          });
        }
        const saved = await repo.entryById(tx, id);
        if (!saved) throw notFound();
        return toEntry(saved);
      });
    },

    async deleteEntry(user: SessionUser, id: string): Promise<void> {
      await ctx.transaction(async (tx) => {
        const before = await repo.lockEntry(tx, id);
        if (!before) throw notFound();
        await reachableStudent(tx, user, before.studentKey);
        await repo.deleteEntry(tx, id);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'delete',
          entity: 'coursePlanEntry',
          entityId: id,
          before,
        });
      });
    },

    /**
     * Adds an application or changes one. A new application, and every change of status, adds a
     * stage dated `statusDate` (today when left out); the status moves only forward along the
     * pipeline, and a stage is never dated before the one it follows.
     */
    async saveApplication(user: SessionUser, body: ApplicationBody) {
      return ctx.transaction(async (tx) => {
        const student = await reachableStudent(tx, user, body.studentPublicKey);
        const values: repo.ApplicationValues = {
          institutionType: body.institutionType,
          institutionName: body.institutionName,
          programme: body.programme,
          deadline: body.deadline,
          status: body.status,
        };
        const stageOn = body.statusDate ?? today(ctx.config.timeZone);
        let id = body.progressStageApplicationId;
        if (id) {
          const before = await repo.lockApplication(tx, id);
          if (!before || before.studentKey !== student.publicKey) throw notFound();
          const from = before.status as ApplicationStatus;
          if (from !== body.status) {
            if (!canMoveApplication(from, body.status)) {
              throw new AppError('FAILED_VALIDATION', {
                fields: [
                  { field: 'status', key: 'applicationStatusOrder', values: { from, to: body.status } },
                ],
              });
            }
            if (before.lastStageOn && stageOn < before.lastStageOn) {
              throw new AppError('FAILED_VALIDATION', {
                fields: [
                  { field: 'statusDate', key: 'statusDateBeforeStage', values: { date: before.lastStageOn } },
                ],
              });
            }
            await repo.insertStage(tx, id, body.status, stageOn, user.publicKey);
          }
          await repo.updateApplication(tx, id, values);
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'update',
            entity: 'progressApplication',
            entityId: id,
            before,
            after: values,
          });
        } else {
          id = await repo.insertApplication(tx, student.publicKey, values, user.publicKey);
          await repo.insertStage(tx, id, body.status, stageOn, user.publicKey);
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'create',
            entity: 'progressApplication',
            entityId: id,
            after: values,
          });
        }
        return savedApplication(tx, id);
      });
    },

    async deleteApplication(user: SessionUser, id: string): Promise<void> {
      await ctx.transaction(async (tx) => {
        const before = await repo.lockApplication(tx, id);
        if (!before) throw notFound();
        await reachableStudent(tx, user, before.studentKey);
        await repo.deleteApplication(tx, id);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'delete',
          entity: 'progressApplication',
          entityId: id,
          before,
        });
      });
    },

    /**
     * A browser download cannot send the signed headers, so a signed-in call asks for a ticket:
     * random, stored hashed, for this student and format, single use, five minutes.
     */
    async createExportLink(
      user: SessionUser,
      body: { studentPublicKey: string; format: ExportFormat },
      language: Language,
      pathOf: (ticket: string) => string,
    ) {
      const student = await reachableStudent(db, user, body.studentPublicKey);
      const ticket = randomToken();
      const expiresAt = Math.floor(Date.now() / 1000) + EXPORT_LINK_SECONDS;
      await ctx.transaction(async (tx) => {
        await repo.deleteExpiredTickets(tx);
        await repo.insertTicket(tx, {
          ticketHash: sha256(ticket),
          userKey: user.publicKey,
          studentKey: student.publicKey,
          format: body.format,
          language,
          expiresAt: fromEpoch(expiresAt),
        });
      });
      return { url: pathOf(ticket), expiresAt };
    },

    /** Uses a ticket up and answers the file; a wrong, used or expired ticket gets a clear text. */
    async openExport(ticket: string) {
      const used = await repo.consumeTicket(db, sha256(ticket));
      if (!used) throw new AppError('ACCESS_DENIED', { text: { key: 'downloadLinkInvalid' } });
      const student = await repo.findStudent(db, used.studentKey);
      if (!student) throw notFound();
      const format = used.format as ExportFormat;
      const language = used.language as Language;
      const plan = (await repo.planOf(db, student.publicKey)).map(toEntry);
      return {
        body: await exportFile(plan, format, language),
        contentType: exportContentTypes[format],
        fileName: `${coursePlanExportHeaders.file[language]}-${student.fullName}-${today(ctx.config.timeZone)}.${format}`,
      };
    },
  };
}
