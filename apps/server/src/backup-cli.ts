import { loadConfig } from './config.ts';
import { lockDataDir, openDatabase } from './db/client.ts';
import { createBackupRunner } from './backup/backup-runner.ts';
import { INTERNAL_BACKUP_PATH, readServerControl } from './backup/internal-backup.ts';

/**
 * `npm run backup` (issue 33): one backup file in BACKUP_DIR, while the server runs or not. On
 * PostgreSQL it connects itself; on PGlite the folder is the running server's alone, so it asks
 * that server (loopback, the token in DATA_DIR) and otherwise opens the folder itself.
 */
const config = loadConfig();
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function direct(): Promise<{ path: string; sizeInBytes: number }> {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const { file } = await createBackupRunner(database, config).run('manual');
    return file;
  } finally {
    await database.close();
  }
}

async function viaServer(): Promise<{ path: string; sizeInBytes: number }> {
  const control = readServerControl(config.dataDir);
  if (!control) throw new Error(`The data folder ${config.dataDir} is in use, but its server left no control file: stop it, or wait until it has started.`);
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  const response = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${control.port}${INTERNAL_BACKUP_PATH}`, {
    method: 'POST',
    headers: { 'x-tutoria-control': control.token },
  });
  if (!response.ok) throw new Error(`The running server (pid ${control.pid}) refused the backup: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as { path: string; sizeInBytes: number };
}

try {
  let file: { path: string; sizeInBytes: number };
  if (config.databaseUrl) file = await direct();
  else {
    let unlock: (() => void) | undefined;
    try {
      unlock = lockDataDir(config.dataDir);
    } catch {
      unlock = undefined; // held by the running server
    }
    try {
      file = unlock ? await direct() : await viaServer();
    } finally {
      unlock?.();
    }
  }
  console.log(`Backup written: ${file.path} (${megabytes(file.sizeInBytes)}${config.backups.key ? ', encrypted' : ''})`);
  process.exit(0);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
