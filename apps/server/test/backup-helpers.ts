import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Manifest } from '../src/backup/manifest.ts';
import * as snapshot from '../src/backup/snapshot.repo.ts';
import { type Database, type Db, openPglite, openPostgres, pgliteExtensions } from '../src/db/client.ts';

/** The PostgreSQL server the cross-engine tests restore into (the test run's, or the local default). */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `tutoria-${name}-`));

/** Every table's rows hashed as a backup writes them (JSON text, key order). */
export async function tableHashes(db: Db): Promise<Record<string, string>> {
  return db.transaction(async (tx) => {
    await snapshot.setStableOutput(tx);
    const out: Record<string, string> = {};
    for (const table of await snapshot.listTables(tx)) {
      const hash = createHash('sha256');
      await snapshot.readRows(tx, table, (lines) => void hash.update(lines.join('\n') + '\n'));
      out[table.name] = hash.digest('hex');
    }
    return out;
  });
}

/** The table hashes a manifest promises. */
export const manifestHashes = (manifest: Manifest) =>
  Object.fromEntries(manifest.tables.map((t) => [t.name, manifest.entries[`tables/${t.name}.jsonl`]!.sha256]));

export const fileHash = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

let emptyDump: Promise<Blob> | undefined;

/**
 * A new, empty PGlite database (in memory: a folder's initdb costs seconds; the restore is the same).
 * Made once per test file and cloned.
 */
export async function freshPglite(): Promise<Database> {
  emptyDump ??= PGlite.create({ extensions: pgliteExtensions }).then(async (pglite) => {
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    return dump;
  });
  return openPglite(await PGlite.create({ loadDataDir: await emptyDump, extensions: pgliteExtensions }));
}

/** A new, empty PostgreSQL database, dropped by `close()`. */
export async function freshPostgres(): Promise<Database> {
  const name = `tutoria_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 2);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
