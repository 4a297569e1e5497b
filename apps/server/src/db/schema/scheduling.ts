import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { specifications } from './specifications.ts';
import { users } from './users.ts';

/**
 * Scheduling (SPEC §3 Teacher timetable, Classroom; DESIGN §7). One timetable row per teacher: its
 * row lock serialises every booking of that teacher, so two concurrent bookings cannot both win.
 */
export const teacherTimetables = pgTable(
  'teacher_timetables',
  {
    teacherTimeTableId: uuid('teacher_time_table_id').primaryKey().defaultRandom(),
    teacherKey: uuid('teacher_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    lessonNames: text('lesson_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teacher_timetables_teacher_unique').on(t.teacherKey),
    index('teacher_timetables_lesson_names_idx').using('gin', t.lessonNames),
  ],
);

/** An available time of a teacher: Active or Cancel (Full and Expired are derived when read). */
export const availableTimes = pgTable(
  'available_times',
  {
    availableTimeId: uuid('available_time_id').primaryKey().defaultRandom(),
    teacherTimeTableId: uuid('teacher_time_table_id')
      .notNull()
      .references(() => teacherTimetables.teacherTimeTableId, { onDelete: 'cascade' }),
    teacherKey: uuid('teacher_key').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('Active'),
    /** Slots added as one weekly series share it. */
    seriesId: uuid('series_id'),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('available_times_teacher_start_idx').on(t.teacherKey, t.startAt),
    index('available_times_start_idx').on(t.startAt),
    index('available_times_series_idx').on(t.seriesId, t.startAt),
    // Performance (issue #9, migration 0006): the timetable of a week read from the index alone.
    index('available_times_week_idx').on(
      t.startAt,
      t.endAt,
      t.teacherKey,
      t.state,
      t.seriesId,
      t.availableTimeId,
    ),
    check('available_times_interval_check', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/**
 * A classroom (SPEC §3). State: WaitingForAddCourse (no course yet), Active, Deleted (disabled);
 * Finished is derived when read (Active and its last live session has ended). Archived is a flag.
 */
export const classrooms = pgTable(
  'classrooms',
  {
    classroomId: uuid('classroom_id').primaryKey().defaultRandom(),
    classroomName: text('classroom_name').notNull(),
    classroomLevel: text('classroom_level').notNull(),
    classroomType: text('classroom_type').notNull(),
    classroomNumber: text('classroom_number'),
    lessonType: text('lesson_type').notNull(),
    /** reminders (issue 12): the online class's meeting link (SPEC §5 url rule); null for none. */
    meetingLink: text('meeting_link'),
    teacherKey: uuid('teacher_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    assistantKey: uuid('assistant_key').references(() => users.publicKey, { onDelete: 'set null' }),
    state: text('state').notNull().default('WaitingForAddCourse'),
    archived: boolean('archived').notNull().default(false),
    /** Kept in the same transaction as every session change: the classroom's live-session span. */
    firstSessionStart: timestamp('first_session_start', { withTimezone: true }),
    lastSessionEnd: timestamp('last_session_end', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.publicKey, { onDelete: 'set null' }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('classrooms_create_moment_idx').on(t.createMoment),
    index('classrooms_teacher_idx').on(t.teacherKey, t.createMoment),
    index('classrooms_assistant_idx').on(t.assistantKey),
    index('classrooms_state_idx').on(t.state, t.createMoment),
    index('classrooms_lesson_type_idx').on(t.lessonType, t.createMoment),
    index('classrooms_type_idx').on(t.classroomType),
    index('classrooms_name_idx').on(t.classroomName),
    index('classrooms_number_idx').on(t.classroomNumber),
    index('classrooms_level_idx').on(t.classroomLevel),
    index('classrooms_archived_idx').on(t.archived, t.createMoment),
    index('classrooms_last_session_idx').on(t.lastSessionEnd),
    // Performance (issue #9, migration 0006): "contains" searches of the class table (pg_trgm).
    index('classrooms_name_trgm_idx').using('gin', t.classroomName.op('gin_trgm_ops')),
  ],
);

export const classroomStudents = pgTable(
  'classroom_students',
  {
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.classroomId, { onDelete: 'cascade' }),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.classroomId, t.studentKey] }),
    index('classroom_students_student_idx').on(t.studentKey),
  ],
);

/** The lessons a classroom teaches: copies made when added (SPEC §3 classroom creation form). */
export const classroomLessons = pgTable(
  'classroom_lessons',
  {
    classroomLessonId: uuid('classroom_lesson_id').primaryKey().defaultRandom(),
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.classroomId, { onDelete: 'cascade' }),
    lessonName: text('lesson_name').notNull(),
    lessonTitle: text('lesson_title').notNull(),
    lessonSubTitle: text('lesson_sub_title').notNull(),
    lessonLevel: text('lesson_level').notNull(),
    teachingLessonTimeInHour: numeric('teaching_lesson_time_in_hour', { precision: 10, scale: 2 }).notNull(),
    description: text('description').notNull(),
    position: integer('position').notNull(),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('classroom_lessons_classroom_idx').on(t.classroomId, t.position),
    index('classroom_lessons_name_idx').on(t.lessonName),
  ],
);

/** The courses (specifications) of a classroom; a course in use can not be deleted. */
export const classroomSpecifications = pgTable(
  'classroom_specifications',
  {
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.classroomId, { onDelete: 'cascade' }),
    specificationId: uuid('specification_id')
      .notNull()
      .references(() => specifications.specificationId, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.classroomId, t.specificationId] }),
    index('classroom_specifications_specification_idx').on(t.specificationId),
  ],
);

