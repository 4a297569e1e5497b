import { type SQL, sql } from 'drizzle-orm';
import type { Level, LessonType } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { epochOf, selectRows, zoneLiteral } from '../../db/sql.ts';
import { classroomsView, sessionsView } from '../scheduling/scheduling.module.ts';
import { nameOf } from '../users/users.module.ts';

/**
 * The teaching-hours report's reads (docs/decisions.md "Reports: teaching hours"): the held sessions
 * (`s.held`) of live classes starting in a year or a month of the centre's time zone, a range of
 * `classroom_sessions_start_idx`, grouped in SQL. Minutes are summed (integers), hours made of them
 * once, so every step's figures add up to the step above.
 */

export interface Period {
  year: number;
  month?: number | undefined;
}

export interface Slice {
  level?: Level | undefined;
  lessonType?: LessonType | undefined;
  /** The session's teacher (the report's teacher filter). */
  teacherKey?: string | undefined;
  classroomId?: string | undefined;
}

export interface FigureRow {
  key: string;
  minutes: string;
  sessionCount: number;
}

/** The period as instants: its first local midnight to the next period's, in the centre's zone. */
function boundsOf({ year, month }: Period, timeZone: string) {
  const zone = zoneLiteral(timeZone);
  const first = sql`make_date(${year}::int, ${month ?? 1}::int, 1)`;
  const span = month === undefined ? sql`interval '1 year'` : sql`interval '1 month'`;
  return {
    start: sql`(${first}::timestamp at time zone ${zone})`,
    end: sql`((${first} + ${span}) at time zone ${zone})`,
  };
}

/** The held sessions of the period and slice the caller reaches, as `s` joined to their class `c`. */
function heldSessions(period: Period, slice: Slice, scope: SQL | undefined, timeZone: string): SQL {
  const { start, end } = boundsOf(period, timeZone);
  const conditions: SQL[] = [sql`s.held`, sql`c.live`, sql`s.start_at >= ${start}`, sql`s.start_at < ${end}`];
  if (slice.level) conditions.push(sql`c.classroom_level = ${slice.level}`);
  if (slice.lessonType) conditions.push(sql`c.lesson_type = ${slice.lessonType}`);
  if (slice.teacherKey) conditions.push(sql`s.teacher_key = ${slice.teacherKey}`);
  if (slice.classroomId) conditions.push(sql`s.classroom_id = ${slice.classroomId}`);
  if (scope) conditions.push(scope);
  return sql`from ${sessionsView} s join ${classroomsView} c on c.classroom_id = s.classroom_id
    where ${sql.join(conditions, sql` and `)}`;
}

/** Minutes and sessions per group (`month`: of the year, `level`, `lessonType`), most minutes first. */
export function teachingFigures(
  q: Queryable,
  by: 'month' | 'level' | 'lessonType',
  period: Period,
  slice: Slice,
  scope: SQL | undefined,
  timeZone: string,
): Promise<FigureRow[]> {
  const key = {
    month: sql`extract(month from s.start_at at time zone ${zoneLiteral(timeZone)})::int::text`,
    level: sql`c.classroom_level`,
    lessonType: sql`c.lesson_type`,
  }[by];
  return selectRows<FigureRow>(
    q,
    sql`select ${key} as key, sum(s.duration_minutes)::text as minutes, count(*)::int as session_count
      ${heldSessions(period, slice, scope, timeZone)}
      group by 1 order by sum(s.duration_minutes) desc, 1`,
  );
}

export interface SessionRow {
  sessionId: string;
  classroomId: string;
  classroomName: string;
  teacherKey: string;
  teacherName: string | null;
  start: number;
  end: number;
  durationMinutes: number;
  totalCount: number;
}

/** One page of the held sessions behind a figure, in time order. */
export function teachingSessions(
  q: Queryable,
  period: Period,
  slice: Slice,
  page: { index: number; size: number },
  scope: SQL | undefined,
  timeZone: string,
): Promise<SessionRow[]> {
  return selectRows<SessionRow>(
    q,
    sql`select s.session_id, s.classroom_id, c.classroom_name, s.teacher_key, ${nameOf(sql`s.teacher_key`)} as teacher_name,
        ${epochOf(sql`s.start_at`)} as start, ${epochOf(sql`s.end_at`)} as "end", s.duration_minutes,
        count(*) over ()::int as total_count
      ${heldSessions(period, slice, scope, timeZone)}
      order by s.start_at, s.session_id
      limit ${page.size} offset ${(page.index - 1) * page.size}`,
  );
}
