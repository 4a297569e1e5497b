import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { selectRow } from './sql.ts';

interface Journal {
  entries: { when: number; tag: string }[];
}

/**
 * True when the database already holds every migration on disk (DESIGN §13): the journal's last
 * entry is the last one recorded and none is missing. One small query, so a restart with nothing
 * new does not read, hash and replay-check every migration file in a transaction. A database
 * never migrated (no bookkeeping table yet) is not up to date.
 */
export async function migrationsUpToDate(db: Db, migrationsFolder: string): Promise<boolean> {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const last = journal.entries.at(-1);
  if (!last) return true;
  try {
    const row = await selectRow<{ applied: number; latest: string | number | null }>(
      db,
      sql`select count(*)::int as applied, max(created_at) as latest from drizzle.__drizzle_migrations`,
    );
    return !!row && row.applied >= journal.entries.length && Number(row.latest) === last.when;
  } catch {
    return false;
  }
}
