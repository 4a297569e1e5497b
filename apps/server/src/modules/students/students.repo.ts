import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { people } from '../../db/schema/people.ts';
import { epochOf, selectRow, selectRows, timestampOf } from '../../db/sql.ts';
import {
  classroomLessonsView,
  classroomMembers,
  classroomsView,
  sessionPresencesView,
  sessionsView,
} from '../scheduling/scheduling.module.ts';

/**
 * The student's page's own reads (issue 31), over other areas' published views only: who the
 * student is (`people`), their classes and their sessions (scheduling's read views). The caller's
 * reach comes in as conditions from the reach policy.
 */

const allOf = (...conditions: (SQL | undefined)[]) => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
};

/** A student (role Student) by key when `reach` (a condition on their key and consultant) holds. */
export function reachedStudent(
  q: Queryable,
  studentKey: string,
  reach: (columns: { studentKey: SQLWrapper; consultantKey: SQLWrapper }) => SQL | undefined,
) {
  return selectRow<{ publicKey: string }>(
    q,
    sql`select st.public_key from ${people} st where st.public_key = ${studentKey}::uuid and st.role = 'Student'
      and ${allOf(reach({ studentKey: sql`st.public_key`, consultantKey: sql`st.consultant_key` }))}`,
  );
}

export interface ClassRow {
  classroomId: string;
  classroomName: string;
  lessonType: string;
  classroomType: string;
  state: string;
  teacherKey: string | null;
  teacherName: string | null;
  nextSessionStart: number | null;
  sessionsHeld: number;
  sessionsTotal: number;
}

/** The classes the student sits in that `classes` (a condition on a classroom id) lets through: one query. */
export function classesOf(q: Queryable, studentKey: string, classes: (classroomId: SQL) => SQL | undefined) {
  return selectRows<ClassRow>(
    q,
    sql`select c.classroom_id, c.classroom_name, c.lesson_type, c.classroom_type, c.state,
        c.teacher_key, t.full_name as teacher_name, ${epochOf(sql`ss.next_start`)} as next_session_start,
        ss.held as sessions_held, ss.total as sessions_total
      from ${classroomMembers} cs
      join ${classroomsView} c on c.classroom_id = cs.classroom_id
      left join ${people} t on t.public_key = c.teacher_key
      cross join lateral (
        select count(*) filter (where s.held)::int as held, count(*)::int as total,
          min(s.start_at) filter (where s.start_at > now()) as next_start
        from ${sessionsView} s where s.classroom_id = c.classroom_id and s.live
      ) ss
      where cs.student_key = ${studentKey}::uuid and ${allOf(classes(sql`c.classroom_id`))}
      order by c.live desc, ss.next_start nulls last, c.create_moment desc, c.classroom_id`,
  );
}

export interface WeekRow {
  sessionId: string;
  classroomId: string;
  classroomName: string;
  lessonType: string;
  start: number;
  end: number;
  state: string;
  confirmation: string;
  changesConfirmedByTeacher: boolean;
  changesConfirmedBySchedulingAdmin: boolean;
  /** Null when the caller does not read every classmate's money (the class's figures are then not theirs). */
  financialConfirmation: boolean | null;
  hasTeachingDayInformation: boolean;
  hasPresenceInformation: boolean;
  teacherKey: string | null;
  teacherName: string | null;
  lessonNames: string[];
  classroomNumber: string | null;
  isPresent: boolean | null;
}

/**
 * The student's sessions starting in [from, to) in the classes they sit in that `classes` lets
 * through, with what the display state needs: one query, each class's sessions read by
 * (classroom, start). `readsMoney`: a condition on a classmate's key — whether the caller reads
 * that student's money; the session's financial confirmation is shown only when it holds for all.
 */
export function weekOf(
  q: Queryable,
  range: { studentKey: string; from: number; to: number },
  classes: (classroomId: SQL) => SQL | undefined,
  readsMoney: (studentKey: SQL) => SQL | undefined,
) {
  const everyone = readsMoney(sql`m.student_key`);
  const moneyShown = everyone
    ? sql`not exists (select 1 from ${classroomMembers} m where m.classroom_id = s.classroom_id and not (${everyone}))`
    : sql`true`;
  return selectRows<WeekRow>(
    q,
    sql`select s.session_id, s.classroom_id, c.classroom_name, c.lesson_type,
        ${epochOf(sql`s.start_at`)} as start, ${epochOf(sql`s.end_at`)} as "end", s.state, s.confirmation,
        s.changes_confirmed_by_teacher, s.changes_confirmed_by_scheduling_admin,
        case when ${moneyShown} then s.financial_confirmation end as financial_confirmation,
        s.teaching_date is not null as has_teaching_day_information,
        (exists (select 1 from ${classroomMembers} m where m.classroom_id = s.classroom_id)
          and not exists (select 1 from ${classroomMembers} m where m.classroom_id = s.classroom_id
            and not exists (select 1 from ${sessionPresencesView} mp where mp.session_id = s.session_id
              and mp.student_key = m.student_key))) as has_presence_information,
        s.teacher_key, t.full_name as teacher_name, s.classroom_number,
        coalesce((select array_agg(l.lesson_name order by l.position) from ${classroomLessonsView} l
          where l.classroom_id = s.classroom_id and l.classroom_lesson_id = any(s.taught_lesson_ids)), '{}') as lesson_names,
        p.is_present
      from ${classroomMembers} cs
      join ${classroomsView} c on c.classroom_id = cs.classroom_id
      join ${sessionsView} s on s.classroom_id = cs.classroom_id
        and s.start_at >= ${timestampOf(range.from)} and s.start_at < ${timestampOf(range.to)}
      left join ${people} t on t.public_key = s.teacher_key
      left join ${sessionPresencesView} p on p.session_id = s.session_id and p.student_key = cs.student_key
      where cs.student_key = ${range.studentKey}::uuid and ${allOf(classes(sql`c.classroom_id`))}
      order by s.start_at, s.session_id`,
  );
}
