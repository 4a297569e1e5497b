import { type SQL, sql } from 'drizzle-orm';
import type { Level, LessonType } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { selectRows, withinDays } from '../../db/sql.ts';
import { homeworksView } from '../academic/academic.module.ts';
import { classroomsView, sessionsView } from '../scheduling/scheduling.module.ts';
import { nameOf } from '../users/users.module.ts';

/**
 * Homework completion in one statement (docs/decisions.md "Reports: homework completion"): the
 * homework given at the sessions of live classes that started in the period (a range of
 * `classroom_sessions_start_idx`, each session's homework by `homeworks_session_idx`), counted per
 * class (with its teacher), per teacher and in all by grouping sets, percentages floored in SQL.
 * No distinct count (a teacher's classes are counted from the class rows): it would make PostgreSQL
 * sort every homework row instead of hashing the groups (a year at scale 0.2: ~250 → ~160 ms).
 */
export interface CompletionFilters {
  from: string;
  to: string;
  teacherKey?: string | undefined;
  classroomId?: string | undefined;
  lessonType?: LessonType | undefined;
  level?: Level | undefined;
}

export interface CompletionRow {
  /** 0: a class, 1: a teacher's total, 3: the whole answer's. */
  grouping: number;
  classroomId: string | null;
  classroomName: string | null;
  level: Level | null;
  lessonType: LessonType | null;
  teacherKey: string | null;
  teacherName: string | null;
  assigned: number;
  done: number;
  overdue: number;
  completionPercent: number | null;
}

export function homeworkCompletion(
  q: Queryable,
  f: CompletionFilters,
  scope: { classrooms: SQL | undefined; students: SQL | undefined },
  timeZone: string,
): Promise<CompletionRow[]> {
  const conditions: SQL[] = [sql`c.live`, withinDays(sql`s.start_at`, f, timeZone)];
  if (f.teacherKey) conditions.push(sql`c.teacher_key = ${f.teacherKey}::uuid`);
  if (f.classroomId) conditions.push(sql`h.classroom_id = ${f.classroomId}::uuid`);
  if (f.lessonType) conditions.push(sql`c.lesson_type = ${f.lessonType}`);
  if (f.level) conditions.push(sql`c.classroom_level = ${f.level}`);
  if (scope.classrooms) conditions.push(scope.classrooms);
  if (scope.students) conditions.push(scope.students);
  return selectRows<CompletionRow>(
    q,
    sql`select grouping(c.teacher_key, c.classroom_id)::int as grouping,
        c.classroom_id, c.classroom_name, c.classroom_level as level, c.lesson_type,
        c.teacher_key, ${nameOf(sql`c.teacher_key`)} as teacher_name,
        count(*)::int as assigned,
        count(*) filter (where h.done)::int as done,
        count(*) filter (where h.overdue)::int as overdue,
        floor(count(*) filter (where h.done) * 100.0 / nullif(count(*), 0))::int as completion_percent
      from ${homeworksView} h
      join ${sessionsView} s on s.session_id = h.session_id
      join ${classroomsView} c on c.classroom_id = h.classroom_id
      where ${sql.join(conditions, sql` and `)}
      group by grouping sets (
        (c.teacher_key, c.classroom_id, c.classroom_name, c.classroom_level, c.lesson_type),
        (c.teacher_key), ())
      order by 1, completion_percent, c.classroom_name, teacher_name, c.teacher_key, c.classroom_id`,
  );
}
