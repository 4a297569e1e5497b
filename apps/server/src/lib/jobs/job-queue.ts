import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Db, Queryable } from '../../db/client.ts';
import type { Redis } from '../redis.ts';
import type { SQL } from 'drizzle-orm';
import type { ListQuery } from '@tutoria/shared';
import {
  type EnqueueOptions,
  type JobHandler,
  type JobInfo,
  type JobKind,
  type JobKinds,
  PermanentJobFailure,
  type RegisterOptions,
} from './job-kinds.ts';
import * as repo from './jobs.repo.ts';

export interface JobQueueOptions {
  db: Db;
  log: { error(object: object, message: string): void };
  /** With Redis, an enqueue in one process wakes the workers of the others at once. */
  redis?: Redis;
  /**
   * `auto`: a worker in this process runs jobs as they come due. `manual`: only when `drain()` is
   * called (tests assert what a handler did without waiting).
   */
  mode: 'auto' | 'manual';
  /** The longest a worker sleeps before looking again (jobs enqueued by other processes); default 5 s, 30 s with Redis. */
  pollMs?: number;
  /** Jobs run at once per process (default 4). */
  concurrency?: number;
  /** How long a claimed job is held before another worker may take it over (default 300 s). */
  leaseSeconds?: number;
  /** Done jobs are deleted after this many days (default 7); failed ones stay. */
  retentionDays?: number;
  /** The Redis channel (processes of one centre share it). */
  channel?: string;
}

/**
 * The job queue on the database (docs/architecture.md "Jobs"). An area registers a handler per
 * kind and enqueues jobs inside its own transaction, so a job exists exactly when its change
 * committed; a worker in every process claims due jobs (`for update skip locked`), runs each once
 * per attempt, retries a failure with exponential back-off and keeps one that ran out of attempts
 * as failed, with its error, for an Admin. The schedule lives in the `jobs` table: a restart or a
 * second process loses and doubles nothing. Handlers run at least once (a worker that dies
 * mid-run is taken over when its lease ends): make them idempotent, e.g. by `job.jobId` or key.
 */
export interface JobQueue {
  /** One handler per kind, in every process that should run it. */
  registerJob<K extends JobKind>(kind: K, handler: JobHandler<K>, options?: RegisterOptions): void;
  /**
   * A recurring job: one run per `everySeconds` slot across all processes (the key is the kind and
   * the slot), the next slot enqueued when one runs and at start-up.
   */
  every<K extends JobKind>(kind: K, everySeconds: number, payload: JobKinds[K]): void;
  /** Adds a job inside the caller's transaction (or on the database). Answers its id, or null when `key` was taken. */
  enqueue<K extends JobKind>(
    q: Queryable,
    kind: K,
    payload: JobKinds[K],
    options?: EnqueueOptions,
  ): Promise<string | null>;
  /** Drops the job waiting under `key` (one that started stays); answers whether there was one. */
  cancel(q: Queryable, key: string): Promise<boolean>;
  /** Called after a transaction commits (the transaction runner does it): wakes the workers if it enqueued. */
  afterCommit(): void;
  /** Runs every job due now in this process; answers how many ran. */
  drain(): Promise<number>;
  /**
   * The failed jobs, for the Admin (issue 33): a page with what each concerned (its kind's
   * `subject`), and retry (queued again now, attempts reset) or discard of one. `retry`/`discard`
   * answer `missing` (no such job) or `notFailed` without changing anything.
   */
  failed: {
    page(q: Queryable, query: ListQuery, allCap: number): ReturnType<typeof repo.failedPage>;
    retry(q: Queryable, jobId: string): Promise<FailedJobChange>;
    discard(q: Queryable, jobId: string): Promise<FailedJobChange>;
  };
  start(): Promise<void>;
  stop(): Promise<void>;
}

export type FailedJobChange =
  | { outcome: 'done'; kind: string; attempts: number; lastError: string | null }
  | { outcome: 'missing' | 'notFailed' };

interface Registered {
  handler: JobHandler<JobKind>;
  maxAttempts: number;
  backoffSeconds: number;
}

const MAX_BACKOFF_SECONDS = 3600;

