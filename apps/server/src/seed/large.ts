import { pathToFileURL } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import { baseTypes, classroomTypes, levels } from '@tutoria/shared';
import { loadConfig } from '../config.ts';
import { lockDataDir, openDatabase, type Queryable } from '../db/client.ts';
import { selectRows } from '../db/sql.ts';
import { hashPassword } from '../lib/password.ts';
import { DEMO_PASSWORD } from './demo-users.ts';
import { type LargeFinanceSize, seedLargeFinance } from './large-finance.ts';
import { seedLargeAcademic, seedLargeNotifications, seedLargeSurveys } from './large-records.ts';
import { key, pick, thisMonday } from './large-sql.ts';

export { largeKey } from './large-sql.ts';

/**
 * The benchmark centre (DESIGN §9, issue #9): 5,000 students, 300 teachers, 50 other staff, 200
 * lessons, 50 courses, 300 timetables, 3,000 classrooms with 1–4 students and 300,000 sessions over
 * two years, made with set-based SQL (generate_series, INSERT … SELECT) so it takes minutes on
 * PGlite. Keys are derived from the row numbers (md5 shaped as a v4 UUID), so one area's rows can
 * point at another's without reading them back. One function per area, called in order from
 * `seedLarge`: users, lessons, scheduling here; academic records, notifications and surveys in
 * large-records.ts; finance (prices, deposits, charges, transfers, the ledger) in large-finance.ts.
 * `SEED_SCALE` shrinks every count but the 100 sessions per classroom (the test runs at 0.01).
 */
export interface LargeSize {
  students: number;
  teachers: number;
  /** Other staff, per role. */
  staff: Record<StaffRole, number>;
  lessons: number;
  courses: number;
  /** Ten per teacher: each teacher teaches two blocks on each weekday. */
  classrooms: number;
  /** Weekly sessions of each classroom. */
  sessionsPerClassroom: number;
  /** Deposits (100,000), transfers (2,000) and contracts (1,000, issue 28): large-finance.ts. */
  finance: LargeFinanceSize;
  /** Notifications of `admin`, the bench's user (the others have 20–51 each). */
  adminNotifications: number;
}

type StaffRole =
  'Admin' | 'FinancialAdmin' | 'SchedulingAdmin' | 'TeamLeader' | 'AcademicConsultant' | 'AssistantTeacher';

/** The demo login of each role: the first user of a role gets it, so the demo password signs in. */
const loginOf: Record<StaffRole | 'Teacher' | 'Student', string> = {
  Admin: 'admin',
  FinancialAdmin: 'finance',
  SchedulingAdmin: 'scheduler',
  TeamLeader: 'leader',
  AcademicConsultant: 'consultant',
  AssistantTeacher: 'assistant',
  Teacher: 'teacher',
  Student: 'student',
};

/** The sizes at a scale (1 = the issue's centre); never fewer than one of anything. */
export function largeSize(scale = 1): LargeSize {
  const n = (full: number, least = 1) => Math.max(least, Math.round(full * scale));
  const teachers = n(300);
  return {
    students: n(5000, 50),
    teachers,
    staff: {
      Admin: n(5),
      FinancialAdmin: n(5),
      SchedulingAdmin: n(10),
      TeamLeader: n(5),
      AcademicConsultant: n(15),
      AssistantTeacher: n(10),
    },
    lessons: n(200, 10),
    courses: n(50, 5),
    classrooms: teachers * 10,
    sessionsPerClassroom: 100,
    finance: { deposits: n(100_000), transfers: n(2_000), contracts: n(1_000) },
    adminNotifications: n(10_000, 100),
  };
}

/** The two years the sessions cover: 52 weeks back and 52 ahead of this week. */
const WEEK_FROM = -52;
const WEEK_TO = 51;

const givenNames =
  'Lucas Olivia Ethan Mia Leo Ava Ryan Zoe Chloe Jason Isabella Alex Grace Daniel Hannah Wei Priya James Emma Noah Sophia Liam Amelia Oscar Ella Henry Lily Jack Ruby Max Yue Hao Jing Xin Tao Lin Ming Fang Qing Rui'.split(
    ' ',
  );
const familyNames =
  'Chen Wang Li Zhang Liu Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Luo Tang Feng Qian Smith Brooks Park Sharma Jones Taylor Brown Wilson Evans Thomas Roberts Walker Wright Green Hall Wood Clarke Hughes Kim'.split(
    ' ',
  );
