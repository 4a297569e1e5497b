import type { FastifyInstance } from 'fastify';
import { type BackupRunner, createBackupRunner } from '../../backup/backup-runner.ts';
import { internalBackupRoute } from '../../backup/internal-backup.ts';
import type { Database } from '../../db/client.ts';
import type { ModuleContext } from '../module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import { backupsRoutes } from './backups.routes.ts';
import { createBackupsService, NIGHTLY_ATTEMPTS } from './backups.service.ts';

/**
 * Backups (issue 33). Owns no table: the backups are files in BACKUP_DIR (the engine is
 * `src/backup/`), the nightly schedule a job per night in the queue. Serves the Admin's overview
 * and "back up now"; with `controlToken` (the serving process) also the loopback route
 * `npm run backup` calls while the server holds the PGlite folder.
 */
export function createBackupsModule(
  ctx: ModuleContext,
  deps: {
    notifications: NotificationsService;
    database: Pick<Database, 'db' | 'kind'>;
    runner?: BackupRunner;
    controlToken?: string;
  },
) {
  const runner = deps.runner ?? createBackupRunner(deps.database, ctx.config);
  const service = createBackupsService(ctx, { notifications: deps.notifications, runner });
  ctx.jobs.registerJob('backups.nightly', (_payload, job) => service.nightly(job), {
    maxAttempts: NIGHTLY_ATTEMPTS,
    backoffSeconds: 600,
  });
  return {
    service,
    runner,
    routes(app: FastifyInstance) {
      backupsRoutes(app, service);
      if (deps.controlToken) internalBackupRoute(app, deps.controlToken, runner);
      // The next night is queued once the app is ready (its key keeps it one across processes).
      app.addHook('onReady', () => service.scheduleNext(new Date()));
    },
  };
}
