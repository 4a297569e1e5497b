import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsUpToDate } from './migration-state.ts';
import { nameMarkedStatements } from './prepared.ts';
import { keepMarkedStatementsPrepared } from './prepared-pglite.ts';
import * as schema from './schema/index.ts';

/** One type for both drivers (STACK.md): services and repos never know which engine runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repo takes either the database or an open transaction. */
export type Queryable = Db | Tx;

/** The extensions the migrations create (0006: pg_trgm); every PGlite must be opened with them. */
export const pgliteExtensions = { pg_trgm };

export const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations, all in one transaction (drizzle's migrator); `folder` for a restore or a test. */
  migrate(folder?: string): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function openPglite(pglite: PGlite): Database {
  keepMarkedStatementsPrepared(pglite);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate(folder = migrationsFolder) {
      if (await migrationsUpToDate(db, folder)) return;
      await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder: folder });
    },
    ping: () => ping(db),
    close: () => pglite.close(),
  };
}

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('connect', nameMarkedStatements);
  // An idle connection the server ends (a restart, a dropped database) is an 'error' event on the
  // pool; unhandled, it would stop the process. The pool has already discarded the connection and
  // opens a new one for the next query, so there is nothing else to do.
  pool.on('error', () => undefined);
  const nodeDb = drizzlePg(pool, { schema });
  const db = nodeDb as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate(folder = migrationsFolder) {
      if (await migrationsUpToDate(db, folder)) return;
      // Several processes may start at once: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(724201)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
      } finally {
        await client.query('select pg_advisory_unlock(724201)').catch(() => undefined);
        client.release();
      }
    },
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Two processes on one PGlite folder corrupt it (DESIGN §12): the first takes a lock file holding
 * its pid; a second refuses to start while that pid lives; a stale lock (crash) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'tutoria.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The data folder ${dataDir} is in use by another Tutoria process (pid ${holder}). Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite's engine, compiled ahead (start-up): the WebAssembly module and the file-system bundle. */
export type PgliteEngine = Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>;

/**
 * Starts compiling PGlite's WebAssembly (9 MB) now. The files are read synchronously (tens of ms),
 * so V8 compiles on its background threads at once, while the main thread loads the app's modules
 * (main.ts) — instead of after them, when PGlite.create would read and compile them itself.
 */
export function compilePglite(): Promise<PgliteEngine> {
  const dist = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  // The server's TypeScript libraries declare WebAssembly's types, not its value.
  const { WebAssembly: wasmApi } = globalThis as unknown as {
    WebAssembly: { compile(bytes: Uint8Array): Promise<NonNullable<PgliteEngine['pgliteWasmModule']>> };
  };
  const wasm = wasmApi.compile(fs.readFileSync(path.join(dist, 'pglite.wasm')));
  const fsBundle = new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]);
  return wasm.then((pgliteWasmModule) => ({ pgliteWasmModule, fsBundle }));
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite under the data folder. */
export async function openDatabase(
  options: { databaseUrl?: string; dataDir: string },
  engine?: Promise<PgliteEngine>,
): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const pgDir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(pgDir, { recursive: true });
  const pglite = await PGlite.create(pgDir, { extensions: pgliteExtensions, ...(await engine) });
  return openPglite(pglite);
}
