import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { jobs } from '../db/schema/jobs.ts';

/** The nightly backup's job kind (declared by the backups module). */
export const NIGHTLY_JOB = 'backups.nightly';

/** The last nightly run that finished (done or failed for good), from the job queue's table. */
export async function lastFinishedNightly(q: Queryable) {
  const [row] = await q
    .select({ state: jobs.state, lastError: jobs.lastError, finishedAt: jobs.finishedAt })
    .from(jobs)
    .where(and(eq(jobs.kind, NIGHTLY_JOB), isNotNull(jobs.finishedAt)))
    .orderBy(desc(jobs.finishedAt))
    .limit(1);
  return row;
}
