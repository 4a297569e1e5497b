import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { centreClasses, centreStudents, centreTeachers } from './demo-centre-data.ts';
import { seedDemoCentreMoney } from './demo-centre-money.ts';
import { seedLargeAcademic } from './large-records.ts';
import { key, pick, thisMonday } from './large-sql.ts';

const userKey = (userName: string) => sql`(select public_key from users where user_name = ${userName})`;

/**
 * The demo centre grown to a believable size (issue 29): 40 students, 8 teachers and 20 more
 * classes with twelve past weeks of held sessions and their records, money, plans and a closed
 * survey round, and the coming four weeks booked, so the dashboard, the staff tasks and every report
 * show real figures. Added beside the hand-made demo (whose records the e2e tests name) with
 * set-based SQL as `seed:large` does: a few dozen statements whatever the size, so the first start
 * stays fast. Keys are md5 of labels (`key`), dates are relative to this week: the same centre on
 * every start of the same week.
 */
export async function seedDemoCentre(tx: Queryable, passwordHash: string, now = new Date()): Promise<void> {
  const monday = thisMonday(now).toISOString();
  await seedCentrePeople(tx, passwordHash);
  await seedCentreClasses(tx, monday);
  await seedCentreSessions(tx, monday);
  // Homework, exams and lesson progress of the held sessions, as the large centre has them.
  await seedLargeAcademic(tx, sql`s.classroom_id in (select classroom_id from demo_classes)`);
  // Some of the last fortnight's homework is handed in and waits for its grade (the teachers' task).
  await tx.execute(sql`
    update homeworks set correct_percentation = null, feedback = null
    where classroom_id in (select classroom_id from demo_classes) and state = 'Done'
      and dead_line > now() - interval '14 days' and (hashtext(homework_id::text) & 3) <> 0`);
  await seedDemoCentreMoney(tx, monday);
  await seedCentrePlansAndSurveys(tx, monday);
}

/** Days ago that the students who joined this month did, by their place in `centreStudents` (two of Kevin Zhou's). */
const joinedThisMonth: Record<number, number> = { 23: 4, 26: 1 };

async function seedCentrePeople(tx: Queryable, passwordHash: string) {
  const teachers = centreTeachers.map(
    ([userName, fullName, nickName, baseType, phone], i) =>
      sql`(${userName}::text, ${fullName}::text, ${nickName}::text, 'Teacher', ${baseType}::text, ${phone}::text,
        ${`${userName.replace('_', '.')}@tutoria.example`}::text, null::text, ${200 + i * 7}::int)`,
  );
  // Two students in three with the demo consultant. They joined before the hand-made demo's people (whose
  // places on the lists' first pages the e2e tests rely on), but for the two who joined this month.
  const students = centreStudents.map(
    ([userName, fullName, nickName, baseType], i) =>
      sql`(${userName}::text, ${fullName}::text, ${nickName}::text, 'Student', ${baseType}::text,
        ${`+86139000002${String(i).padStart(2, '0')}`}::text, ${`${userName}@mail.tutoria.example`}::text,
        ${i % 3 === 2 ? 'kevin_zhou' : 'consultant'}::text, ${joinedThisMonth[i] ?? 200 - i * 4}::int)`,
  );
  await tx.execute(sql`
    insert into users (public_key, user_name, full_name, nick_name, role, base_type, phone_number, email_address, consultant_key,
      password_hash, status, create_moment, updated_at)
    select ${key('demo-user', 'p.user_name')}, p.user_name, p.full_name, p.nick_name, p.role, p.base_type, p.phone, p.email,
      (select public_key from users c where c.user_name = p.consultant), ${passwordHash}, 'active',
      now() - make_interval(days => p.days_ago, hours => length(p.user_name)), now()
    from (values ${sql.join([...teachers, ...students], sql`, `)})
      p(user_name, full_name, nick_name, role, base_type, phone, email, consultant, days_ago)`);
  const profiles = centreStudents.map(
    ([userName, , , , school, grade], i) =>
      sql`(${userName}::text, ${school}::text, ${grade}::text, ${i}::int)`,
  );
  await tx.execute(sql`
    insert into student_profiles (user_key, birthday, school, grade, language_test, target_subjects)
    select u.public_key, (date '2008-01-01' + (p.i * 53) % 1200)::date, p.school, p.grade,
      ${pick(['IELTS', 'TOEFL', 'Duolingo'], 'p.i')},
      array[${pick(['Mathematics', 'Physics', 'Chemistry', 'Economics', 'English', 'Biology'], 'p.i')}]
    from (values ${sql.join(profiles, sql`, `)}) p(user_name, school, grade, i)
    join users u on u.user_name = p.user_name`);
}

