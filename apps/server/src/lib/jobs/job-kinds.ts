import type { SQL } from 'drizzle-orm';

/**
 * The queue's job kinds and their payloads. Each area declares its own by merging into this
 * interface (like `DomainEvents`), so the queue knows no area:
 *
 *   declare module '../../lib/jobs/job-kinds.ts' {
 *     interface JobKinds { 'mail.send': { notificationId: string } }
 *   }
 *
 * Payloads are stored as JSON: plain data only.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface JobKinds {}

export type JobKind = keyof JobKinds;

/** What a handler receives beside the payload. */
export interface JobInfo {
  jobId: string;
  kind: string;
  /** The idempotency key it was enqueued with, if any. */
  key: string | null;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler<K extends JobKind> = (payload: JobKinds[K], job: JobInfo) => Promise<void> | void;

export interface RegisterOptions {
  /** Runs before the job is kept as failed (default 5). */
  maxAttempts?: number;
  /** The first retry's wait; each next one doubles it, at most an hour (default 10 s). */
  backoffSeconds?: number;
  /**
   * What a job of this kind concerned, for the Admin's failed-jobs list (issue 33): a SQL expression
   * over the job's `payload` (jsonb) answering a jsonb object with any of `person`, `channel`,
   * `classroom`, `moment` (epoch seconds), written by the owning area through its own tables or
   * views. Evaluated only for the rows of the page shown.
   */
  subject?: (payload: SQL) => SQL;
}

/**
 * Thrown by a handler for a failure no retry mends (no address, a channel switched off): the job
 * is kept as failed at once, for the Admin to retry once it is mended or to discard.
 */
export class PermanentJobFailure extends Error {}

export interface EnqueueOptions {
  /** Not before this moment (a Date or epoch seconds); default now. */
  runAt?: Date | number;
  /** One job per key while it is kept: a second enqueue with the key adds nothing (see `replace`). */
  key?: string;
  /** With `key`: a job still waiting under that key takes this payload and time (one that ran stays). */
  replace?: boolean;
  maxAttempts?: number;
}
