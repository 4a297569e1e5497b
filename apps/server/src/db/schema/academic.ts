import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { classroomLessons, classrooms, classroomSessions } from './scheduling.ts';
import { users } from './users.ts';

/**
 * Academic records (SPEC §3 Homework, Exam, Lesson progress; DESIGN §7; issue 10). Owned by the
 * academic module. Every row names its session and its classroom (copied from the session), so a
 * report over one student or one class is one indexed scan, whatever the number of sessions.
 * Scores and percentages are numeric(5,2) in 0–100, never floats.
 */
export const homeworks = pgTable(
  'homeworks',
  {
    homeworkId: uuid('homework_id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classroomSessions.sessionId, { onDelete: 'cascade' }),
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.classroomId, { onDelete: 'cascade' }),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    subtitle: text('subtitle').notNull(),
    deadLine: timestamp('dead_line', { withTimezone: true }).notNull(),
    /** written, online, project or reading (docs/decisions.md "Academic records"). */
    form: text('form').notNull(),
    /** Pending or Done. */
    state: text('state').notNull().default('Pending'),
    feedback: text('feedback'),
    correctPercentation: numeric('correct_percentation', { precision: 5, scale: 2 }),
    doneMoment: timestamp('done_moment', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.publicKey, { onDelete: 'set null' }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('homeworks_session_idx').on(t.sessionId),
    index('homeworks_student_state_idx').on(t.studentKey, t.state, t.deadLine),
    index('homeworks_classroom_student_idx').on(t.classroomId, t.studentKey),
    check('homeworks_state_check', sql`${t.state} in ('Pending', 'Done')`),
    check(
      'homeworks_percentation_check',
      sql`${t.correctPercentation} is null or (${t.correctPercentation} >= 0 and ${t.correctPercentation} <= 100)`,
    ),
  ],
);

export const exams = pgTable(
  'exams',
  {
    examId: uuid('exam_id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classroomSessions.sessionId, { onDelete: 'cascade' }),
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.classroomId, { onDelete: 'cascade' }),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    /** The lesson examined (its name, title or subtitle by examType); null: the whole session. */
    classroomLessonId: uuid('classroom_lesson_id').references(() => classroomLessons.classroomLessonId, {
      onDelete: 'set null',
    }),
    /** TitleExam, NameExam or SubTitleExam. */
    examType: text('exam_type').notNull(),
    score: numeric('score', { precision: 5, scale: 2 }),
    /** Pending or Done. */
    examState: text('exam_state').notNull().default('Pending'),
    feedback: text('feedback'),
    createdBy: uuid('created_by').references(() => users.publicKey, { onDelete: 'set null' }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exams_session_idx').on(t.sessionId),
    index('exams_student_idx').on(t.studentKey, t.examType, t.createMoment),
    index('exams_classroom_student_idx').on(t.classroomId, t.studentKey),
    check('exams_state_check', sql`${t.examState} in ('Pending', 'Done')`),
    check('exams_type_check', sql`${t.examType} in ('TitleExam', 'NameExam', 'SubTitleExam')`),
    check('exams_score_check', sql`${t.score} is null or (${t.score} >= 0 and ${t.score} <= 100)`),
  ],
);

/**
 * Progress of one of the class's lessons at one session: taught there (hours added), teaching
 * finished (teachState Done), reviewed (reviewState Done). A lesson's progress is the sum over its
 * sessions; teachingTimeLeftInHour = the lesson's hours − hours taught.
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classroomSessions.sessionId, { onDelete: 'cascade' }),
    classroomLessonId: uuid('classroom_lesson_id')
      .notNull()
      .references(() => classroomLessons.classroomLessonId, { onDelete: 'cascade' }),
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.classroomId, { onDelete: 'cascade' }),
    teachState: text('teach_state').notNull().default('Pending'),
    teachedMoment: timestamp('teached_moment', { withTimezone: true }),
    teachedTimeInHour: numeric('teached_time_in_hour', { precision: 7, scale: 2 }).notNull().default('0'),
    delay: boolean('delay').notNull().default(false),
    delayInTeachingTimeInHour: numeric('delay_in_teaching_time_in_hour', { precision: 7, scale: 2 })
      .notNull()
      .default('0'),
    reviewState: text('review_state').notNull().default('Pending'),
    reviewMoment: timestamp('review_moment', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.classroomLessonId] }),
    index('lesson_progress_lesson_idx').on(t.classroomLessonId),
    index('lesson_progress_classroom_idx').on(t.classroomId),
    check('lesson_progress_teach_check', sql`${t.teachState} in ('Pending', 'Done')`),
    check('lesson_progress_review_check', sql`${t.reviewState} in ('Pending', 'Done')`),
  ],
);

/** A session with no exam, homework, review or teaching (SPEC §4: WithOutExam … WithOutTeach). */
export const sessionAcademicFlags = pgTable('session_academic_flags', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => classroomSessions.sessionId, { onDelete: 'cascade' }),
  withOutExam: boolean('with_out_exam').notNull().default(false),
  withOutHomeWork: boolean('with_out_home_work').notNull().default(false),
  withOutReview: boolean('with_out_review').notNull().default(false),
  withOutTeach: boolean('with_out_teach').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ——— parent report links (issue 10, branch acad-parent): one student's report of one session, opened
// without sign-in at /parent/report/{reportId}. Only the SHA-256 of the id is stored.
export const parentReportLinks = pgTable(
  'parent_report_links',
  {
    linkId: uuid('link_id').primaryKey().defaultRandom(),
    /** sha256 hex of the reportId (256 random bits, base64url): the id itself is never stored. */
    reportHash: text('report_hash').notNull().unique(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classroomSessions.sessionId, { onDelete: 'cascade' }),
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.classroomId, { onDelete: 'cascade' }),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.publicKey, { onDelete: 'set null' }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.publicKey, { onDelete: 'set null' }),
    openCount: integer('open_count').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    /** en or zh, chosen by staff when the link was made; null: the reader's browser decides. */
    language: text('language'),
  },
  (t) => [
    index('parent_report_links_session_student_idx').on(t.sessionId, t.studentKey, t.createMoment),
    check('parent_report_links_language_check', sql`${t.language} is null or ${t.language} in ('en', 'zh')`),
  ],
);