/** Timetables of the new teachers, the classes, their students, courses and lessons. */
async function seedCentreClasses(tx: Queryable, monday: string) {
  const rows = centreClasses.map(
    (c, i) =>
      sql`(${i}::int, ${c.name}::text, ${c.teacher}::text, ${c.assistant}::text, ${c.type}::text, ${c.lessonType}::text,
        ${c.level}::text, ${c.room}::text, ${c.course}::text, ${c.weekday}::int, ${c.start}::int, ${c.minutes}::int,
        ${c.from}::int, ${c.to}::int, ${c.archived}::boolean, ${`{${c.students.join(',')}}`}::text[])`,
  );
  await tx.execute(sql`
    create temporary table demo_classes on commit drop as
    select v.*, ${key('demo-classroom', 'v.c')} as classroom_id, t.public_key as teacher_key,
      (select s.specification_id from specifications s where s.title = v.course order by s.create_moment limit 1) as specification_id
    from (values ${sql.join(rows, sql`, `)})
      v(c, name, teacher, assistant, type, lesson_type, level, room, course, weekday, start_minutes, minutes, week_from, week_to, archived, students)
    join users t on t.user_name = v.teacher`);
  await tx.execute(sql`
    insert into teacher_timetables (teacher_time_table_id, teacher_key, lesson_names)
    select ${key('demo-timetable', 'u.user_name')}, u.public_key, array['English', 'Mathematics', 'Biology']
    from users u where u.user_name in (${sql.join(
      centreTeachers.map(([userName]) => sql`${userName}`),
      sql`, `,
    )})`);
  await tx.execute(sql`
    insert into classrooms (classroom_id, classroom_name, classroom_level, classroom_type, classroom_number, meeting_link, lesson_type,
      teacher_key, assistant_key, state, archived, created_by, create_moment, updated_at)
    select c.classroom_id, c.name, c.level, c.type, c.room,
      case when c.room is null then 'https://meet.example.com/' || lower(regexp_replace(c.name, '[^A-Za-z0-9]+', '-', 'g')) end,
      c.lesson_type, c.teacher_key, (select public_key from users where user_name = c.assistant),
      case when c.specification_id is null then 'WaitingForAddCourse' else 'Active' end, c.archived, ${userKey('scheduler')},
      ${monday}::timestamptz + make_interval(days => c.week_from * 7 - 3, secs => c.c), now()
    from demo_classes c`);
  await tx.execute(sql`
    insert into classroom_students (classroom_id, student_key, create_moment)
    select c.classroom_id, u.public_key, ${monday}::timestamptz + make_interval(days => c.week_from * 7 - 3)
    from demo_classes c cross join unnest(c.students) s(user_name) join users u on u.user_name = s.user_name`);
  await tx.execute(sql`
    insert into classroom_specifications (classroom_id, specification_id)
    select classroom_id, specification_id from demo_classes where specification_id is not null`);
  // The course's lessons copied into the class (as a class made in the app has them); one lesson when there is no course.
  await tx.execute(sql`
    insert into classroom_lessons (classroom_lesson_id, classroom_id, lesson_name, lesson_title, lesson_sub_title, lesson_level,
      teaching_lesson_time_in_hour, description, position)
    select ${key('demo-classroom-lesson', "c.c || '-' || x.position")}, c.classroom_id, x.name, x.title, x.sub_title, x.level, x.hours,
      x.description, x.position
    from demo_classes c cross join lateral (
      select l.name, l.title, coalesce(l.sub_title, '') as sub_title, l.level, l.teaching_time_in_hour as hours,
        coalesce(l.description, '') as description, (row_number() over (order by sl.position) - 1)::int as position
      from specification_lessons sl join lessons l on l.lesson_id = sl.lesson_id where sl.specification_id = c.specification_id
      union all
      select 'Biology', 'Core topics', 'Cells and organisation', c.level, 1.5, '', 0 where c.specification_id is null) x`);
}