const subjects = [
  'Mathematics',
  'Physics',
  'Chemistry',
  'Biology',
  'English',
  'Economics',
  'History',
  'Geography',
  'Computer Science',
  'Further Mathematics',
];

function userName(login: string, index: string): SQL {
  return sql.raw(
    `case when ${index} = 1 then '${login}' else '${login}_' || lpad((${index})::text, 5, '0') end`,
  );
}

/** People: every role, profiles and consultants for the students, two sign-ins each. */
export async function seedLargeUsers(q: Queryable, size: LargeSize, passwordHash: string): Promise<void> {
  const groups: [keyof typeof loginOf, number][] = [
    ['Student', size.students],
    ['Teacher', size.teachers],
    ...(Object.entries(size.staff) as [StaffRole, number][]),
  ];
  for (const [groupIndex, [role, count]] of groups.entries()) {
    const login = loginOf[role];
    const status =
      role === 'Student'
        ? sql.raw(`case when i % 101 = 0 then 'archived' when i % 103 = 0 then 'disabled' else 'active' end`)
        : sql.raw(`'active'`);
    const consultants = size.staff.AcademicConsultant;
    await q.execute(sql`
      insert into users (public_key, user_name, full_name, nick_name, role, base_type, phone_number, email_address,
        consultant_key, password_hash, status, create_moment, updated_at)
      select ${key(login, 'i')}, ${userName(login, 'i')},
        ${pick(givenNames, 'i')} || ' ' || ${pick(familyNames, 'i / 40 + i * 7')},
        ${pick(givenNames, 'i')},
        ${role}, ${role === 'Teacher' || role === 'Student' ? pick(baseTypes, 'i') : sql`null`},
        '+86' || ${String(130 + groupIndex)} || lpad(i::text, 8, '0'),
        ${userName(login, 'i')} || '@large.example',
        ${role === 'Student' ? key('consultant', `1 + i % ${consultants}`) : sql`null`},
        ${passwordHash}, ${status},
        now() - make_interval(mins => i * 7 + ${groupIndex}), now()
      from generate_series(1, ${count}::int) i`);
  }
  await q.execute(sql`
    insert into student_profiles (user_key, birthday, school, grade, language_test, target_subjects)
    select ${key('student', 'i')}, (date '2008-01-01' + (i % 1500))::date,
      ${pick(['Shanghai High School', 'Beijing No. 4 High School', 'Dulwich College', 'Wellington College', 'YK Pao School'], 'i')},
      ${pick(['Year 9', 'Year 10', 'Year 11', 'Year 12', 'Year 13'], 'i')},
      ${pick(['IELTS', 'TOEFL', 'Duolingo'], 'i')}, array[${pick(subjects, 'i')}]
    from generate_series(1, ${size.students}::int) i`);
  // Two sign-ins for everybody, the latest a success, so the login history has something to read.
  await q.execute(sql`
    insert into login_attempts (user_key, user_name, success, ip, user_agent, at)
    select u.public_key, u.user_name, n = 2, '10.0.0.1'::inet, 'Mozilla/5.0 (bench)', now() - make_interval(days => 3 - n, mins => (hashtext(u.user_name) & 1023))
    from users u cross join generate_series(1, 2) n`);
}

/** The catalogue: lessons, and courses of lessons in order (each lesson in exactly one course). */
export async function seedLargeLessons(q: Queryable, size: LargeSize): Promise<void> {
  await q.execute(sql`
    insert into lessons (lesson_id, name, title, sub_title, level, base_type, teaching_time_in_hour, description, create_moment, updated_at)
    select ${key('lesson', 'i')}, ${pick(subjects, 'i')}, 'Unit ' || (1 + i / ${subjects.length}), 'Part ' || (1 + i % 3),
      ${pick(levels, 'i')}, ${pick(baseTypes, 'i')}, 1 + (i % 3) * 0.5, 'Worked examples and practice questions.',
      now() - make_interval(mins => i), now()
    from generate_series(0, ${size.lessons - 1}::int) i`);
  await q.execute(sql`
    insert into specifications (specification_id, title, level, base_type, is_evaluation_test, create_moment, updated_at)
    select ${key('course', 'j')}, 'Course ' || (j + 1) || ': ' || ${pick(subjects, 'j')}, ${pick(levels, 'j')},
      ${pick(baseTypes, 'j')}, j % 10 = 9, now() - make_interval(mins => j), now()
    from generate_series(0, ${size.courses - 1}::int) j`);
  await q.execute(sql`
    insert into specification_lessons (specification_id, lesson_id, position)
    select ${key('course', `i % ${size.courses}`)}, ${key('lesson', 'i')}, i / ${size.courses}
    from generate_series(0, ${size.lessons - 1}::int) i`);
}

