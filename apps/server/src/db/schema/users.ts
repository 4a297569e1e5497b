import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    publicKey: uuid('public_key').primaryKey().defaultRandom(),
    userName: text('user_name').notNull(),
    fullName: text('full_name').notNull(),
    nickName: text('nick_name'),
    role: text('role').notNull(),
    baseType: text('base_type'),
    phoneNumber: text('phone_number'),
    emailAddress: text('email_address'),
    consultantKey: uuid('consultant_key'),
    imageUrl: text('image_url'),
    passwordHash: text('password_hash').notNull(),
    /** active | disabled | archived (SPEC §4). */
    status: text('status').notNull().default('active'),
    extraPermissions: text('extra_permissions').array().notNull().default(sql`'{}'::text[]`),
    /** Set when the user proved the phone number with a one-time code (`user/verify`). */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    createMoment: timestamp('create_moment', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_unique').on(sql`lower(${t.userName})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.emailAddress})`),
    uniqueIndex('users_phone_unique').on(t.phoneNumber),
    index('users_role_idx').on(t.role, t.createMoment),
    index('users_consultant_idx').on(t.consultantKey),
    index('users_create_moment_idx').on(t.createMoment),
    index('users_status_idx').on(t.status, t.role),
    // Performance (issue #9, migration 0006): "contains" searches of the users list (pg_trgm).
    index('users_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    // The users page's search box looks in these too (issue 31, migration 0030): without them every
    // keystroke read every user's row.
    index('users_nick_name_trgm_idx').using('gin', t.nickName.op('gin_trgm_ops')),
    index('users_user_name_trgm_idx').using('gin', t.userName.op('gin_trgm_ops')),
    index('users_phone_number_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    index('users_email_address_trgm_idx').using('gin', t.emailAddress.op('gin_trgm_ops')),
  ],
);

/** The Student profile of SPEC §3, one row per student; calendar dates are `date` (YYYY-MM-DD). */
export const studentProfiles = pgTable('student_profiles', {
  userKey: uuid('user_key')
    .primaryKey()
    .references(() => users.publicKey, { onDelete: 'cascade' }),
  birthday: date('birthday', { mode: 'string' }),
  school: text('school'),
  grade: text('grade'),
  abroadStudyDate: date('abroad_study_date', { mode: 'string' }),
  abroadGrade: text('abroad_grade'),
  passportId: text('passport_id'),
  passportExpireDate: date('passport_expire_date', { mode: 'string' }),
  targetUniversities: text('target_universities').array().notNull().default(sql`'{}'::text[]`),
  targetMajors: text('target_majors').array().notNull().default(sql`'{}'::text[]`),
  targetHighSchools: text('target_high_schools').array().notNull().default(sql`'{}'::text[]`),
  targetSubjects: text('target_subjects').array().notNull().default(sql`'{}'::text[]`),
  subjectResults: jsonb('subject_results').$type<{ subject: string; result: string }[]>().notNull().default([]),
  phaseOneGoal: text('phase_one_goal'),
  phaseOneAchievementDate: date('phase_one_achievement_date', { mode: 'string' }),
  phaseTwoGoal: text('phase_two_goal'),
  phaseTwoAchievementDate: date('phase_two_achievement_date', { mode: 'string' }),
  languageTest: text('language_test'),
  readingScore: numeric('reading_score', { precision: 5, scale: 1 }),
  writingScore: numeric('writing_score', { precision: 5, scale: 1 }),
  speakingScore: numeric('speaking_score', { precision: 5, scale: 1 }),
  listeningScore: numeric('listening_score', { precision: 5, scale: 1 }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time codes (DESIGN §5): 6 digits, stored only as a salted SHA-256, single use, 10-minute
 * life, a few wrong tries before the code is burnt. `purpose` keeps sign-in and phone checks apart.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userKey: uuid('user_key')
      .notNull()
      .references(() => users.publicKey, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_user_idx').on(t.userKey, t.purpose, t.createdAt)],
);
