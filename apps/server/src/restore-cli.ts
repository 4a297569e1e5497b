import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { lockDataDir, openDatabase } from './db/client.ts';
import { RestoreRefused, restoreBackup } from './backup/restore-backup.ts';

/**
 * `npm run restore -- FILE` (issue 33): into an empty data folder (PGlite) or an empty PostgreSQL
 * database (DATABASE_URL); refuses anything else. Then `npm start` runs on the restored centre.
 */
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- path/to/tutoria-backup-….tbk');
  process.exit(2);
}
const config = loadConfig();
const source = path.resolve(file);
const pgDir = path.join(config.dataDir, 'pglite');

function nonEmpty(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

let unlock = () => {};
let created = false;
try {
  if (!fs.existsSync(source)) throw new RestoreRefused(`No such file: ${source}`);
  if (!config.databaseUrl) {
    unlock = lockDataDir(config.dataDir);
    if (nonEmpty(pgDir)) {
      throw new RestoreRefused(`The data folder ${config.dataDir} already holds a database (${pgDir}): restore into an empty data folder (set DATA_DIR, or move this one away).`);
    }
    if (nonEmpty(config.filesDir)) {
      throw new RestoreRefused(`The data folder ${config.dataDir} already holds uploaded files (${config.filesDir}): restore into an empty data folder.`);
    }
    created = true;
  }
  const database = await openDatabase(config);
  try {
    const manifest = await restoreBackup(source, {
      database,
      filesDir: config.filesDir,
      workDir: config.dataDir,
      key: config.backups.key,
    });
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Restored ${rows} rows in ${manifest.tables.length} tables and ${manifest.files.length} files from ${path.basename(source)} ` +
        `(made ${manifest.createdAt} on ${manifest.database}, migration ${manifest.migration.tag}) into ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}.`,
    );
    if (manifest.missingFiles.length) console.log(`  ${manifest.missingFiles.length} files were already missing when the backup was made.`);
    console.log('Start the server with: npm start');
  } finally {
    await database.close();
  }
  unlock();
  process.exit(0);
} catch (error) {
  // A PGlite folder this command created holds a half restore: it goes, so the next try starts clean.
  if (created) {
    fs.rmSync(pgDir, { recursive: true, force: true });
    fs.rmSync(config.filesDir, { recursive: true, force: true });
  } else if (config.databaseUrl && !(error instanceof RestoreRefused)) {
    console.error('The database may hold part of the backup now: drop and re-create it before trying again.');
  }
  unlock();
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
