import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import { contract, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { anyText, epochOf, selectRows } from '../../db/sql.ts';
import { columnsFor, compileListQuery, finishPage } from '../../http/list-query.ts';

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

// The Admin's failed background work (issue 33).

const failedColumns = columnsFor(contract.operations.failedJobs, {
  kind: jobs.kind,
  attempts: jobs.attempts,
  lastError: jobs.lastError,
  failedAt: jobs.finishedAt,
  createMoment: jobs.createdAt,
});

export interface FailedJobRow {
  jobId: string;
  kind: string;
  subject: Record<string, unknown> | null;
  lastError: string | null;
  attempts: number;
  maxAttempts: number;
  failedAt: number;
  createMoment: number;
  totalCount: number;
}

/**
 * One page of the failed jobs and their total in one statement: the page is cut first (the partial
 * indexes on failed jobs give the order, by kind too), then each of its rows says what it concerned
 * through its kind's `subject` fragment (a sub-select of the owning area's), for the page's rows only.
 */
export async function failedPage(
  q: Queryable,
  query: ListQuery,
  allCap: number,
  subjects: ReadonlyMap<string, (payload: SQL) => SQL>,
) {
  const compiled = compileListQuery(query, {
    columns: failedColumns,
    tiebreaker: jobs.jobId,
    allCap,
    defaultOrder: [{ column: 'failedAt', descending: true }],
    notNull: ['failedAt', 'createMoment', 'kind', 'attempts'],
  });
  const payload = sql`page.payload`;
  const subject = subjects.size
    ? sql`case page.kind ${sql.join(
        [...subjects].map(([kind, fragment]) => sql`when ${kind} then ${fragment(payload)}`),
        sql` `,
      )} end`
    : sql`null::jsonb`;
  const failed = sql`${jobs.state} = 'failed'`;
  const order = sql.join(compiled.orderBy, sql`, `);
  const rows = await selectRows<FailedJobRow>(
    q,
    sql`select page.job_id, page.kind, ${subject} as subject, page.last_error, page.attempts, page.max_attempts,
        ${epochOf(sql`page.finished_at`)} as failed_at, ${epochOf(sql`page.created_at`)} as create_moment, page.total_count
      from (
        select ${jobs.jobId}, ${jobs.kind}, ${jobs.payload}, ${jobs.lastError}, ${jobs.attempts}, ${jobs.maxAttempts},
          ${jobs.finishedAt}, ${jobs.createdAt}, count(*) over()::int as total_count,
          row_number() over (order by ${order}) as position
        from ${jobs}
        where ${and(failed, compiled.where)}
        order by ${order}
        limit ${compiled.limit} offset ${compiled.offset}
      ) page
      order by page.position`,
  );
  return finishPage(rows, compiled, async () => {
    const [row] = await selectRows<{ n: number }>(
      q,
      sql`select count(*)::int as n from ${jobs} where ${and(failed, compiled.where)}`,
    );
    return row?.n ?? 0;
  });
}

/** A job's state, or undefined when there is no such job (locked: a retry or discard decides on it). */
export async function lockedState(q: Queryable, jobId: string) {
  const [row] = await q
    .select({ state: jobs.state, kind: jobs.kind, attempts: jobs.attempts, lastError: jobs.lastError })
    .from(jobs)
    .where(eq(jobs.jobId, jobId))
    .for('update');
  return row;
}

/** Queues a failed job again now, its attempts reset (its last error stays until the next run). */
export async function requeueFailed(q: Queryable, jobId: string): Promise<boolean> {
  const rows = await q
    .update(jobs)
    .set({ state: 'pending', runAt: sql`now()`, attempts: 0, finishedAt: null, lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.jobId, jobId), eq(jobs.state, 'failed')))
    .returning({ jobId: jobs.jobId });
  return rows.length > 0;
}

export async function deleteFailed(q: Queryable, jobId: string): Promise<boolean> {
  const rows = await q
    .delete(jobs)
    .where(and(eq(jobs.jobId, jobId), eq(jobs.state, 'failed')))
    .returning({ jobId: jobs.jobId });
  return rows.length > 0;
}
