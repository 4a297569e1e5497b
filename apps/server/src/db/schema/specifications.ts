import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { lessons } from './lessons.ts';
import { users } from './users.ts';

/** A specification, called a course in the UI (SPEC §3): lessons in order, plus course files. */
export const specifications = pgTable(
  'specifications',
  {
    specificationId: uuid('specification_id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    level: text('level').notNull(),
    baseType: text('base_type').notNull(),
    isEvaluationTest: boolean('is_evaluation_test').notNull().default(false),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('specifications_identity_unique').on(sql`lower(${t.title})`, t.level, t.baseType),
    index('specifications_create_moment_idx').on(t.createMoment),
    index('specifications_level_idx').on(t.level, t.createMoment),
    index('specifications_base_type_idx').on(t.baseType, t.createMoment),
    index('specifications_title_idx').on(t.title),
    index('specifications_evaluation_idx').on(t.isEvaluationTest, t.baseType, t.level),
  ],
);

/** The lessons of a course, in order. A lesson in a course can not be deleted (restrict). */
export const specificationLessons = pgTable(
  'specification_lessons',
  {
    specificationId: uuid('specification_id')
      .notNull()
      .references(() => specifications.specificationId, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.lessonId, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.specificationId, t.lessonId] }),
    index('specification_lessons_lesson_idx').on(t.lessonId),
  ],
);

/**
 * A book or material of a course: a .zip or .rar kept under DATA_DIR/files/course-files with a
 * server-made name; `name` is only what is shown and offered on download.
 */
export const courseFiles = pgTable(
  'course_files',
  {
    courseFileId: uuid('course_file_id').primaryKey().defaultRandom(),
    specificationId: uuid('specification_id')
      .notNull()
      .references(() => specifications.specificationId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storedName: text('stored_name').notNull(),
    kind: text('kind').notNull(),
    sizeInBytes: bigint('size_in_bytes', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.publicKey, { onDelete: 'set null' }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_files_stored_name_unique').on(t.storedName),
    index('course_files_specification_idx').on(t.specificationId, t.createMoment),
  ],
);

/**
 * A download ticket: a browser link cannot carry the signed headers, so a signed-in call issues a
 * short-lived, single-use ticket (stored hashed) that the plain GET link carries instead.
 */
export const courseFileTickets = pgTable(
  'course_file_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    courseFileId: uuid('course_file_id')
      .notNull()
      .references(() => courseFiles.courseFileId, { onDelete: 'cascade' }),
    userKey: uuid('user_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('course_file_tickets_expires_idx').on(t.expiresAt),
    index('course_file_tickets_file_idx').on(t.courseFileId),
  ],
);
