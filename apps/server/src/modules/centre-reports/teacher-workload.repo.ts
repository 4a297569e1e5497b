import { type SQL, sql } from 'drizzle-orm';
import type { LessonType } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { selectRows, withinDays, zoneLiteral } from '../../db/sql.ts';
import { classroomsView, sessionsView } from '../scheduling/scheduling.module.ts';
import { nameOf } from '../users/users.module.ts';

/**
 * Teacher workload in one statement (docs/decisions.md "Reports: teacher workload"): the live
 * sessions of live classes starting in the period (a range of `classroom_sessions_start_idx`, or of
 * `classroom_sessions_teacher_start_idx` for one teacher), minutes summed per session teacher and
 * week (its Monday in the centre's time zone), held minutes apart.
 */
export interface WorkloadFilters {
  from: string;
  to: string;
  teacherKey?: string | undefined;
  lessonType?: LessonType | undefined;
}

export interface WorkloadRow {
  teacherKey: string;
  teacherName: string | null;
  week: string;
  heldMinutes: number;
  bookedMinutes: number;
}

export function teacherWorkload(
  q: Queryable,
  f: WorkloadFilters,
  scope: SQL[],
  timeZone: string,
): Promise<WorkloadRow[]> {
  const conditions: SQL[] = [sql`s.live`, sql`c.live`, withinDays(sql`s.start_at`, f, timeZone), ...scope];
  if (f.teacherKey) conditions.push(sql`s.teacher_key = ${f.teacherKey}::uuid`);
  if (f.lessonType) conditions.push(sql`c.lesson_type = ${f.lessonType}`);
  return selectRows<WorkloadRow>(
    q,
    sql`select s.teacher_key, ${nameOf(sql`s.teacher_key`)} as teacher_name,
        to_char(date_trunc('week', s.start_at at time zone ${zoneLiteral(timeZone)}), 'YYYY-MM-DD') as week,
        coalesce(sum(s.duration_minutes) filter (where s.held), 0)::int as held_minutes,
        sum(s.duration_minutes)::int as booked_minutes
      from ${sessionsView} s
      join ${classroomsView} c on c.classroom_id = s.classroom_id
      where ${sql.join(conditions, sql` and `)}
      group by s.teacher_key, 3
      order by teacher_name, s.teacher_key, 3`,
  );
}