// ——— homework files (issue 10, branch hw-files): the teacher's assignment files and the student's
// answer files, kept under DATA_DIR/files/homework-files/<classroomId>/ with server-made names.
export const homeworkFiles = pgTable(
  'homework_files',
  {
    homeworkFileId: uuid('homework_file_id').primaryKey().defaultRandom(),
    homeworkId: uuid('homework_id')
      .notNull()
      .references(() => homeworks.homeworkId, { onDelete: 'cascade' }),
    /** assignment (given by the teacher) or answer (handed in by the student). */
    role: text('role').notNull(),
    name: text('name').notNull(),
    storedName: text('stored_name').notNull().unique(),
    kind: text('kind').notNull(),
    sizeInBytes: bigint('size_in_bytes', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.publicKey, { onDelete: 'set null' }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('homework_files_homework_idx').on(t.homeworkId, t.createMoment),
    check('homework_files_role_check', sql`${t.role} in ('assignment', 'answer')`),
  ],
);

/** One-use, five-minute download tickets of homework files (lib/download-tickets.ts). */
export const homeworkFileTickets = pgTable(
  'homework_file_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    homeworkFileId: uuid('homework_file_id')
      .notNull()
      .references(() => homeworkFiles.homeworkFileId, { onDelete: 'cascade' }),
    userKey: uuid('user_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('homework_file_tickets_expires_idx').on(t.expiresAt),
    index('homework_file_tickets_file_idx').on(t.homeworkFileId),
  ],
);
