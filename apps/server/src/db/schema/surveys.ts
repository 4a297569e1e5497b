import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { classrooms } from './scheduling.ts';
import { users } from './users.ts';

/**
 * Surveys (SPEC §3 Survey, issue 12). Owned by the surveys module. A question is written in English,
 * Chinese or both (issue 27) and keeps its answers when removed (`removed_at`); a round keeps the
 * questions it opened with (`survey_round_questions`); at most one round is open (a partial unique
 * index); a response is one student's ratings of one class and teacher in one round, each rating
 * 1–5 (veryWeak … veryGood), so averages are numeric in SQL.
 */
export const surveyQuestions = pgTable(
  'survey_questions',
  {
    questionId: uuid('question_id').primaryKey().defaultRandom(),
    /** Null: not written in that language (the reader gets the other). */
    textEn: text('text_en'),
    textZh: text('text_zh'),
    position: integer('position').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('survey_questions_position_idx')
      .on(t.position)
      .where(sql`${t.removedAt} is null`),
    check(
      'survey_questions_text_check',
      sql`coalesce(${t.textEn}, '') <> '' or coalesce(${t.textZh}, '') <> ''`,
    ),
  ],
);

export const surveyRounds = pgTable(
  'survey_rounds',
  {
    roundId: uuid('round_id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.publicKey, { onDelete: 'set null' }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('survey_rounds_create_moment_idx').on(t.createMoment),
    // One open round at a time: a second open is refused by the database too.
    uniqueIndex('survey_rounds_one_open_idx')
      .on(sql`(true)`)
      .where(sql`${t.closedAt} is null`),
    check('survey_rounds_interval_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** The questions a round opened with: one added later waits for the next round. */
export const surveyRoundQuestions = pgTable(
  'survey_round_questions',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => surveyRounds.roundId, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => surveyQuestions.questionId, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.questionId] })],
);

export const surveyResponses = pgTable(
  'survey_responses',
  {
    responseId: uuid('response_id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => surveyRounds.roundId, { onDelete: 'cascade' }),
    classroomId: uuid('classroom_id')
      .notNull()
      .references(() => classrooms.classroomId, { onDelete: 'cascade' }),
    teacherKey: uuid('teacher_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    studentKey: uuid('student_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'restrict' }),
    comment: text('comment'),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_responses_once_idx').on(t.roundId, t.classroomId, t.teacherKey, t.studentKey),
    index('survey_responses_teacher_idx').on(t.roundId, t.teacherKey),
    index('survey_responses_student_idx').on(t.studentKey),
  ],
);

export const surveyAnswers = pgTable(
  'survey_answers',
  {
    responseId: uuid('response_id')
      .notNull()
      .references(() => surveyResponses.responseId, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => surveyQuestions.questionId, { onDelete: 'restrict' }),
    rating: smallint('rating').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.responseId, t.questionId] }),
    index('survey_answers_question_idx').on(t.questionId),
    check('survey_answers_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
