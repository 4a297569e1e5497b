import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A lesson (SPEC §3): the unit courses are made of and classrooms teach. */
export const lessons = pgTable(
  'lessons',
  {
    lessonId: uuid('lesson_id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    subTitle: text('sub_title'),
    level: text('level').notNull(),
    baseType: text('base_type').notNull(),
    teachingTimeInHour: numeric('teaching_time_in_hour', { precision: 10, scale: 2 }).notNull(),
    description: text('description'),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One lesson per name, title and subtitle at a level and base type (Pure Mathematics 1 has several parts).
    uniqueIndex('lessons_identity_idx').on(
      sql`lower(${t.name})`,
      sql`lower(${t.title})`,
      sql`lower(coalesce(${t.subTitle}, ''))`,
      t.level,
      t.baseType,
    ),
    index('lessons_create_moment_idx').on(t.createMoment),
    index('lessons_level_idx').on(t.level, t.createMoment),
    index('lessons_base_type_idx').on(t.baseType, t.createMoment),
    index('lessons_name_idx').on(t.name),
    index('lessons_title_idx').on(t.title),
    index('lessons_hours_idx').on(t.teachingTimeInHour),
  ],
);
