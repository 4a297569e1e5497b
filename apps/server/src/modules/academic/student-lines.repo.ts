import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { exams, homeworks } from '../../db/schema/academic.ts';
import { people } from '../../db/schema/people.ts';
import { selectRows } from '../../db/sql.ts';
import {
  classroomMembers,
  classroomsView,
  sessionPresencesView,
  sessionsView,
} from '../scheduling/scheduling.module.ts';
import { allOf, type Reach } from './reports.repo.ts';

export interface StudentLineRow {
  classroomId: string;
  classroomName: string;
  teacherName: string;
  state: string;
  held: number;
  upcoming: number;
  present: number;
  absent: number;
  homeworks: number;
  homeworksDone: number;
  homeworksPending: number;
  exams: number;
  averageScore: string | null;
  lastHeldSessionId: string | null;
}

/**
 * A student's lines, one per class they sit in that `classes` lets through: sessions started and
 * to come, presence, homework (done, pending), exams and the scored ones' average, the last held
 * session (its report page). The student's report (`classroomReportOfStudent`) and the student's
 * page (issue 31) read the same query. Each figure an indexed lateral.
 */
export function studentLines(q: Queryable, studentKey: string, classes: Reach) {
  return selectRows<StudentLineRow>(
    q,
    sql`select c.classroom_id, c.classroom_name, coalesce(t.full_name, '') as teacher_name, c.state,
        ss.held, ss.upcoming, coalesce(pr.present, 0) as present, coalesce(pr.absent, 0) as absent,
        hw.homeworks, hw.homeworks_done, hw.homeworks_pending, ex.exams, ex.average_score,
        (select s.session_id from ${sessionsView} s where s.classroom_id = c.classroom_id and s.held
          order by s.start_at desc, s.session_id desc limit 1) as last_held_session_id
      from ${classroomMembers} cs
      join ${classroomsView} c on c.classroom_id = cs.classroom_id
      left join ${people} t on t.public_key = c.teacher_key
      cross join lateral (
        select count(*) filter (where s.start_at <= now())::int as held,
          count(*) filter (where s.start_at > now())::int as upcoming
        from ${sessionsView} s where s.classroom_id = c.classroom_id and s.live
      ) ss
      cross join lateral (
        select count(*) filter (where sp.is_present)::int as present,
          count(*) filter (where not sp.is_present)::int as absent
        from ${sessionPresencesView} sp join ${sessionsView} s on s.session_id = sp.session_id
        where sp.student_key = cs.student_key and s.classroom_id = c.classroom_id and s.live
      ) pr
      cross join lateral (
        select count(*)::int as homeworks, count(*) filter (where h.state = 'Done')::int as homeworks_done,
          count(*) filter (where h.state = 'Pending')::int as homeworks_pending
        from ${homeworks} h where h.classroom_id = c.classroom_id and h.student_key = cs.student_key
      ) hw
      cross join lateral (
        select count(*)::int as exams,
          round(avg(e.score) filter (where e.exam_state = 'Done' and e.score is not null), 2)::text as average_score
        from ${exams} e where e.classroom_id = c.classroom_id and e.student_key = cs.student_key
      ) ex
      where cs.student_key = ${studentKey}::uuid and ${allOf(classes(sql`c.classroom_id`))}
      order by c.create_moment desc, c.classroom_id`,
  );
}
