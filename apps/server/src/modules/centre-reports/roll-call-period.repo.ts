import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { epochOf, selectRows, withinDays } from '../../db/sql.ts';
import {
  classroomMembers,
  classroomsView,
  sessionPresencesView,
  sessionsView,
} from '../scheduling/scheduling.module.ts';
import { nameOf } from '../users/users.module.ts';

/**
 * A class's or a student's roll call over a period (docs/decisions.md "Reports: roll call over a
 * period"): the live sessions starting in the period's days (the centre's time zone; a range of
 * `classroom_sessions_start_idx`), each paired with the students sitting in the class (today's
 * roster, as the day's roll call) and their presence; counted with GROUP BY, never row by row.
 */

export interface Period {
  from: string;
  to: string;
}

export interface TallyRow {
  presentCount: number;
  absentCount: number;
  unrecordedCount: number;
}

/** Present, absent and unrecorded among the joined (session, student) pairs `m` × `p`. */
const tally = sql`count(*) filter (where p.is_present)::int as present_count,
  count(*) filter (where not p.is_present)::int as absent_count,
  count(m.student_key) filter (where p.is_present is null)::int as unrecorded_count`;

/** Sessions `s` starting from the first local midnight of `from` up to the one after `to`. */
function inPeriod(period: Period, timeZone: string): SQL {
  return sql`s.live and ${withinDays(sql`s.start_at`, period, timeZone)}`;
}

const presence = sql`left join ${sessionPresencesView} p on p.session_id = s.session_id and p.student_key = m.student_key`;

export interface ClassSessionRow extends TallyRow {
  sessionId: string;
  start: number;
  end: number;
  held: boolean;
}

/** Each live session of the class in the period, counted over the reached students of its roster. */
export function classSessions(
  q: Queryable,
  classroomId: string,
  period: Period,
  students: SQL | undefined,
  timeZone: string,
): Promise<ClassSessionRow[]> {
  const reached = students ? sql`and ${students}` : sql``;
  return selectRows<ClassSessionRow>(
    q,
    sql`select s.session_id, ${epochOf(sql`s.start_at`)} as start, ${epochOf(sql`s.end_at`)} as "end", s.held, ${tally}
      from ${sessionsView} s
      left join ${classroomMembers} m on m.classroom_id = s.classroom_id ${reached}
      ${presence}
      where s.classroom_id = ${classroomId}::uuid and ${inPeriod(period, timeZone)}
      group by s.session_id, s.start_at, s.end_at, s.held
      order by s.start_at, s.session_id`,
  );
}

export interface ClassStudentRow extends TallyRow {
  studentKey: string;
  fullName: string | null;
}

/** Each reached student of the class with their counts over the class's live sessions of the period. */
export function classStudents(
  q: Queryable,
  classroomId: string,
  period: Period,
  students: SQL | undefined,
  timeZone: string,
): Promise<ClassStudentRow[]> {
  const reached = students ? sql`and ${students}` : sql``;
  return selectRows<ClassStudentRow>(
    q,
    sql`select m.student_key, ${nameOf(sql`m.student_key`)} as full_name,
        count(s.session_id) filter (where p.is_present)::int as present_count,
        count(s.session_id) filter (where not p.is_present)::int as absent_count,
        count(s.session_id) filter (where p.is_present is null)::int as unrecorded_count
      from ${classroomMembers} m
      left join ${sessionsView} s on s.classroom_id = m.classroom_id and ${inPeriod(period, timeZone)}
      ${presence}
      where m.classroom_id = ${classroomId}::uuid ${reached}
      group by m.student_key
      order by full_name, m.student_key`,
  );
}

export interface StudentSessionRow {
  sessionId: string;
  classroomId: string;
  classroomName: string;
  start: number;
  end: number;
  held: boolean;
  isPresent: boolean | null;
}

/** The student's sessions: the live sessions of the live classes they sit in that the caller reaches. */
function studentSessionsFrom(
  studentKey: string,
  period: Period,
  classrooms: SQL | undefined,
  timeZone: string,
) {
  const conditions = [sql`m.student_key = ${studentKey}::uuid`, sql`c.live`, inPeriod(period, timeZone)];
  if (classrooms) conditions.push(classrooms);
  return sql`from ${classroomMembers} m
    join ${sessionsView} s on s.classroom_id = m.classroom_id
    join ${classroomsView} c on c.classroom_id = s.classroom_id
    ${presence}
    where ${sql.join(conditions, sql` and `)}`;
}

/** The student's sessions in the period, in time order, with their presence (null: unrecorded). */
export function studentSessions(
  q: Queryable,
  studentKey: string,
  period: Period,
  classrooms: SQL | undefined,
  timeZone: string,
): Promise<StudentSessionRow[]> {
  return selectRows<StudentSessionRow>(
    q,
    sql`select s.session_id, s.classroom_id, c.classroom_name, ${epochOf(sql`s.start_at`)} as start,
        ${epochOf(sql`s.end_at`)} as "end", s.held, p.is_present
      ${studentSessionsFrom(studentKey, period, classrooms, timeZone)}
      order by s.start_at, c.classroom_name, s.session_id`,
  );
}

export interface StudentClassRow extends TallyRow {
  classroomId: string;
  classroomName: string;
}

/** The student's counts per class over the period, by class name. */
export function studentClasses(
  q: Queryable,
  studentKey: string,
  period: Period,
  classrooms: SQL | undefined,
  timeZone: string,
): Promise<StudentClassRow[]> {
  return selectRows<StudentClassRow>(
    q,
    sql`select s.classroom_id, c.classroom_name, ${tally}
      ${studentSessionsFrom(studentKey, period, classrooms, timeZone)}
      group by s.classroom_id, c.classroom_name
      order by c.classroom_name, s.classroom_id`,
  );
}
