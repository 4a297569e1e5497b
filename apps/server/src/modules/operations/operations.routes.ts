import type { FastifyInstance } from 'fastify';
import { contract, EXPORT_TOTAL_ROWS_HEADER } from '@tutoria/shared';
import { sendAttachment } from '../../http/attachment.ts';
import { route, said } from '../../http/route.ts';
import type { CentreExportService } from './centre-export.service.ts';
import type { FailedJobsService } from './failed-jobs.service.ts';

export function operationsRoutes(
  app: FastifyInstance,
  s: { failedJobs: FailedJobsService; centreExport: CentreExportService },
): void {
  const c = contract.operations;
  route(app, c.failedJobs, ({ body }) => s.failedJobs.list(body));
  route(app, c.retryJob, async ({ user, params, request }) => {
    await s.failedJobs.retry(user, params.jobId);
    return said(request, 'jobRetried');
  });
  route(app, c.discardJob, async ({ user, params, request }) => {
    await s.failedJobs.discard(user, params.jobId);
    return said(request, 'jobDiscarded');
  });
  route(app, c.exportCentre, async ({ user, reply }) => {
    const file = await s.centreExport.export(user);
    return sendAttachment(reply, { ...file, headers: { [EXPORT_TOTAL_ROWS_HEADER]: file.totalRows } });
  });
}
