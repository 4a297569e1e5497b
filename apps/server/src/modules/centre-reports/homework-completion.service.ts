import { sql } from 'drizzle-orm';
import type { HomeworkCompletion, HomeworkCompletionQuery } from '@tutoria/shared';
import { reachableClassrooms, reachableStudents } from '../../access/reach.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { type CompletionRow, homeworkCompletion } from './homework-completion.repo.ts';

export type HomeworkCompletionService = ReturnType<typeof createHomeworkCompletionService>;

const countsOf = (r: CompletionRow | undefined) => ({
  assigned: r?.assigned ?? 0,
  done: r?.done ?? 0,
  overdue: r?.overdue ?? 0,
  completionPercent: r?.completionPercent ?? null,
});

/**
 * Homework completion per class and teacher (issue 29). Staff only; the classes the caller reaches
 * and, in them, the students the caller reaches (a consultant counts their own students' homework).
 */
export function createHomeworkCompletionService(ctx: ModuleContext) {
  const { timeZone } = ctx.config;
  return {
    async report(user: SessionUser, query: HomeworkCompletionQuery): Promise<HomeworkCompletion> {
      const { from, to, teacherPublicKey, classroomId, lessonType, level } = query;
      const rows = await homeworkCompletion(
        ctx.db,
        { from, to, teacherKey: teacherPublicKey, classroomId, lessonType, level },
        {
          classrooms: reachableClassrooms(user, sql`h.classroom_id`),
          students: reachableStudents(user, sql`h.student_key`),
        },
        timeZone,
      );
      const classes = rows
        .filter((r) => r.grouping === 0)
        .map((r) => ({
          classroomId: r.classroomId!,
          classroomName: r.classroomName ?? '',
          level: r.level,
          lessonType: r.lessonType,
          teacherPublicKey: r.teacherKey!,
          teacherName: r.teacherName ?? '',
          ...countsOf(r),
        }));
      const classCount = new Map<string, number>();
      for (const c of classes)
        classCount.set(c.teacherPublicKey, (classCount.get(c.teacherPublicKey) ?? 0) + 1);
      const teachers = rows
        .filter((r) => r.grouping === 1)
        .map((r) => ({
          teacherPublicKey: r.teacherKey!,
          teacherName: r.teacherName ?? '',
          classCount: classCount.get(r.teacherKey!) ?? 0,
          ...countsOf(r),
        }))
        .sort(
          (a, b) =>
            a.teacherName.localeCompare(b.teacherName) ||
            a.teacherPublicKey.localeCompare(b.teacherPublicKey),
        );
      return { from, to, classes, teachers, ...countsOf(rows.find((r) => r.grouping === 3)) };
    },
  };
}
