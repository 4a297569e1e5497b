import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { people } from '../../db/schema/people.ts';
import { epochOf, selectRow } from '../../db/sql.ts';
import {
  classroomLessonsView,
  classroomMembers,
  classroomsView,
  sessionPresencesView,
  sessionsView,
} from '../scheduling/scheduling.module.ts';

/** The session half of a student's session report (issue 10): one query over indexed keys. */
export interface ReportHeadRow {
  classroomId: string;
  classroomName: string;
  classroomState: string;
  lessonType: string;
  start: number;
  end: number;
  state: string;
  teacherName: string | null;
  teachingRecorded: boolean;
  taughtLessonsDescription: string | null;
  teachingMinutes: number | null;
  teachingType: string | null;
  lessonsTaught: { lessonName: string; lessonTitle: string; lessonSubTitle: string }[];
  studentName: string;
  enrolled: boolean;
  isPresent: boolean | null;
  feedback: string | null;
  confirmation: string;
  changesConfirmedByTeacher: boolean;
  changesConfirmedBySchedulingAdmin: boolean;
  /** Every student of the class has a presence at the session (the display state's presence information). */
  presenceComplete: boolean;
}

/** A session with its class, teacher, the lessons taught, and one student's name, enrolment and presence. */
export function reportHead(q: Queryable, sessionId: string, studentKey: string) {
  return selectRow<ReportHeadRow>(
    q,
    sql`select s.classroom_id, c.classroom_name, c.state as classroom_state, c.lesson_type,
        ${epochOf(sql`s.start_at`)} as start, ${epochOf(sql`s.end_at`)} as "end", s.state,
        t.full_name as teacher_name, s.teaching_date is not null as teaching_recorded,
        s.taught_lessons_description, s.teaching_minutes, s.teaching_type,
        (select coalesce(json_agg(json_build_object('lessonName', l.lesson_name, 'lessonTitle', l.lesson_title,
            'lessonSubTitle', l.lesson_sub_title) order by l.position), '[]'::json)
          from ${classroomLessonsView} l where l.classroom_lesson_id = any(s.taught_lesson_ids)) as lessons_taught,
        st.full_name as student_name,
        exists (select 1 from ${classroomMembers} cs where cs.classroom_id = s.classroom_id
          and cs.student_key = st.public_key) as enrolled,
        p.is_present, p.feedback, s.confirmation, s.changes_confirmed_by_teacher,
        s.changes_confirmed_by_scheduling_admin,
        not exists (select 1 from ${classroomMembers} all_cs where all_cs.classroom_id = s.classroom_id
          and not exists (select 1 from ${sessionPresencesView} all_p where all_p.session_id = s.session_id
            and all_p.student_key = all_cs.student_key)) as presence_complete
      from ${sessionsView} s
      join ${classroomsView} c on c.classroom_id = s.classroom_id
      join ${people} st on st.public_key = ${studentKey}::uuid
      left join ${people} t on t.public_key = s.teacher_key
      left join ${sessionPresencesView} p on p.session_id = s.session_id and p.student_key = st.public_key
      where s.session_id = ${sessionId}::uuid`,
  );
}
