import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { classroomSalaries, teacherFees } from '../../db/schema/finance.ts';
import { epochOf, selectRow } from '../../db/sql.ts';
import { classroomsView } from '../scheduling/scheduling.module.ts';
import { people } from '../users/users.module.ts';

export interface TeacherSalaryRow {
  classroomId: string;
  teacherKey: string;
  teacherName: string;
  lessonType: string;
  salary: string | null;
  fee: string | null;
  updatedAt: number | null;
  updatedByName: string | null;
}

/** The classroom id of `teacherSalaryOf`'s query, for a scope condition on it. */
export const salaryClassroomId = sql`c.classroom_id`;

/** The classes a teacher teaches, within a scope (undefined: no further condition). */
export const taughtClasses = (teacherKey: string, scope: SQL | undefined) =>
  scope ? sql`c.teacher_key = ${teacherKey} and ${scope}` : sql`c.teacher_key = ${teacherKey}`;

/**
 * A classroom's teacher salary per hour beside the teacher's fee for the class's lesson type (the
 * value it starts from), when `reach` (a condition on `c`, the classroom) lets the caller see it.
 */
export function teacherSalaryOf(q: Queryable, classroomId: string, reach: SQL | undefined) {
  return selectRow<TeacherSalaryRow>(
    q,
    sql`select c.classroom_id, c.teacher_key, t.full_name as teacher_name, c.lesson_type,
        s.teacher_salary_per_hour::text as salary, f.fee::text as fee,
        ${epochOf(sql`s.updated_at`)} as updated_at, u.full_name as updated_by_name
      from ${classroomsView} c
      join ${people} t on t.public_key = c.teacher_key
      left join ${classroomSalaries} s on s.classroom_id = c.classroom_id
      left join ${teacherFees} f on f.teacher_key = c.teacher_key and f.lesson_type = c.lesson_type
      left join ${people} u on u.public_key = s.updated_by
      where c.classroom_id = ${classroomId} ${reach ? sql`and ${reach}` : sql``}`,
  );
}

export async function upsertTeacherSalary(q: Queryable, classroomId: string, salary: string, actorKey: string): Promise<void> {
  const updatedAt = new Date();
  await q
    .insert(classroomSalaries)
    .values({ classroomId, teacherSalaryPerHour: salary, updatedBy: actorKey, updatedAt })
    .onConflictDoUpdate({
      target: classroomSalaries.classroomId,
      set: { teacherSalaryPerHour: salary, updatedBy: actorKey, updatedAt },
    });
}