/**
 * Timetables, classrooms and sessions. Classroom c (0-based) belongs to teacher t = c % T + 1 and
 * meets weekly on weekday (c / T) % 5 in block (c / T) / 5 (9:00 or 11:00, 90 minutes) for 100
 * weeks from week -52 + c % 5. The teacher's available time that weekday is 9:00–13:00, so every
 * session lies inside one; a teacher teaches one class per block, the room is the teacher's, and
 * the students of one block are distinct: nothing double-books. Saturday times are left free (some
 * cancelled). Sessions run through every display state of SPEC §4; held ones carry the teaching
 * day and a presence row per student.
 */
export async function seedLargeScheduling(q: Queryable, size: LargeSize, now = new Date()): Promise<void> {
  const T = size.teachers;
  const monday = thisMonday(now).toISOString();
  const lessonsPerCourse = Math.floor(size.lessons / size.courses);
  await q.execute(sql`
    insert into teacher_timetables (teacher_time_table_id, teacher_key, lesson_names)
    select ${key('timetable', 't')}, ${key('teacher', 't')}, array[${pick(subjects, 't')}, ${pick(subjects, 't + 3')}]
    from generate_series(1, ${T}::int) t`);
  await q.execute(sql`
    insert into available_times (available_time_id, teacher_time_table_id, teacher_key, start_at, end_at, state, series_id, create_moment)
    select ${key('slot', "t || '-' || d || '-' || w")}, ${key('timetable', 't')}, ${key('teacher', 't')},
      ${monday}::timestamptz + make_interval(days => w * 7 + d, hours => 9),
      ${monday}::timestamptz + make_interval(days => w * 7 + d, hours => case when d = 5 then 11 else 13 end),
      case when d = 5 and (t + w) % 6 = 0 then 'Cancel' else 'Active' end,
      ${key('series', "t || '-' || d")}, ${monday}::timestamptz + make_interval(days => ${WEEK_FROM * 7} - 7)
    from generate_series(1, ${T}::int) t, generate_series(0, 5) d, generate_series(${WEEK_FROM}::int, ${WEEK_TO}::int) w`);

  const types = classroomTypes.map((t) => `'${t}'`).join(',');
  // Students: Private 1, TwoOrThree 2–3, ThreeOrFour 3–4, the bigger types 4.
  await q.execute(sql`
    insert into classrooms (classroom_id, classroom_name, classroom_level, classroom_type, classroom_number, lesson_type,
      teacher_key, assistant_key, state, archived, created_by, create_moment, updated_at)
    select ${key('classroom', 'c')},
      ${pick(subjects, 'c')} || ' ' || ${pick(levels, 'c / 7')} || ' · ' || lpad((c + 1)::text, 4, '0'),
      ${pick(levels, 'c / 7')}, (array[${sql.raw(types)}])[1 + c % 5],
      case when c % 3 = 0 then null else (100 + c % ${T})::text end,
      ${pick(baseTypes, 'c')} || case when c % 3 = 0 then '_Online' else '_Offline' end,
      ${key('teacher', `c % ${T} + 1`)},
      case when c % 4 = 0 then ${key('assistant', `1 + c % ${size.staff.AssistantTeacher}`)} end,
      case when c % 50 = 7 then 'Deleted' when c % 50 = 13 then 'WaitingForAddCourse' else 'Active' end,
      c % 40 = 11, ${key('scheduler', '1')},
      ${monday}::timestamptz + make_interval(days => (${WEEK_FROM} + c % 5) * 7 - 3, secs => c), now()
    from generate_series(0, ${size.classrooms - 1}::int) c`);
  await q.execute(sql`
    insert into classroom_students (classroom_id, student_key)
    select ${key('classroom', 'c')},
      ${key('student', `((c / ${T}) * ${T} * 4 + (c % ${T}) * 4 + j) % ${size.students} + 1`)}
    from generate_series(0, ${size.classrooms - 1}::int) c
    cross join lateral generate_series(0, case c % 5 when 0 then 0 when 1 then 1 + (c / 5) % 2 when 2 then 2 + (c / 5) % 2 else 3 end) j`);
  await q.execute(sql`
    insert into classroom_specifications (classroom_id, specification_id)
    select ${key('classroom', 'c')}, ${key('course', `c % ${size.courses}`)}
    from generate_series(0, ${size.classrooms - 1}::int) c where c % 50 <> 13`);
  await q.execute(sql`
    insert into classroom_lessons (classroom_lesson_id, classroom_id, lesson_name, lesson_title, lesson_sub_title, lesson_level,
      teaching_lesson_time_in_hour, description, position)
    select ${key('classroom-lesson', "c || '-' || sl.position")}, ${key('classroom', 'c')}, l.name, l.title,
      coalesce(l.sub_title, ''), l.level, l.teaching_time_in_hour, coalesce(l.description, ''), sl.position
    from generate_series(0, ${size.classrooms - 1}::int) c
    join specification_lessons sl on sl.specification_id = ${key('course', `c % ${size.courses}`)}
    join lessons l on l.lesson_id = sl.lesson_id`);

  // h picks a session's fate: 0 cancelled, 1 not accepted by the teacher (passed), 2 moved by the
  // teacher after recording (new), 3 held but unpaid (reserved); unpaid far-future weeks (reserved).
  await q.execute(sql`
    insert into classroom_sessions (classroom_id, teacher_key, classroom_number, available_time_id, start_at, end_at, state,
      confirmation, financial_confirmation, changes_confirmed_by_teacher, changes_confirmed_by_scheduling_admin,
      teaching_date, taught_lessons_description, teaching_minutes, teaching_type, taught_lesson_ids, create_moment, updated_at)
    select s.classroom_id, s.teacher_key, s.classroom_number, s.available_time_id, s.start_at, s.end_at,
      case when s.cancelled then 'canceled' when s.records then 'haveclass' else 'waitingforclass' end,
      case when not s.records then 'noConfirmation' when s.h = 2 or s.w = -1 then 'confirmedByTeacher' else 'confirmedByAdmin' end,
      not (s.h = 3 and s.past) and not (not s.past and s.w > 8 and s.c % 3 <> 0),
      s.h <> 1, s.h <> 2,
      case when s.records then s.start_at end,
      case when s.records then 'Unit ' || (1 + s.w % 12) || ': worked examples and practice' end,
      case when s.records then 90 end,
      case when s.records then case when s.online then 'online' else 'offline' end end,
      case when s.records then array[${key('classroom-lesson', `s.c || '-' || (s.w + 52) % ${lessonsPerCourse}`)}] else '{}'::uuid[] end,
      s.start_at - interval '30 days', now()
    from (
      select c, w, h, past, online, classroom_id, teacher_key, classroom_number, available_time_id, start_at, end_at,
        deleted and not past or h = 0 as cancelled,
        past and h <> 0 and h <> 1 as records
      from (
        select c, w, (c * 7 + w * 13 + 1040) % 20 as h, c % 3 = 0 as online, c % 50 = 7 as deleted,
          ${key('classroom', 'c')} as classroom_id, ${key('teacher', `c % ${T} + 1`)} as teacher_key,
          case when c % 3 = 0 then null else (100 + c % ${T})::text end as classroom_number,
          ${key('slot', `(c % ${T} + 1) || '-' || (c / ${T}) % 5 || '-' || w`)} as available_time_id,
          ${monday}::timestamptz + make_interval(days => w * 7 + (c / ${T}) % 5, hours => 9 + 2 * ((c / ${T}) / 5)) as start_at,
          ${monday}::timestamptz + make_interval(days => w * 7 + (c / ${T}) % 5, hours => 9 + 2 * ((c / ${T}) / 5), mins => 90) as end_at,
          ${monday}::timestamptz + make_interval(days => w * 7 + (c / ${T}) % 5, hours => 9 + 2 * ((c / ${T}) / 5), mins => 90) <= now() as past
        from generate_series(0, ${size.classrooms - 1}::int) c
        cross join lateral generate_series(${WEEK_FROM} + c % 5, ${WEEK_FROM} + c % 5 + ${size.sessionsPerClassroom - 1}) w
      ) raw
    ) s`);
  // A presence row per student of every recorded session; somebody misses a class now and then.
  await q.execute(sql`
    insert into session_presences (session_id, student_key, is_present, feedback, recorded_by)
    select s.session_id, st.student_key, (hashtext(s.session_id::text || st.student_key::text) & 7) <> 3,
      case when (hashtext(st.student_key::text || s.start_at::text) & 15) = 0 then 'Great participation today.' end,
      s.teacher_key
    from classroom_sessions s join classroom_students st on st.classroom_id = s.classroom_id
    where s.teaching_date is not null`);
  await q.execute(sql`
    update classrooms c set first_session_start = span.first_start, last_session_end = span.last_end
    from (select classroom_id, min(start_at) as first_start, max(end_at) as last_end
          from classroom_sessions where state <> 'canceled' group by classroom_id) span
    where span.classroom_id = c.classroom_id`);
}

