import type { BackupEntry, BackupOverview } from '@tutoria/shared';
import type { BackupFile } from '../../backup/backup-files.ts';
import type { BackupRunner } from '../../backup/backup-runner.ts';
import { lastFinishedNightly } from '../../backup/nightly-status.repo.ts';
import { AppError } from '../../http/app-error.ts';
import type { JobInfo } from '../../lib/jobs/job-kinds.ts';
import type { ModuleContext } from '../module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import './backups.jobs.ts';
import * as repo from './backups.repo.ts';
import { nextNightlyRun } from './nightly-schedule.ts';

export const NIGHTLY_ATTEMPTS = 2;
const toEpoch = (date: Date) => Math.floor(date.getTime() / 1000);

const entryOf = (b: BackupFile): BackupEntry => ({
  fileName: b.fileName,
  createdAt: b.createdAt,
  sizeInBytes: b.sizeInBytes,
  kind: b.kind,
  encrypted: b.encrypted,
});

/** A night's name in the centre's zone (YYYY-MM-DD): the nightly job's key. */
const nightOf = (at: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * Backups (issue 33): the Admin's overview and "back up now", and the nightly run — a job per
 * night in the queue (key `backups.nightly@<night>`: one run across every process), the next
 * night queued as each one starts and at start-up; a run that fails its last attempt is kept as a
 * failed job and told to every active Admin.
 */
export function createBackupsService(ctx: ModuleContext, deps: { notifications: NotificationsService; runner: BackupRunner }) {
  const { config } = ctx;
  const settings = config.backups;

  async function scheduleNext(after: Date): Promise<void> {
    if (!settings.nightly) return;
    const at = nextNightlyRun(after, settings.time, config.timeZone);
    const night = nightOf(at, config.timeZone);
    await ctx.jobs.enqueue(ctx.db, 'backups.nightly', { night }, { runAt: at, key: `backups.nightly@${night}` });
  }

  async function failed(error: unknown): Promise<void> {
    const text = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    await deps.notifications.notify(await repo.activeAdminKeys(ctx.db), {
      messageType: 'General',
      key: 'backup.failed',
      params: { text },
    });
  }

  return {
    scheduleNext,

    async nightly(job: JobInfo): Promise<void> {
      if (!settings.nightly) return;
      await scheduleNext(new Date(Date.now() + 60_000));
      try {
        await deps.runner.run('nightly');
      } catch (error) {
        if (job.attempt >= job.maxAttempts) await failed(error);
        throw error;
      }
    },

    async overview(): Promise<BackupOverview> {
      const backups = await deps.runner.list();
      const last = await lastFinishedNightly(ctx.db);
      const newestNightly = backups.find((b) => b.kind === 'nightly');
      const lastFailed =
        !!last && last.state === 'failed' && (!newestNightly || newestNightly.createdAt < toEpoch(last.finishedAt!));
      return {
        backups: backups.map(entryOf),
        schedule: {
          time: settings.time,
          timeZone: config.timeZone,
          keep: settings.keep,
          enabled: settings.nightly,
          nextRunAt: settings.nightly ? toEpoch(nextNightlyRun(new Date(), settings.time, config.timeZone)) : null,
        },
        encryption: !!settings.key,
        lastBackup: backups[0] ? entryOf(backups[0]) : null,
        lastNightly: last
          ? { failed: lastFailed, error: lastFailed ? last.lastError : null, at: toEpoch(last.finishedAt!) }
          : null,
      };
    },

    async backUpNow(): Promise<BackupEntry> {
      try {
        return entryOf((await deps.runner.run('manual')).file);
      } catch (error) {
        ctx.log.error({ err: error }, 'backup failed');
        throw new AppError('CREATE_FAILED', {
          text: { key: 'backupFailed', values: { reason: (error as Error).message.slice(0, 300) } },
        });
      }
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
