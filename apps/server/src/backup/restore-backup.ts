import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import { type Database, migrationsFolder as codeMigrations } from '../db/client.ts';
import { extractTar } from './archive.ts';
import { BackupKeyError, decryptor, isEncrypted } from './backup-crypto.ts';
import { journalOf, type Manifest, migrationsUpTo, tableEntry } from './manifest.ts';
import * as snapshot from './snapshot.repo.ts';

/** A restore refused before anything was written; `message` says why in a line. */
export class RestoreRefused extends Error {}

export interface RestoreTarget {
  /** An open, empty database (a fresh PGlite folder or an empty PostgreSQL database). */
  database: Pick<Database, 'db' | 'migrate'>;
  filesDir: string;
  /** Where the archive is unpacked first (beside the files, so they move in by rename). */
  workDir: string;
  key?: string;
  migrationsFolder?: string;
}

async function hasFiles(dir: string): Promise<boolean> {
  try {
    for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
      if (entry.isFile() || (entry.isDirectory() && (await hasFiles(path.join(dir, entry.name))))) return true;
    }
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Refuses a target that holds anything: a restore never mixes a backup with other data. */
export async function checkEmptyTarget(target: Pick<RestoreTarget, 'database' | 'filesDir'>): Promise<void> {
  const existing = await snapshot.tableNames(target.database.db);
  if (existing.length) {
    throw new RestoreRefused(
      `The database is not empty: it already has ${existing.length} tables (${existing.slice(0, 5).join(', ')}${existing.length > 5 ? ', …' : ''}). Restore into an empty database or a new data folder.`,
    );
  }
  if (await hasFiles(target.filesDir)) {
    throw new RestoreRefused(`The files folder ${target.filesDir} is not empty: restore into a new data folder.`);
  }
}

function checkMigration(manifest: Manifest, migrationsFolder: string): void {
  const journal = journalOf(migrationsFolder);
  const latest = journal.at(-1);
  if (!journal.some((entry) => entry.when === manifest.migration.when)) {
    const newer = !latest || manifest.migration.when > latest.when;
    throw new RestoreRefused(
      newer
        ? `This backup was made by a newer Tutoria (version ${manifest.appVersion}, migration ${manifest.migration.tag}); this one knows migrations up to ${latest?.tag ?? 'none'}. Install that version or a later one, then restore.`
        : `This backup's migration (${manifest.migration.tag}) is not one this version of Tutoria knows: restore refused.`,
    );
  }
}

/** Unpacks and checks the whole archive (key, manifest, migration, every checksum) before anything is written. */
async function unpack(file: string, into: string, key: string | undefined, migrationsFolder: string): Promise<Manifest> {
  let source: NodeJS.ReadableStream;
  if (await isEncrypted(file)) {
    const { decipher, start, end } = await decryptor(file, key);
    source = fs.createReadStream(file, { start, end }).pipe(decipher);
  } else source = fs.createReadStream(file);
  const gunzip = createGunzip();
  // A failed decryption (the tag) ends the stream the extraction reads, so it stops before we clean up.
  source.on('error', (error: Error) => gunzip.destroy(error));
  let manifest: Manifest | undefined;
  const hashes = new Map<string, ReturnType<typeof createHash>>();
  const seen = new Set<string>();
  const extraction = extractTar(source.pipe(gunzip), into, {
    onData(name, chunk) {
      if (name === 'manifest.json') return;
      if (!manifest) throw new RestoreRefused('This is not a Tutoria backup (its manifest does not come first).');
      let hash = hashes.get(name);
      if (!hash) hashes.set(name, (hash = createHash('sha256')));
      hash.update(chunk);
    },
    async onEnd(name) {
      if (name === 'manifest.json') {
        manifest = JSON.parse(await fs.promises.readFile(path.join(into, name), 'utf8')) as Manifest;
        if (manifest.format !== 'tutoria-backup') throw new RestoreRefused('This is not a Tutoria backup.');
        checkMigration(manifest, migrationsFolder);
        return;
      }
      const expected = manifest?.entries[name];
      const actual = (hashes.get(name) ?? createHash('sha256')).digest('hex');
      if (!expected) throw new RestoreRefused(`The backup holds ${name}, which its manifest does not list: restore refused.`);
      if (expected.sha256 !== actual) {
        throw new RestoreRefused(`${name} does not match its checksum in the manifest: the backup is damaged or was changed. Restore refused.`);
      }
      seen.add(name);
    },
  });
  try {
    await extraction;
  } catch (error) {
    if (error instanceof RestoreRefused || error instanceof BackupKeyError) throw error;
    throw new RestoreRefused(`The backup file is damaged or was changed (${(error as Error).message}). Restore refused.`);
  }
  if (!manifest) throw new RestoreRefused('This is not a Tutoria backup (no manifest).');
  const absent = Object.keys(manifest.entries).filter((name) => !seen.has(name));
  if (absent.length) throw new RestoreRefused(`The backup lacks ${absent.length} entries its manifest lists (${absent[0]}): it is incomplete.`);
  return manifest;
}

async function* linesOf(file: string, batch: number): AsyncGenerator<string[]> {
  let lines: string[] = [];
  for await (const line of readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity })) {
    if (!line) continue;
    lines.push(line);
    if (lines.length >= batch) {
      yield lines;
      lines = [];
    }
  }
  if (lines.length) yield lines;
}

async function moveFiles(from: string, to: string, files: readonly string[]): Promise<void> {
  for (const file of files) {
    const target = path.join(to, file);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.promises.rename(path.join(from, file), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await fs.promises.copyFile(path.join(from, file), target);
    }
  }
}

/**
 * Restores a backup into an empty database and files folder (docs/decisions.md "Backups and
 * restore"): checks everything first, builds the schema up to the backup's migration, inserts every
 * row in foreign-key order in one transaction (the tables' own triggers off, sequences set as they
 * were), moves the files in, then runs the migrations made since.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifest> {
  const migrationsFolder = target.migrationsFolder ?? codeMigrations;
  await checkEmptyTarget(target);
  const work = path.join(target.workDir, `.restore-${randomUUID()}`);
  await fs.promises.mkdir(work, { recursive: true, mode: 0o700 });
  try {
    const manifest = await unpack(file, path.join(work, 'archive'), target.key, migrationsFolder);
    await target.database.migrate(migrationsUpTo(migrationsFolder, manifest.migration.when, path.join(work, 'migrations')));
    await target.database.db.transaction(async (tx) => {
      const tables = new Map((await snapshot.listTables(tx)).map((t) => [t.name, t]));
      const missing = manifest.tables.filter((t) => !tables.has(t.name));
      if (missing.length) throw new RestoreRefused(`The schema lacks tables the backup holds: ${missing.map((t) => t.name).join(', ')}.`);
      await snapshot.setUserTriggers(tx, [...tables.values()], false);
      for (const { name, rows } of manifest.tables) {
        let inserted = 0;
        for await (const lines of linesOf(path.join(work, 'archive', tableEntry(name)), 500)) {
          await snapshot.insertRows(tx, tables.get(name)!, lines);
          inserted += lines.length;
        }
        if (inserted !== rows) throw new RestoreRefused(`${name}: ${inserted} rows read, the manifest says ${rows}.`);
      }
      for (const s of manifest.sequences) await snapshot.setSequence(tx, s.name, s.lastValue, s.isCalled);
      await snapshot.setUserTriggers(tx, [...tables.values()], true);
    });
    await moveFiles(path.join(work, 'archive', 'files'), target.filesDir, manifest.files);
    await target.database.migrate(migrationsFolder);
    return manifest;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