/** Every area in order; each area's function may rely on the ones before it. */
export async function seedLarge(
  q: Queryable,
  size: LargeSize,
  passwordHash: string,
  report: (area: string, ms: number) => void = () => undefined,
): Promise<void> {
  const areas: [string, () => Promise<void>][] = [
    ['users', () => seedLargeUsers(q, size, passwordHash)],
    ['lessons', () => seedLargeLessons(q, size)],
    ['scheduling', () => seedLargeScheduling(q, size)],
    ['academic', () => seedLargeAcademic(q)],
    ['finance', () => seedLargeFinance(q, size.finance)],
    ['notifications', () => seedLargeNotifications(q, size.adminNotifications)],
    ['surveys', () => seedLargeSurveys(q)],
  ];
  for (const [area, seed] of areas) {
    const started = performance.now();
    await seed();
    report(area, performance.now() - started);
  }
}

/** Row counts and on-disk sizes (table + indexes) of every table, largest first. */
export async function largeSizes(q: Queryable) {
  const tables = await selectRows<{ table: string; bytes: number }>(
    q,
    sql`select c.relname as "table", pg_total_relation_size(c.oid)::bigint::int as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by bytes desc`,
  );
  const sizes: { table: string; rows: number; bytes: number }[] = [];
  for (const t of tables) {
    const [row] = await selectRows<{ n: number }>(
      q,
      sql`select count(*)::int as n from ${sql.identifier(t.table)}`,
    );
    sizes.push({ ...t, rows: row?.n ?? 0 });
  }
  return sizes;
}

