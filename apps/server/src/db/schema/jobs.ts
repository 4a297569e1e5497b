import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A job's life: waiting (due at `run_at`), running under a lease, done, or failed for good. */
export const jobStates = ['pending', 'running', 'done', 'failed'] as const;
export type JobState = (typeof jobStates)[number];

/**
 * The job queue (docs/architecture.md "Jobs"): work to run at a time, at least once, by whichever
 * server process claims it. The schedule lives here, not in a timer: a restart loses nothing.
 * `key` makes an enqueue idempotent (one job per key while it is kept).
 */
export const jobs = pgTable(
  'jobs',
  {
    jobId: uuid('job_id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    key: text('key'),
    state: text('state', { enum: jobStates }).notNull().default('pending'),
    /** Not before this moment: the schedule, and a failed attempt's back-off. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    /** A worker holds a running job until then; a crashed worker's lease runs out and another takes it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_key_idx').on(t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} in ('pending', 'running')`),
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} = 'done'`),
    index('jobs_failed_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} = 'failed'`),
    // The Admin's failed-jobs list filtered by kind (issue 33), newest failure first.
    index('jobs_failed_kind_idx')
      .on(t.kind, t.finishedAt)
      .where(sql`${t.state} = 'failed'`),
  ],
);
