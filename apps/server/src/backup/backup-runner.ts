import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { type BackupFile, listBackups, pruneNightly } from './backup-files.ts';
import { type BackupResult, createBackup } from './create-backup.ts';
import type { BackupKind } from './manifest.ts';

export interface BackupRunner {
  /** Makes a backup now; one at a time per process (a second waits for the first). Nightly ones prune the old. */
  run(kind: BackupKind): Promise<BackupResult>;
  list(): Promise<BackupFile[]>;
  readonly dir: string;
}

/** The backups of one configured centre: the engine with its folders, key and keep count. */
export function createBackupRunner(database: Pick<Database, 'db' | 'kind'>, config: Config): BackupRunner {
  let queue: Promise<unknown> = Promise.resolve();
  const target = {
    database,
    dataDir: config.dataDir,
    filesDir: config.filesDir,
    backupDir: config.backups.dir,
    key: config.backups.key,
  };
  return {
    dir: config.backups.dir,
    run(kind) {
      const next = queue.then(async () => {
        const result = await createBackup(target, kind);
        if (kind === 'nightly') await pruneNightly(config.backups.dir, config.backups.keep);
        return result;
      });
      queue = next.catch(() => undefined);
      return next;
    },
    list: () => listBackups(config.backups.dir),
  };
}
