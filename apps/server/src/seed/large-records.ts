import { type SQL, sql } from 'drizzle-orm';
import {
  homeworkForms,
  languages,
  type NotificationKey,
  type NotificationParams,
  renderNotification,
} from '@tutoria/shared';
import type { Queryable } from '../db/client.ts';
import { key, pick } from './large-sql.ts';

/**
 * Academic records of the held sessions (issue 10), keyed on a hash of the session (hs, 0–1023):
 * homework for every student when hs % 10 < 7 (Done with a percentage once past its deadline, one in
 * five still Pending), exams when hs % 4 = 1 (one in six Pending), lesson progress of the taught
 * lesson unless hs % 10 = 9 (teaching and review Done or Pending, some delayed); sessions with
 * hs % 10 = 9 carry the WithOut… flags, those with 7 or 8 are left "missing records". Parent links
 * for one (session, student) in 40 of the last 60 days, some revoked. `scope` (a condition on the
 * session `s`) limits it to some classes: the demo centre's (demo-centre.ts).
 */
export async function seedLargeAcademic(q: Queryable, scope: SQL = sql`true`): Promise<void> {
  const held = sql`(select s.session_id, s.classroom_id, s.teacher_key, s.start_at, s.end_at, s.taught_lesson_ids[1] as lesson_id,
      hashtext(s.session_id::text) & 1023 as hs
    from classroom_sessions s where s.teaching_date is not null and ${scope})`;
  await q.execute(sql`
    insert into homeworks (homework_id, session_id, classroom_id, student_key, subtitle, dead_line, form, state, feedback,
      correct_percentation, done_moment, created_by, create_moment, updated_at)
    select ${key('homework', 's.session_id::text || st.student_key::text')}, s.session_id, s.classroom_id, st.student_key,
      'Exercise set ' || (1 + s.hs % 12), s.start_at + interval '7 days', ${pick(homeworkForms, 's.hs')},
      case when done then 'Done' else 'Pending' end,
      case when done and h % 3 = 0 then 'Neat work; check the units.' end,
      case when done then 40 + h % 61 end, case when done then s.start_at + interval '5 days' end,
      s.teacher_key, s.start_at + interval '2 hours', s.start_at + interval '2 hours'
    from ${held} s join classroom_students st on st.classroom_id = s.classroom_id
    cross join lateral (select hashtext(st.student_key::text || s.session_id::text) & 1023 as h) x
    cross join lateral (select s.start_at + interval '7 days' < now() and x.h % 5 <> 0 as done) d
    where s.hs % 10 < 7`);
  await q.execute(sql`
    insert into exams (exam_id, session_id, classroom_id, student_key, classroom_lesson_id, exam_type, score, exam_state, feedback,
      created_by, create_moment, updated_at)
    select ${key('exam', 's.session_id::text || st.student_key::text')}, s.session_id, s.classroom_id, st.student_key, cl.classroom_lesson_id,
      ${pick(['TitleExam', 'NameExam', 'SubTitleExam'], 's.hs / 4')},
      case when h % 6 <> 0 then 45 + (h % 5501) / 100.0 end, case when h % 6 <> 0 then 'Done' else 'Pending' end,
      case when h % 6 = 1 then 'Revise the second part.' end, s.teacher_key, s.start_at + interval '1 hour', s.start_at + interval '1 hour'
    from ${held} s join classroom_students st on st.classroom_id = s.classroom_id
    left join classroom_lessons cl on cl.classroom_lesson_id = s.lesson_id
    cross join lateral (select hashtext(s.session_id::text || st.student_key::text) & 65535 as h) x
    where s.hs % 4 = 1`);
  await q.execute(sql`
    insert into lesson_progress (session_id, classroom_lesson_id, classroom_id, teach_state, teached_moment, teached_time_in_hour, delay,
      delay_in_teaching_time_in_hour, review_state, review_moment, updated_at)
    select s.session_id, cl.classroom_lesson_id, s.classroom_id,
      case when s.hs % 3 <> 0 then 'Done' else 'Pending' end, case when s.hs % 3 <> 0 then s.end_at end, 1.5,
      s.hs % 13 = 0, case when s.hs % 13 = 0 then 0.5 else 0 end,
      case when s.hs % 4 <> 0 then 'Done' else 'Pending' end, case when s.hs % 4 <> 0 then s.end_at end, s.end_at
    from ${held} s join classroom_lessons cl on cl.classroom_lesson_id = s.lesson_id
    where s.hs % 10 <> 9`);
  await q.execute(sql`
    insert into session_academic_flags (session_id, with_out_exam, with_out_home_work, with_out_review, with_out_teach, updated_at)
    select s.session_id, s.hs % 4 <> 1, true, true, true, s.end_at from ${held} s where s.hs % 10 = 9`);
  await q.execute(sql`
    insert into parent_report_links (link_id, report_hash, session_id, classroom_id, student_key, created_by, create_moment, expires_at,
      revoked_at, revoked_by, open_count)
    select ${key('parent-link', 's.session_id::text || st.student_key::text')},
      md5('parent-' || s.session_id::text || st.student_key::text) || md5('link-' || st.student_key::text || s.session_id::text),
      s.session_id, s.classroom_id, st.student_key, s.teacher_key, s.end_at, s.end_at + interval '30 days',
      case when h % 5 = 0 then s.end_at + interval '1 day' end, case when h % 5 = 0 then s.teacher_key end, h % 4
    from ${held} s join classroom_students st on st.classroom_id = s.classroom_id
    cross join lateral (select hashtext(st.student_key::text || s.session_id::text) & 1023 as h) x
    where s.start_at > now() - interval '60 days' and x.h % 40 = 0`);
}