/**
 * Sessions every week of each class, by where they fall: held and confirmed by the admin up to two
 * weeks ago; last week's waiting for the admin (some not recorded yet); this week's past ones to
 * record (a third recorded, some of those not confirmed by their teacher yet); one in twenty cancelled; in the coming weeks one moved and waiting for
 * the scheduling admin, some not yet accepted by their teacher. Each session lies in an available
 * time of its teacher: an existing one when the teacher has it, else one made for it.
 */
async function seedCentreSessions(tx: Queryable, monday: string) {
  await tx.execute(sql`
    create temporary table demo_sessions on commit drop as
    select x.*, x.past and not x.cancelled and not (x.w = 0 and x.c % 3 <> 0) and not (x.w = -1 and x.c % 4 = 1) as records
    from (
      select c.c, w, c.week_from, c.classroom_id, c.teacher_key, c.room, c.lesson_type, t.start_at, t.start_at + make_interval(mins => c.minutes) as end_at,
        t.start_at + make_interval(mins => c.minutes) <= now() as past,
        (select count(*)::int from classroom_lessons cl where cl.classroom_id = c.classroom_id) as lessons,
        (c.c * 7 + w * 13 + 260) % 20 = 0 and w <> -1 as cancelled
      from demo_classes c cross join generate_series(c.week_from, c.week_to) w
      cross join lateral (select ${monday}::timestamptz + make_interval(days => w * 7 + c.weekday, mins => c.start_minutes) as start_at) t
    ) x`);
  await tx.execute(sql`
    insert into available_times (available_time_id, teacher_time_table_id, teacher_key, start_at, end_at, series_id, create_moment)
    select ${key('demo-slot', "s.c || '-' || s.w")}, tt.teacher_time_table_id, s.teacher_key, s.start_at, s.end_at,
      ${key('demo-series', 's.c')}, ${monday}::timestamptz - interval '13 weeks'
    from demo_sessions s
    join lateral (select teacher_time_table_id from teacher_timetables where teacher_key = s.teacher_key limit 1) tt on true
    where not exists (select 1 from available_times a
      where a.teacher_key = s.teacher_key and a.start_at <= s.start_at and a.end_at >= s.end_at)`);
  await tx.execute(sql`
    insert into classroom_sessions (session_id, classroom_id, teacher_key, classroom_number, available_time_id, start_at, end_at, state,
      confirmation, financial_confirmation, changes_confirmed_by_teacher, changes_confirmed_by_scheduling_admin,
      teaching_date, taught_lessons_description, teaching_minutes, teaching_type, taught_lesson_ids, create_moment, updated_at)
    select ${key('demo-session', "s.c || '-' || s.w")}, s.classroom_id, s.teacher_key, s.room,
      (select a.available_time_id from available_times a
        where a.teacher_key = s.teacher_key and a.start_at <= s.start_at and a.end_at >= s.end_at order by a.start_at limit 1),
      s.start_at, s.end_at,
      case when s.cancelled then 'canceled' when s.records then 'haveclass' else 'waitingforclass' end,
      case when not s.records or (s.w = 0 and s.c % 6 = 0) then 'noConfirmation' when s.w >= -1 then 'confirmedByTeacher'
        else 'confirmedByAdmin' end,
      true, s.past or not (s.w = 2 and (s.c % 5 = 4 or s.c = 1)), s.past or not (s.w = 1 and s.c % 6 = 2),
      case when s.records then s.start_at end,
      case when s.records then coalesce(l.lesson_title || ': ' || nullif(l.lesson_sub_title, ''), l.lesson_title) end,
      case when s.records then extract(epoch from s.end_at - s.start_at)::int / 60 end,
      case when s.records then case when s.lesson_type like '%_Online' then 'online' else 'offline' end end,
      case when s.records and l.classroom_lesson_id is not null then array[l.classroom_lesson_id] else '{}'::uuid[] end,
      s.start_at - interval '20 days', now()
    from demo_sessions s
    left join classroom_lessons l on l.classroom_id = s.classroom_id and l.position = (s.w - s.week_from) % greatest(1, s.lessons)`);
  // Presence of every student of a recorded session; one in eight missed it.
  await tx.execute(sql`
    insert into session_presences (session_id, student_key, is_present, feedback, recorded_by)
    select s.session_id, st.student_key, (hashtext(s.session_id::text || st.student_key::text) & 7) <> 3,
      ${pick(['Well prepared; clear, confident answers.', 'Needs more practice with the homework questions.', 'Great participation today.', 'Arrived late; catch up on the first exercise.'], 'hashtext(st.student_key::text || s.start_at::text) & 1023')},
      s.teacher_key
    from classroom_sessions s join classroom_students st on st.classroom_id = s.classroom_id
    where s.teaching_date is not null and s.classroom_id in (select classroom_id from demo_classes)`);
  await tx.execute(sql`
    update classrooms c set first_session_start = span.first_start, last_session_end = span.last_end
    from (select classroom_id, min(start_at) as first_start, max(end_at) as last_end
          from classroom_sessions where state <> 'canceled' and classroom_id in (select classroom_id from demo_classes)
          group by classroom_id) span
    where span.classroom_id = c.classroom_id`);
}

