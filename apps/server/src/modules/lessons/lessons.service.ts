import {
  type CreateLessonBody,
  type EditLessonBody,
  type Lesson,
  type ListQuery,
  type BaseType,
  type Level,
} from '@tutoria/shared';
import type { Db, Queryable } from '../../db/client.ts';
import type { RunInTransaction } from '../../db/transaction.ts';
import { writeAudit } from '../../db/audit.ts';
import { duplicateField, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { toEpoch } from '../../lib/time.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { inUseError, refuseIfInUse, type UsageCheck } from '../../lib/in-use.ts';
import * as repo from './lessons.repo.ts';

export type LessonsService = ReturnType<typeof createLessonsService>;

export function toLesson(row: repo.LessonRow | Omit<repo.LessonRow, 'updatedAt'>): Lesson {
  return {
    lessonId: row.lessonId,
    name: row.name,
    title: row.title,
    subTitle: row.subTitle,
    level: row.level as Level,
    baseType: row.baseType as BaseType,
    teachingTimeInHour: Number(row.teachingTimeInHour),
    description: row.description,
    createMoment: toEpoch(row.createMoment),
  };
}

function valuesOf(body: CreateLessonBody): repo.LessonValues {
  return {
    name: body.name,
    title: body.title,
    subTitle: body.subTitle || null,
    level: body.level,
    baseType: body.baseType,
    teachingTimeInHour: body.teachingTimeInHour.toFixed(2),
    description: body.description || null,
  };
}

/** Lessons (SPEC §7): reads for every staff role, changes for lessons.manage (the route checks). */
export function createLessonsService({
  db,
  transaction,
  listAllCap,
}: {
  db: Db;
  transaction: RunInTransaction;
  listAllCap: number;
}) {
  const usageChecks: UsageCheck[] = [];

  /** The same name, title and subtitle at the same level and base type is one lesson, not two. */
  async function saveOrDuplicate<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (sqlState(error) === UNIQUE_VIOLATION) throw duplicateField('title');
      throw error;
    }
  }

  return {
    /** Lets another module refuse the deletion of a lesson it uses (courses do). */
    registerUsageCheck(check: UsageCheck): void {
      usageChecks.push(check);
    },

    async list(query: ListQuery) {
      const page = await repo.lessonsPage(db, query, listAllCap);
      return { data: page.data.map(toLesson), totalCount: page.totalCount };
    },

    async create(user: SessionUser, body: CreateLessonBody): Promise<Lesson> {
      const values = valuesOf(body);
      return saveOrDuplicate(() =>
        transaction(async (tx) => {
          if (await repo.findDuplicate(tx, values)) throw duplicateField('title');
          const row = await repo.insertLesson(tx, values);
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'lesson.create',
            entity: 'lesson',
            entityId: row.lessonId,
            after: values,
          });
          return toLesson(row);
        }),
      );
    },

    async edit(user: SessionUser, body: EditLessonBody): Promise<Lesson> {
      const values = valuesOf(body);
      return saveOrDuplicate(() =>
        transaction(async (tx) => {
          const before = await repo.findLesson(tx, body.lessonId, true);
          if (!before) throw notFound();
          if (await repo.findDuplicate(tx, values, body.lessonId)) throw duplicateField('title');
          const row = await repo.updateLesson(tx, body.lessonId, values);
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'lesson.edit',
            entity: 'lesson',
            entityId: row.lessonId,
            before,
            after: values,
          });
          return toLesson(row);
        }),
      );
    },

    /** Refused while anything registered says it uses the lesson (a course, later a classroom). */
    async delete(user: SessionUser, lessonId: string): Promise<void> {
      try {
        await transaction(async (tx) => {
          const before = await repo.findLesson(tx, lessonId, true);
          if (!before) throw notFound();
          await refuseIfInUse(tx, usageChecks, lessonId);
          await repo.deleteLesson(tx, lessonId);
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'lesson.delete',
            entity: 'lesson',
            entityId: lessonId,
            before,
          });
        });
      } catch (error) {
        // A course took the lesson between the check and the delete: the foreign key says so.
        throw await inUseError(error, db, usageChecks, lessonId);
      }
    },

    titles(filter: { level?: Level; baseType?: BaseType }) {
      return repo.distinctLabels(db, 'title', filter);
    },

    names(filter: { level?: Level; baseType?: BaseType }) {
      return repo.distinctLabels(db, 'name', filter);
    },

    /** The ids among `ids` that name no lesson (for courses built from lessons). */
    async unknownIds(q: Queryable, ids: readonly string[]): Promise<string[]> {
      const known = await repo.existingLessonIds(q, ids);
      return ids.filter((id) => !known.has(id));
    },
  };
}