const classNames = ['Mathematics A1 · 0001', 'Physics B2 · 0114', 'English C1 · 0920', 'Chemistry A2 · 1530'];
/** The notifications a large-centre user has, cycled: every type the areas send, rendered like the product. */
type Variant = { type: string; key: NotificationKey; params: NotificationParams };
const variants = classNames.flatMap((classroom, i): Variant[] => [
  { type: 'Classroom', key: 'class.created', params: { classroom } },
  { type: 'Classroom', key: 'class.edited', params: { classroom } },
  { type: 'TimeTable', key: 'session.moved', params: { classroom, count: 1 + i } },
  { type: 'TimeTable', key: 'session.cancelled', params: { classroom, count: 1 } },
  { type: 'TimeTable', key: 'timetable.added', params: { count: 5 + i } },
  { type: 'Financial', key: 'finance.depositConfirmed', params: { classroom } },
  {
    type: 'Financial',
    key: 'finance.transferConfirmed',
    params: { classroom: `${classroom} → ${classNames[(i + 1) % 4]}` },
  },
  {
    type: 'Academic',
    key: 'academic.homeworkGiven',
    params: { classroom, subtitle: `Exercise set ${i + 1}` },
  },
  { type: 'Academic', key: 'academic.examResult', params: { classroom } },
]);

/**
 * Notifications: `perUser` on average for everybody (20–51 by a hash of the user), `heaviest` for
 * `admin` (the bench's user, issue 12's "a user with 10,000"), newest first an hour apart, the
 * newest third unread. Stored as the product stores them: key, parameters, the rendering in every
 * language as search text.
 */
export async function seedLargeNotifications(q: Queryable, heaviest: number): Promise<void> {
  const rows = variants.map(
    (v, i) =>
      sql`(${i}::int, ${v.type}::text, ${v.key}::text, ${JSON.stringify(v.params)}::jsonb, ${languages.map((l) => renderNotification(l, v.key, v.params)).join('\n')}::text)`,
  );
  await q.execute(sql`
    insert into notifications (user_key, message_type, message_key, params, search_text, is_read, read_at, create_moment)
    select u.public_key, v.type, v.key, v.params, v.search_text, g > n / 3, case when g > n / 3 then now() - make_interval(hours => g - 1) end,
      now() - make_interval(hours => g, mins => (hashtext(u.user_name) & 59))
    from (select public_key, user_name,
            case when user_name = 'admin' then ${heaviest}::int else 20 + (hashtext(user_name) & 31) end as n from users) u
    cross join lateral generate_series(1, u.n) g
    join (values ${sql.join(rows, sql`, `)}) v(i, type, key, params, search_text) on v.i = (g + (hashtext(u.user_name) & 1023)) % ${variants.length}::int`);
}

/** Surveys: five questions, last term's closed round answered by most students of live classes, none open. */
export async function seedLargeSurveys(q: Queryable): Promise<void> {
  const questions = [
    'Explains clearly',
    'Comes prepared',
    'Answers questions',
    'Gives useful homework',
    'Overall',
  ];
  await q.execute(sql`
    insert into survey_questions (question_id, text_en, position)
    select ${key('survey-question', 'i')}, ${pick(questions, 'i')}, i from generate_series(0, ${questions.length - 1}) i`);
  await q.execute(sql`
    insert into survey_rounds (round_id, title, starts_at, ends_at, closed_at, created_by)
    values (${key('survey-round', '1')}, 'Last term', now() - interval '60 days', now() - interval '30 days', now() - interval '30 days',
      ${key('admin', '1')})`);
  await q.execute(sql`
    insert into survey_round_questions (round_id, question_id)
    select ${key('survey-round', '1')}, ${key('survey-question', 'i')} from generate_series(0, ${questions.length - 1}) i`);
  await q.execute(sql`
    insert into survey_responses (response_id, round_id, classroom_id, teacher_key, student_key, comment, create_moment, updated_at)
    select ${key('survey-response', 'c.classroom_id::text || st.student_key::text')}, ${key('survey-round', '1')}, c.classroom_id,
      c.teacher_key, st.student_key, case when h % 7 = 0 then 'Very helpful lessons.' end,
      now() - make_interval(days => 31 + h % 29), now() - make_interval(days => 31 + h % 29)
    from classrooms c join classroom_students st on st.classroom_id = c.classroom_id
    cross join lateral (select hashtext(st.student_key::text || c.classroom_id::text) & 1023 as h) x
    where c.state = 'Active' and x.h % 10 < 8`);
  await q.execute(sql`
    insert into survey_answers (response_id, question_id, rating)
    select r.response_id, ${key('survey-question', 'i')}, 1 + least(4, hashtext(r.response_id::text || i) & 7)
    from survey_responses r cross join generate_series(0, ${questions.length - 1}) i`);
}