/**
 * Course plans for two students in three (the consultant's task lists the rest), on the lesson
 * types they study; and a closed survey round over weeks -12 … -6 on the demo questions, answered by
 * most students of the new classes.
 */
async function seedCentrePlansAndSurveys(tx: Queryable, monday: string) {
  await tx.execute(sql`
    insert into course_plan_entries (student_key, lesson_type, session_per_week, lesson_topic, suggested_hours, class_type, status,
      created_by, create_moment, updated_at)
    select cs.student_key, c.lesson_type, 1 + (c.c % 2), c.name, 12 + (c.c % 4) * 6, c.type,
      case when c.c % 3 = 0 then 'Review' else 'New' end, u.consultant_key, d.created, d.created
    from demo_classes c join classroom_students cs on cs.classroom_id = c.classroom_id
    join users u on u.public_key = cs.student_key
    cross join lateral (select ${monday}::timestamptz + make_interval(days => c.week_from * 7 - 5) as created) d
    where hashtext(u.user_name) % 3 <> 0`);
  await tx.execute(sql`
    insert into survey_rounds (round_id, title, starts_at, ends_at, closed_at, created_by, create_moment)
    values (${key('demo-survey-round', '1')}, 'Summer term feedback', ${monday}::timestamptz - interval '12 weeks',
      ${monday}::timestamptz - interval '6 weeks', ${monday}::timestamptz - interval '6 weeks', ${userKey('leader')},
      ${monday}::timestamptz - interval '12 weeks')`);
  await tx.execute(sql`
    insert into survey_round_questions (round_id, question_id)
    select ${key('demo-survey-round', '1')}, question_id from survey_questions`);
  await tx.execute(sql`
    insert into survey_responses (response_id, round_id, classroom_id, teacher_key, student_key, comment, create_moment, updated_at)
    select ${key('demo-survey-response', 'c.c || st.student_key::text')}, ${key('demo-survey-round', '1')}, c.classroom_id, c.teacher_key,
      st.student_key, ${pick(['Very clear examples, thank you!', 'Sometimes a bit fast.', 'The homework helped me a lot.', 'Great teacher, very patient.'], 'h')},
      ${monday}::timestamptz - make_interval(days => 43 + h % 20), ${monday}::timestamptz - make_interval(days => 43 + h % 20)
    from demo_classes c join classroom_students st on st.classroom_id = c.classroom_id
    cross join lateral (select hashtext(st.student_key::text || c.c) & 1023 as h) x
    where c.week_from <= -7 and x.h % 10 < 8`);
  await tx.execute(sql`
    insert into survey_answers (response_id, question_id, rating)
    select r.response_id, q.question_id, 3 + (hashtext(r.response_id::text || q.position) & 1023) % 3
    from survey_responses r cross join survey_questions q where r.round_id = ${key('demo-survey-round', '1')}`);
}
