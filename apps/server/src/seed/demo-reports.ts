import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';

/**
 * Demo academic records for the reports (issue 10), on the held sessions that taught a lesson —
 * but a group class's latest, left for its teacher to record (academic-records.e2e): the lesson's
 * progress (hours taught, finished every other session, reviewed once a week old); on each
 * session but the newest recorded one, two homeworks per student, graded, and two scored exams;
 * on the newest, a homework still due, a revision sheet already overdue and an exam awaiting its
 * score. Set-based: three statements, whatever the number of sessions. Scores follow a hash of
 * the ids: varied, and the same on every seed.
 */
export async function seedDemoReports(tx: Queryable): Promise<void> {
  const held = sql`select x.*, x.recorded = 1 as newest from (
      select y.*, row_number() over (partition by y.classroom_id order by y.start_at desc) as recorded
      from (
        select s.session_id, s.classroom_id, s.teacher_key, s.start_at, s.teaching_minutes,
          l.classroom_lesson_id, l.lesson_title, l.lesson_sub_title,
          row_number() over (partition by s.classroom_id order by s.start_at) as n,
          row_number() over (partition by s.classroom_id order by s.start_at desc) as latest,
          (select count(*) from classroom_students g where g.classroom_id = s.classroom_id) as students
        from classroom_sessions s
        join classrooms c on c.classroom_id = s.classroom_id and c.state <> 'Deleted'
        join classroom_lessons l on l.classroom_lesson_id = s.taught_lesson_ids[1]
        where s.state = 'haveclass' and s.start_at < now()
      ) y where y.latest > 1 or y.students = 1
    ) x`;
  await tx.execute(sql`insert into lesson_progress (session_id, classroom_lesson_id, classroom_id, teach_state,
      teached_moment, teached_time_in_hour, review_state, review_moment)
    select h.session_id, h.classroom_lesson_id, h.classroom_id,
      case when h.n % 2 = 0 then 'Done' else 'Pending' end,
      case when h.n % 2 = 0 then h.start_at + interval '1 hour' end,
      round(coalesce(h.teaching_minutes, 60) / 60.0, 2),
      case when h.start_at < now() - interval '7 days' then 'Done' else 'Pending' end,
      case when h.start_at < now() - interval '7 days' then h.start_at + interval '2 days' end
    from (${held}) h
    on conflict do nothing`);
  await tx.execute(sql`insert into homeworks (session_id, classroom_id, student_key, subtitle, dead_line, form,
      state, correct_percentation, done_moment, feedback, created_by, create_moment)
    select h.session_id, h.classroom_id, cs.student_key,
      case when h.newest and k.i = 2 then 'Revision sheet: ' || h.lesson_title
        when k.i = 1 then 'Exercises: ' || h.lesson_title
        else 'Reading: ' || coalesce(nullif(h.lesson_sub_title, ''), h.lesson_title) end,
      case when not h.newest then h.start_at + (2 + k.i) * interval '1 day'
        when k.i = 1 then greatest(h.start_at, now()) + interval '4 days'
        else least(h.start_at + interval '1 day', greatest(h.start_at + interval '1 minute', now() - interval '1 minute')) end,
      (array['written', 'online', 'project', 'reading'])[1 + (abs(hashtext(h.session_id::text)) + k.i) % 4],
      case when h.newest then 'Pending' else 'Done' end,
      case when not h.newest then 60 + abs(hashtext(cs.student_key::text || h.session_id::text || k.i)) % 41 end,
      case when not h.newest then h.start_at + (1 + k.i) * interval '1 day' end,
      case when not h.newest then 'Good work; check the last question again.' end,
      h.teacher_key, h.start_at + k.i * interval '1 hour'
    from (${held}) h
    join classroom_students cs on cs.classroom_id = h.classroom_id
    cross join (values (1), (2)) k(i)`);
  await tx.execute(sql`insert into exams (session_id, classroom_id, student_key, classroom_lesson_id, exam_type,
      score, exam_state, feedback, created_by, create_moment)
    select h.session_id, h.classroom_id, cs.student_key, h.classroom_lesson_id,
      (array['NameExam', 'TitleExam', 'SubTitleExam'])[1 + (h.n::int + k.i) % 3],
      case when not h.newest then 55 + abs(hashtext(cs.student_key::text || h.session_id::text || k.i)) % 45
        + (abs(hashtext(h.session_id::text)) % 4) * 0.25 end,
      case when h.newest then 'Pending' else 'Done' end,
      case when not h.newest then 'Steady progress.' end,
      h.teacher_key, h.start_at + k.i * interval '50 minutes'
    from (${held}) h
    join classroom_students cs on cs.classroom_id = h.classroom_id
    cross join (values (1), (2)) k(i)
    where not h.newest or k.i = 1`);
}
