/**
 * Writes the upgrade fixture (apps/server/test/fixtures/README.md): a backup, made by today's backup
 * code, of a PGlite data folder an older release made — opened as it is, never migrated, so the
 * backup keeps that release's migration and rows. `scripts/refresh-upgrade-fixture.sh` makes the
 * folder and calls this; by hand: npx tsx scripts/upgrade-fixture.ts <DATA_DIR> [<output .tbk>]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBackup } from '../apps/server/src/backup/create-backup.ts';
import { lockDataDir, openDatabase } from '../apps/server/src/db/client.ts';

const [dataDir, output = 'apps/server/test/fixtures/previous-release-demo.tbk'] = process.argv.slice(2);
if (!dataDir) {
  console.error('Usage: npx tsx scripts/upgrade-fixture.ts <DATA_DIR of the older release> [<output .tbk>]');
  process.exit(2);
}
const folder = path.resolve(dataDir);
const unlock = lockDataDir(folder);
const database = await openDatabase({ dataDir: folder });
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-fixture-'));
try {
  const { file, manifest } = await createBackup(
    { database, dataDir: folder, filesDir: path.join(folder, 'files'), backupDir },
    'manual',
  );
  fs.copyFileSync(file.path, path.resolve(output));
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Fixture written: ${output} (${fs.statSync(output).size} bytes; app ${manifest.appVersion}, migration ${manifest.migration.tag} (#${manifest.migration.count}), ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files)`,
  );
} finally {
  await database.close();
  unlock();
  fs.rmSync(backupDir, { recursive: true, force: true });
}
