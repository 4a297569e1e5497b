import type { Database } from '../db/client.ts';
import { migrationsFolder as codeMigrations } from '../db/client.ts';
import { migrationsUpToDate } from '../db/migration-state.ts';
import type { BackupRunner } from './backup-runner.ts';
import * as snapshot from './snapshot.repo.ts';

export class UpgradeFailed extends Error {}

/**
 * Upgrades that cannot eat data (issue 33): when migrations are pending on a database that holds
 * rows, a backup (kind `upgrade`) is made first. Drizzle runs every pending migration in one
 * transaction (on PGlite as on PostgreSQL), so a failing one leaves the database as it was; the
 * error then names the backup and the command that restores it. Answers the backup's path, if any.
 */
export async function migrateSafely(
  database: Pick<Database, 'db' | 'kind' | 'migrate'>,
  runner: BackupRunner,
  migrationsFolder = codeMigrations,
): Promise<string | null> {
  if (await migrationsUpToDate(database.db, migrationsFolder)) return null;
  const tables = await snapshot.listTables(database.db);
  const holdsData = tables.length > 0 && (await snapshot.tablesWithRows(database.db, tables)).length > 0;
  const backup = holdsData ? (await runner.run('upgrade')).file.path : null;
  try {
    await database.migrate(migrationsFolder);
  } catch (error) {
    // Drizzle wraps the database's error ("Failed query: …"): its cause says what went wrong.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new UpgradeFailed(
      backup
        ? `A database migration failed (${reason}). Nothing was changed: the migrations run in one transaction. A backup was made before trying: ${backup}. ` +
            `To return to it on a new data folder or an empty database: npm run restore -- ${backup}`
        : `A database migration failed (${reason}). Nothing was changed: the migrations run in one transaction.`,
      { cause: error },
    );
  }
  return backup;
}
