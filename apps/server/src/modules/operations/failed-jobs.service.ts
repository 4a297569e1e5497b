import { extraChannels, type FailedJob, type FailedJobSubject, type ListQuery } from '@tutoria/shared';
import { writeAudit } from '../../db/audit.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { FailedJobChange } from '../../lib/jobs/job-queue.ts';
import type { ModuleContext } from '../module.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** An area's subject as the contract shapes it: unknown or missing fields are null. */
function subjectOf(raw: Record<string, unknown> | null): FailedJobSubject {
  const channel = text(raw?.channel);
  const moment = Number(raw?.moment);
  return {
    person: text(raw?.person),
    channel: extraChannels.find((c) => c === channel) ?? null,
    classroom: text(raw?.classroom),
    moment: raw?.moment == null || !Number.isFinite(moment) ? null : Math.floor(moment),
  };
}

/**
 * Failed background work (issue 33): the queue's jobs of every kind that ran out of attempts, for
 * the Admin. The jobs table belongs to the queue (`lib/jobs`), so this reads and changes it only
 * through the queue (`ctx.jobs.failed`); what a job concerned comes from the area that registered
 * its kind. Retry and discard are audited in their own transaction.
 */
export function createFailedJobsService(ctx: ModuleContext) {
  const { db, config } = ctx;

  async function change(
    user: SessionUser,
    jobId: string,
    action: 'retry' | 'discard',
    run: (q: Parameters<typeof ctx.jobs.failed.retry>[0]) => Promise<FailedJobChange>,
  ): Promise<void> {
    await ctx.transaction(async (tx) => {
      const done = await run(tx);
      if (done.outcome !== 'done') {
        throw done.outcome === 'missing' ? notFound() : new AppError('CONFLICT', { text: { key: 'jobNotFailed' } });
      }
      await writeAudit(tx, {
        actorKey: user.publicKey,
        action,
        entity: 'job',
        entityId: jobId,
        before: { kind: done.kind, attempts: done.attempts, lastError: done.lastError },
      });
    });
  }

  return {
    async list(query: ListQuery) {
      const page = await ctx.jobs.failed.page(db, query, config.listAllCap);
      return {
        data: page.data.map(
          (row): FailedJob => ({
            jobId: row.jobId,
            kind: row.kind,
            subject: subjectOf(row.subject),
            lastError: row.lastError ?? '',
            attempts: row.attempts,
            maxAttempts: row.maxAttempts,
            failedAt: row.failedAt,
            createMoment: row.createMoment,
          }),
        ),
        totalCount: page.totalCount,
      };
    },

    /** Queues a failed job again now, attempts reset; anything but a failed job is refused. */
    retry: (user: SessionUser, jobId: string) =>
      change(user, jobId, 'retry', (tx) => ctx.jobs.failed.retry(tx, jobId)),

    /** Deletes a failed job for good; anything but a failed job is refused. */
    discard: (user: SessionUser, jobId: string) =>
      change(user, jobId, 'discard', (tx) => ctx.jobs.failed.discard(tx, jobId)),
  };
}

export type FailedJobsService = ReturnType<typeof createFailedJobsService>;