/** The wait before the next attempt after `attempt` failed: backoff, 2×, 4× … at most an hour. */
export function backoffAfter(attempt: number, backoffSeconds: number): number {
  return Math.min(backoffSeconds * 2 ** (attempt - 1), MAX_BACKOFF_SECONDS);
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, log, redis, mode } = options;
  const pollMs = options.pollMs ?? (redis ? 30_000 : 5_000);
  const concurrency = options.concurrency ?? 4;
  const leaseSeconds = options.leaseSeconds ?? 300;
  const channel = options.channel ?? 'tutoria:jobs';
  const worker = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const handlers = new Map<string, Registered>();
  const recurring = new Map<string, { everySeconds: number; payload: unknown }>();
  const subjects = new Map<string, (payload: SQL) => SQL>();
  let enqueued = false;
  let stopped = true;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let listenerConnection: Redis | undefined;
  let lastCleanup = 0;
  let working: Promise<void> | null = null;

  async function enqueue(q: Queryable, kind: string, payload: unknown, o: EnqueueOptions = {}) {
    const runAt =
      o.runAt === undefined ? new Date() : o.runAt instanceof Date ? o.runAt : new Date(o.runAt * 1000);
    const maxAttempts = o.maxAttempts ?? handlers.get(kind)?.maxAttempts ?? 5;
    const jobId = await repo.insertJob(
      q,
      { kind, payload, runAt, key: o.key ?? null, maxAttempts },
      o.replace ?? false,
    );
    if (q === db) wake(true);
    else enqueued = true;
    return jobId;
  }

  /** Locks the job, then changes it only while it is failed. */
  async function changeFailed(q: Queryable, jobId: string, change: () => Promise<unknown>): Promise<FailedJobChange> {
    const job = await repo.lockedState(q, jobId);
    if (!job) return { outcome: 'missing' };
    if (job.state !== 'failed') return { outcome: 'notFailed' };
    await change();
    return { outcome: 'done', kind: job.kind, attempts: job.attempts, lastError: job.lastError };
  }

  /** The next slot of a recurring kind: its start and its key. */
  function enqueueNextSlot(kind: string, after: number) {
    const every = recurring.get(kind);
    if (!every) return Promise.resolve(null);
    const slot = Math.floor(after / every.everySeconds) * every.everySeconds;
    return enqueue(db, kind, every.payload, { runAt: slot, key: `${kind}@${slot}` });
  }

  async function run(job: repo.ClaimedJob): Promise<void> {
    const registered = handlers.get(job.kind);
    const info: JobInfo = {
      jobId: job.jobId,
      kind: job.kind,
      key: job.key,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
    };
    try {
      if (!registered) throw new Error(`no handler for ${job.kind}`);
      await registered.handler(job.payload as JobKinds[JobKind], info);
      await repo.markDone(db, job.jobId, worker);
    } catch (error) {
      log.error({ err: error, job: job.kind, jobId: job.jobId, attempt: job.attempts }, 'job failed');
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const retry =
        job.attempts >= job.maxAttempts || error instanceof PermanentJobFailure
          ? null
          : backoffAfter(job.attempts, registered?.backoffSeconds ?? 10);
      await repo.markFailed(db, job.jobId, worker, message, retry);
    } finally {
      const every = recurring.get(job.kind);
      // The slot after this one (or after now, when it ran late): its key is `kind@slot`.
      const slot = Number(job.key?.split('@')[1] ?? 0);
      if (every) await enqueueNextSlot(job.kind, Math.max(Date.now() / 1000, slot) + every.everySeconds);
    }
  }

  async function runAllDue(): Promise<number> {
    const kinds = [...handlers.keys()];
    if (!kinds.length) return 0;
    let ran = 0;
    for (;;) {
      const batch = await repo.claimDue(db, kinds, concurrency, leaseSeconds, worker);
      await Promise.all(batch.map(run));
      ran += batch.length;
      if (!batch.length) break;
    }
    if (Date.now() - lastCleanup > 3_600_000) {
      lastCleanup = Date.now();
      await repo.deleteDoneBefore(db, new Date(Date.now() - (options.retentionDays ?? 7) * 86_400_000));
    }
    return ran;
  }

  /** One run loop per process at a time; a wake during a run makes it go round once more. */
  function runDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await runAllDue();
        } while (again);
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  /** Runs what is due, then sleeps until the next job is due, at most `pollMs`. */
  function work() {
    const current = workOnce().finally(() => {
      if (working === current) working = null;
    });
    working = current;
  }

  async function workOnce() {
    try {
      await runDue();
      const next = stopped ? null : await repo.secondsToNextDue(db, [...handlers.keys()]);
      sleep(next === null ? pollMs : Math.min(pollMs, next * 1000 + 10));
    } catch (error) {
      log.error({ err: error }, 'job worker failed');
      sleep(pollMs);
    }
  }

  function sleep(ms: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(work, ms);
    timer.unref();
  }

  /** A job was enqueued: this process's worker looks now; with Redis, every process's does. */
  function wake(tellOthers: boolean) {
    if (mode !== 'auto' || stopped) return;
    clearTimeout(timer);
    work();
    if (tellOthers && redis)
      redis.publish(channel, worker).catch((error: unknown) => log.error({ err: error }, 'job wake failed'));
  }

  return {
    registerJob(kind, handler, o = {}) {
      if (handlers.has(kind)) throw new Error(`${kind} already has a job handler`);
      handlers.set(kind, {
        handler: handler as JobHandler<JobKind>,
        maxAttempts: o.maxAttempts ?? 5,
        backoffSeconds: o.backoffSeconds ?? 10,
      });
      if (o.subject) subjects.set(kind, o.subject);
    },

    every(kind, everySeconds, payload) {
      recurring.set(kind, { everySeconds, payload });
    },

    enqueue: (q, kind, payload, o) => enqueue(q, kind, payload, o),

    cancel: (q, key) => repo.deletePending(q, key),

    afterCommit() {
      if (!enqueued) return;
      enqueued = false;
      wake(true);
    },

    async drain() {
      if (running) await running.catch(() => 0);
      return runDue();
    },

    failed: {
      page: (q, query, allCap) => repo.failedPage(q, query, allCap, subjects),
      async retry(q, jobId) {
        return changeFailed(q, jobId, async () => {
          await repo.requeueFailed(q, jobId);
          if (q === db) wake(true);
          else enqueued = true;
        });
      },
      discard: (q, jobId) => changeFailed(q, jobId, () => repo.deleteFailed(q, jobId)),
    },

    async start() {
      stopped = false;
      const now = Date.now() / 1000;
      for (const kind of recurring.keys()) await enqueueNextSlot(kind, now);
      if (mode !== 'auto') return;
      if (redis) {
        listenerConnection = redis.duplicate();
        listenerConnection.on('message', (_channel: string, from: string) => {
          if (from !== worker) wake(false);
        });
        await listenerConnection.subscribe(channel);
      }
      work();
    },

    async stop() {
      stopped = true;
      clearTimeout(timer);
      await working;
      if (running) await running.catch(() => 0);
      listenerConnection?.disconnect();
    },
  };
}
