import { and, eq, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { anyText, selectRows } from '../../db/sql.ts';

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt: Date;
  key: string | null;
  maxAttempts: number;
}

/** Adds a job; with a key already kept: nothing (answers null), or `replace` a job still waiting. */
export async function insertJob(q: Queryable, job: NewJob, replace: boolean): Promise<string | null> {
  const values = { ...job, payload: job.payload as object };
  const insert = q.insert(jobs).values(values);
  const rows = await (
    job.key === null
      ? insert
      : replace
        ? insert.onConflictDoUpdate({
            target: jobs.key,
            set: {
              payload: values.payload,
              runAt: job.runAt,
              maxAttempts: job.maxAttempts,
              attempts: 0,
              lastError: null,
            },
            setWhere: sql`${jobs.state} = 'pending'`,
          })
        : insert.onConflictDoNothing({ target: jobs.key })
  ).returning({ jobId: jobs.jobId });
  return rows[0]?.jobId ?? null;
}

/** Drops a job that has not started under `key`; answers whether one was. */
export async function deletePending(q: Queryable, key: string): Promise<boolean> {
  const rows = await q
    .delete(jobs)
    .where(and(eq(jobs.key, key), eq(jobs.state, 'pending')))
    .returning({ jobId: jobs.jobId });
  return rows.length > 0;
}

export interface ClaimedJob {
  jobId: string;
  kind: string;
  payload: unknown;
  key: string | null;
  attempts: number;
  maxAttempts: number;
}

/**
 * Takes up to `limit` due jobs of the given kinds for `worker`, leasing them for `leaseSeconds`:
 * one statement, so no transaction stays open while handlers run (PGlite has one connection), and
 * `skip locked` lets several workers claim side by side without taking the same job. A running
 * job whose lease ran out (its worker died) is due again.
 */
export function claimDue(
  q: Queryable,
  kinds: readonly string[],
  limit: number,
  leaseSeconds: number,
  worker: string,
) {
  return selectRows<ClaimedJob>(
    q,
    sql`update jobs set state = 'running', attempts = attempts + 1, locked_by = ${worker},
        locked_until = now() + make_interval(secs => ${leaseSeconds})
      where job_id in (
        select job_id from jobs
        where kind = ${anyText(kinds)} and run_at <= now()
          and (state = 'pending' or (state = 'running' and locked_until < now()))
        order by run_at
        limit ${limit}
        for update skip locked)
      returning job_id, kind, payload, key, attempts, max_attempts`,
  );
}

/** Seconds until the next job of these kinds is due (0 when one is due now), null when none waits. */
export async function secondsToNextDue(q: Queryable, kinds: readonly string[]): Promise<number | null> {
  const [row] = await selectRows<{ seconds: number | null }>(
    q,
    sql`select greatest(0, extract(epoch from min(case when state = 'pending' then run_at else locked_until end) - now()))::float8 as seconds
      from jobs where kind = ${anyText(kinds)} and state in ('pending', 'running')`,
  );
  return row?.seconds ?? null;
}

const ownedBy = (jobId: string, worker: string) => and(eq(jobs.jobId, jobId), eq(jobs.lockedBy, worker));

export async function markDone(q: Queryable, jobId: string, worker: string) {
  await q
    .update(jobs)
    .set({ state: 'done', finishedAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(ownedBy(jobId, worker));
}

/** A failed run: wait `retryInSeconds` and try again, or (null) keep it as failed for an Admin. */
export async function markFailed(
  q: Queryable,
  jobId: string,
  worker: string,
  error: string,
  retryInSeconds: number | null,
) {
  await q
    .update(jobs)
    .set(
      retryInSeconds === null
        ? { state: 'failed', finishedAt: sql`now()`, lockedUntil: null, lastError: error }
        : {
            state: 'pending',
            runAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
            lockedUntil: null,
            lockedBy: null,
            lastError: error,
          },
    )
    .where(ownedBy(jobId, worker));
}

/** Done jobs older than the retention are of no further use (failed ones stay for an Admin). */
export async function deleteDoneBefore(q: Queryable, before: Date) {
  await q.delete(jobs).where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, before)));
}
