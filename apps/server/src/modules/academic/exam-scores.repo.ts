import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { exams } from '../../db/schema/academic.ts';
import { people } from '../../db/schema/people.ts';
import { anyText, selectRows, withinDays } from '../../db/sql.ts';
import { classroomLessonsView, classroomsView, sessionsView } from '../scheduling/scheduling.module.ts';
import { allOf, type DayPeriod, examinedName } from './reports.repo.ts';

/**
 * Exam scores compared between classes (issue 29), for the centre reports: one grouped statement
 * over the scored exams (`exams_classroom_student_idx` per class, the sessions' start for the
 * period). Grouping sets answer each class's figure and, inside it, each kind and examined name's,
 * so a class's average is the mean of its exams, not of its names' averages.
 */
export interface ClassExamScoresRow {
  classroomId: string;
  classroomName: string;
  teacherName: string | null;
  level: string;
  lessonType: string;
  /** Null on a class's own row (and on its exams of a whole session: see `total`). */
  examType: string | null;
  examName: string | null;
  /** The class's row (every kind and name), not one name's. */
  total: boolean;
  average: string;
  examCount: number;
  studentCount: number;
}

export interface ClassExamScoresFilter {
  /** The caller's classes and students, as conditions on `e.classroom_id` and `e.student_key`. */
  classes: SQL | undefined;
  students: SQL | undefined;
  period: Required<DayPeriod>;
  timeZone: string;
  examType?: string;
  examinedNames: readonly string[];
  teacherKey?: string;
  classroomId?: string;
  level?: string;
  lessonType?: string;
}

export function classExamScores(q: Queryable, f: ClassExamScoresFilter) {
  const where = allOf(
    sql`e.exam_state = 'Done' and e.score is not null and c.live and s.live`,
    f.classes,
    f.students,
    withinDays(sql`s.start_at`, f.period, f.timeZone),
    f.examType ? sql`e.exam_type = ${f.examType}` : undefined,
    f.examinedNames.length ? sql`${examinedName} = ${anyText(f.examinedNames)}` : undefined,
    f.teacherKey
      ? sql`(c.teacher_key = ${f.teacherKey}::uuid or c.assistant_key = ${f.teacherKey}::uuid)`
      : undefined,
    f.classroomId ? sql`e.classroom_id = ${f.classroomId}::uuid` : undefined,
    f.level ? sql`c.classroom_level = ${f.level}` : undefined,
    f.lessonType ? sql`c.lesson_type = ${f.lessonType}` : undefined,
  );
  // Grouped by the class's id first and named after: the sort behind the grouping carries keys, not
  // the class's and teacher's names (a year of the large centre 430 → 320 ms; bench/README.md).
  return selectRows<ClassExamScoresRow>(
    q,
    sql`with figures as (
        select e.classroom_id, e.exam_type, ${examinedName} as exam_name,
          grouping(e.exam_type) = 1 as total,
          round(avg(e.score), 2) as average, count(*)::int as exam_count,
          count(distinct e.student_key)::int as student_count
        from ${exams} e
        join ${sessionsView} s on s.session_id = e.session_id
        join ${classroomsView} c on c.classroom_id = e.classroom_id
        left join ${classroomLessonsView} l on l.classroom_lesson_id = e.classroom_lesson_id
        where ${where}
        group by grouping sets ((e.classroom_id), (e.classroom_id, e.exam_type, ${examinedName})))
      select f.classroom_id, c.classroom_name, teacher.full_name as teacher_name,
        c.classroom_level as level, c.lesson_type, f.exam_type, f.exam_name, f.total,
        f.average, f.exam_count, f.student_count
      from figures f
      join ${classroomsView} c on c.classroom_id = f.classroom_id
      left join ${people} teacher on teacher.public_key = c.teacher_key
      order by c.classroom_name, f.classroom_id, f.total desc, f.exam_type, f.exam_name nulls first`,
  );
}
