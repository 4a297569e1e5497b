import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Course plans and progress stage (SPEC §3 "Course plan of a student"; issue 12). Owned by the
 * progress module. A plan entry says what the student should study (suggested hours); the hours
 * actually held are never stored: they are summed from the student's held sessions when read.
 * A student's rows go with the student's account (cascade): they are plans, not history others keep.
 */
export const coursePlanEntries = pgTable(
  'course_plan_entries',
  {
    progressStageCoursePlanId: uuid('progress_stage_course_plan_id').primaryKey().defaultRandom(),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    /** A lesson type of the catalogue (`IELTS_Online`): the held sessions of that type count. */
    lessonType: text('lesson_type').notNull(),
    sessionPerWeek: integer('session_per_week').notNull(),
    lessonTopic: text('lesson_topic').notNull(),
    suggestedHours: numeric('suggested_hours', { precision: 8, scale: 2 }).notNull(),
    classType: text('class_type').notNull(),
    /** New or Review. */
    status: text('status').notNull().default('New'),
    createdBy: uuid('created_by').references(() => users.publicKey, { onDelete: 'set null' }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('course_plan_entries_student_idx').on(t.studentKey, t.createMoment),
    check('course_plan_entries_status_check', sql`${t.status} in ('New', 'Review')`),
    check('course_plan_entries_hours_check', sql`${t.suggestedHours} >= 0`),
    check('course_plan_entries_sessions_check', sql`${t.sessionPerWeek} >= 0`),
  ],
);

/** A school or university the student applies to, with where the application stands. */
export const progressApplications = pgTable(
  'progress_applications',
  {
    progressStageApplicationId: uuid('progress_stage_application_id').primaryKey().defaultRandom(),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    /** School or University. */
    institutionType: text('institution_type').notNull(),
    institutionName: text('institution_name').notNull(),
    programme: text('programme').notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    /** Preparing → Submitted → Interview → Offer → Accepted, or Rejected / Withdrawn. */
    status: text('status').notNull().default('Preparing'),
    createdBy: uuid('created_by').references(() => users.publicKey, { onDelete: 'set null' }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('progress_applications_student_idx').on(t.studentKey, t.deadline),
    check(
      'progress_applications_status_check',
      sql`${t.status} in ('Preparing', 'Submitted', 'Interview', 'Offer', 'Accepted', 'Rejected', 'Withdrawn')`,
    ),
    check('progress_applications_type_check', sql`${t.institutionType} in ('School', 'University')`),
  ],
);

/** Each status an application reached and on which day: its timeline. */
export const progressApplicationStages = pgTable(
  'progress_application_stages',
  {
    stageId: uuid('stage_id').primaryKey().defaultRandom(),
    progressStageApplicationId: uuid('progress_stage_application_id')
      .notNull()
      .references(() => progressApplications.progressStageApplicationId, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** The day the status was reached (the centre's calendar day, as entered). */
    reachedOn: date('reached_on', { mode: 'string' }).notNull(),
    changedBy: uuid('changed_by').references(() => users.publicKey, { onDelete: 'set null' }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('progress_application_stages_application_idx').on(t.progressStageApplicationId, t.createMoment),
  ],
);

/**
 * A course-plan export ticket: a browser download link cannot carry the signed headers, so a
 * signed-in call issues a short-lived, single-use ticket (stored hashed) that the GET link carries.
 */
export const coursePlanExportTickets = pgTable(
  'course_plan_export_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userKey: uuid('user_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    /** xlsx or csv. */
    format: text('format').notNull(),
    /** en or zh: the headers' language, the asker's when the link was made. */
    language: text('language').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('course_plan_export_tickets_expires_idx').on(t.expiresAt)],
);