async function main() {
  const config = loadConfig();
  const scale = Number(process.env.SEED_SCALE ?? 1);
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const [{ n } = { n: 0 }] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from users`,
    );
    if (n > 0) {
      console.error('seed:large needs an empty database (no users yet): use a fresh DATA_DIR or database.');
      process.exitCode = 1;
      return;
    }
    const size = largeSize(scale);
    const started = performance.now();
    // One argon2 hash, the demo password, shared by every account.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await database.db.transaction((tx) =>
      seedLarge(tx, size, passwordHash, (area, ms) =>
        console.log(`  ${area.padEnd(12)} ${(ms / 1000).toFixed(1)} s`),
      ),
    );
    // Statistics for the planner, and the visibility map that lets index-only scans skip the heap.
    await database.db.execute(sql`vacuum analyze`);
    const seconds = (performance.now() - started) / 1000;
    const sizes = await largeSizes(database.db);
    console.log(`\nThe large centre on ${database.kind} (scale ${scale}) in ${seconds.toFixed(1)} s:`);
    for (const s of sizes.filter((s) => s.rows > 0)) {
      console.log(
        `  ${s.table.padEnd(28)} ${String(s.rows).padStart(9)} rows  ${(s.bytes / 1048576).toFixed(1).padStart(7)} MiB`,
      );
    }
    const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
    console.log(`  ${'total'.padEnd(28)} ${''.padStart(14)} ${(total / 1048576).toFixed(1).padStart(7)} MiB`);
    console.log(`Sign in as admin, scheduler, teacher, student… with the demo password ${DEMO_PASSWORD}.`);
  } finally {
    await database.close();
    unlock();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