/**
 * A session ("time") of a classroom. Teacher and room are copied from the classroom so the
 * double-booking checks are single indexed range scans. Live = not canceled, classroom not Deleted.
 */
export const classroomSessions = pgTable(
  'classroom_sessions',
  {
    sessionId: uuid('session_id').primaryKey().defaultRandom(),
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.classroomId, { onDelete: 'cascade' }),
    teacherKey: uuid('teacher_key').notNull(),
    classroomNumber: text('classroom_number'),
    availableTimeId: uuid('available_time_id').references(() => availableTimes.availableTimeId, {
      onDelete: 'set null',
    }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes')
      .notNull()
      .generatedAlwaysAs(sql`(extract(epoch from (end_at - start_at)) / 60)::integer`),
    state: text('state').notNull().default('waitingforclass'),
    confirmation: text('confirmation').notNull().default('noConfirmation'),
    /** Set by finance (DESIGN §7 deposits); false shows the session as reserved. */
    financialConfirmation: boolean('financial_confirmation').notNull().default(false),
    changesConfirmedByTeacher: boolean('changes_confirmed_by_teacher').notNull().default(false),
    changesConfirmedBySchedulingAdmin: boolean('changes_confirmed_by_scheduling_admin')
      .notNull()
      .default(false),
    teachingDate: timestamp('teaching_date', { withTimezone: true }),
    taughtLessonsDescription: text('taught_lessons_description'),
    teachingMinutes: integer('teaching_minutes'),
    teachingType: text('teaching_type'),
    taughtLessonIds: uuid('taught_lesson_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('classroom_sessions_classroom_start_idx').on(t.classroomId, t.startAt),
    index('classroom_sessions_teacher_start_idx').on(t.teacherKey, t.startAt),
    index('classroom_sessions_room_start_idx').on(t.classroomNumber, t.startAt),
    index('classroom_sessions_available_time_idx').on(t.availableTimeId),
    index('classroom_sessions_start_idx').on(t.startAt),
    // Performance (issue #9, migration 0006): a date range's page in (start, id) order from the index
    // alone, and a classroom's session counts without reading its sessions.
    index('classroom_sessions_start_page_idx').on(t.startAt, t.sessionId, t.classroomId),
    index('classroom_sessions_classroom_state_idx').on(t.classroomId, t.state, t.startAt),
    index('classroom_sessions_taught_lessons_idx').using('gin', t.taughtLessonIds),
    // The teaching-hours report (issue 29): a period's held sessions with their class and length
    // from the index alone (a year on the large centre: ~450 → ~180 ms).
    index('classroom_sessions_held_start_idx')
      .on(t.startAt, t.classroomId, t.durationMinutes)
      .where(sql`${t.state} = 'haveclass'`),
    // The dashboard and the staff tasks (issue 29), asked on every page by the sidebar's badge:
    // the sessions waiting for the admin's confirmation, the schedule changes not accepted yet, and
    // the reserved sessions (no financial confirmation) from a day on — each a small partial index
    // instead of a pass over the whole history (on the large centre: ~0.9 s and ~1.5 s → ms).
    index('classroom_sessions_waiting_admin_idx')
      .on(t.classroomId)
      .where(sql`${t.confirmation} = 'confirmedByTeacher' and ${t.state} <> 'canceled'`),
    index('classroom_sessions_changes_idx')
      .on(t.endAt, t.classroomId)
      .where(sql`not ${t.changesConfirmedBySchedulingAdmin}`),
    index('classroom_sessions_reserved_idx')
      .on(t.startAt, t.classroomId)
      .where(sql`not ${t.financialConfirmation} and ${t.state} <> 'canceled'`),
    check('classroom_sessions_interval_check', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/** Presence (and feedback) of one student at one session. */
export const sessionPresences = pgTable(
  'session_presences',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classroomSessions.sessionId, { onDelete: 'cascade' }),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    isPresent: boolean('is_present').notNull(),
    feedback: text('feedback'),
    recordedBy: uuid('recorded_by').references(() => users.publicKey, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.studentKey] }),
    index('session_presences_student_idx').on(t.studentKey),
  ],
);
