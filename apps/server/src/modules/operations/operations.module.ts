import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import { createCentreExportService } from './centre-export.service.ts';
import { createFailedJobsService } from './failed-jobs.service.ts';
import { operationsRoutes } from './operations.routes.ts';

/**
 * Operations (issue 33), the Admin's settings page: failed background work and the centre's
 * export. Owns no table: failed jobs are the queue's (`ctx.jobs.failed`), the export reads every
 * table through `lib/centre-export` (the one reader of the whole schema, like the migrations).
 */
export function createOperationsModule(ctx: ModuleContext) {
  const failedJobs = createFailedJobsService(ctx);
  const centreExport = createCentreExportService(ctx);
  return {
    service: { failedJobs, centreExport },
    routes(app: FastifyInstance) {
      operationsRoutes(app, { failedJobs, centreExport });
    },
  };
}
