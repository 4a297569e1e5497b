import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Database, migrationsFolder as codeMigrations } from '../db/client.ts';
import { selectRow } from '../db/sql.ts';
import { type TarSource, tarStream } from './archive.ts';
import { encryptor } from './backup-crypto.ts';
import { type BackupFile, backupFileName, describeBackup } from './backup-files.ts';
import { appVersion, type BackupKind, fileEntry, journalOf, type Manifest, tableEntry } from './manifest.ts';
import * as snapshot from './snapshot.repo.ts';

export interface BackupTarget {
  database: Pick<Database, 'db' | 'kind'>;
  /** DATA_DIR: the staging folder sits in it, beside the uploaded files (hard links need one disk). */
  dataDir: string;
  filesDir: string;
  backupDir: string;
  /** BACKUP_KEY: the file is encrypted when set. */
  key?: string;
  migrationsFolder?: string;
}

export interface BackupResult {
  file: BackupFile;
  manifest: Manifest;
  /** How long the database's snapshot transaction was open (ms): on PGlite, every other request waited that long. */
  snapshotMs: number;
}

/** Tables ordered so every table comes after those its foreign keys point at (ties by name). */
export function foreignKeyOrder(tables: readonly string[], edges: readonly { child: string; parent: string }[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const left = new Set(tables);
  while (left.size) {
    const ready = [...left].filter((t) => [...parents.get(t)!].every((p) => !left.has(p))).sort();
    if (!ready.length) throw new Error(`Foreign keys form a cycle among: ${[...left].join(', ')}`);
    for (const t of ready) {
      ordered.push(t);
      left.delete(t);
    }
  }
  return ordered;
}

async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Hard-links (or, across disks, copies) every kept upload into `into`, so a later delete cannot take it from the backup. */
async function pinFiles(filesDir: string, into: string, relative = ''): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(filesDir, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const rel = path.join(relative, entry.name);
    if (entry.isDirectory() && !(relative === '' && entry.name === 'tmp')) await pinFiles(filesDir, into, rel);
    else if (entry.isFile()) await pinFile(filesDir, into, rel);
  }
}

async function pinFile(filesDir: string, into: string, rel: string): Promise<boolean> {
  const target = path.join(into, rel);
  try {
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.link(path.join(filesDir, rel), target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return true;
    if (code === 'ENOENT') return false;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
    await fs.promises.copyFile(path.join(filesDir, rel), target).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
    return fs.existsSync(target);
  }
}

/** Writes a batch of lines; answers its size in bytes. */
async function writeLines(out: fs.WriteStream, hash: ReturnType<typeof createHash>, lines: string[]): Promise<number> {
  const text = Buffer.from(lines.join('\n') + '\n');
  hash.update(text);
  if (!out.write(text)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  return text.length;
}

const closeStream = (out: fs.WriteStream) =>
  new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));

/**
 * Makes one backup file (docs/decisions.md "Backups and restore"): every table's rows read in one
 * repeatable-read, read-only transaction, the uploaded files those rows name, a manifest with
 * counts and SHA-256s; written as `<name>.partial` (0600) and renamed when whole.
 */
export async function createBackup(target: BackupTarget, kind: BackupKind, now = new Date()): Promise<BackupResult> {
  const staging = path.join(target.dataDir, '.backup-staging', randomUUID());
  await fs.promises.mkdir(path.join(staging, 'tables'), { recursive: true, mode: 0o700 });
  const pinned = path.join(staging, 'files');
  const entries: Manifest['entries'] = {};
  try {
    // Uploads first: any file a snapshot row can name was on disk when the snapshot began.
    await pinFiles(target.filesDir, pinned);
    const started = Date.now();
    const read = await target.database.db.transaction(
      async (tx) => {
        await snapshot.setStableOutput(tx);
        const migration = await selectRow<{ count: number; latest: string | null }>(
          tx,
          sql`select count(*)::int as count, max(created_at)::text as latest from drizzle.__drizzle_migrations`,
        );
        const tables = await snapshot.listTables(tx);
        const order = foreignKeyOrder(tables.map((t) => t.name), await snapshot.foreignKeys(tx));
        const byName = new Map(tables.map((t) => [t.name, t]));
        const counts: Manifest['tables'] = [];
        for (const name of order) {
          const out = fs.createWriteStream(path.join(staging, tableEntry(name)), { mode: 0o600 });
          const hash = createHash('sha256');
          let rows = 0;
          let size = 0;
          try {
            await snapshot.readRows(tx, byName.get(name)!, async (lines) => {
              rows += lines.length;
              size += await writeLines(out, hash, lines);
            });
          } finally {
            await closeStream(out);
          }
          counts.push({ name, rows });
          entries[tableEntry(name)] = { size, sha256: hash.digest('hex') };
        }
        return {
          migration,
          counts,
          sequences: await snapshot.sequences(tx),
          files: [...new Set(await snapshot.referencedFiles(tx))].sort(),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const snapshotMs = Date.now() - started;

    // A file added between pinning and the snapshot is pinned now; one still missing was already lost.
    const missingFiles: string[] = [];
    const files: string[] = [];
    for (const file of read.files) {
      if (fs.existsSync(path.join(pinned, file)) || (await pinFile(target.filesDir, pinned, file))) {
        files.push(file);
        entries[fileEntry(file)] = await hashFile(path.join(pinned, file));
      } else missingFiles.push(file);
    }

    const when = Number(read.migration?.latest ?? 0);
    const journal = journalOf(target.migrationsFolder ?? codeMigrations);
    const manifest: Manifest = {
      format: 'tutoria-backup',
      formatVersion: 1,
      appVersion: appVersion(),
      migration: {
        tag: journal.find((entry) => entry.when === when)?.tag ?? `unknown-${when}`,
        when,
        count: read.migration?.count ?? 0,
      },
      createdAt: now.toISOString(),
      kind,
      database: target.database.kind,
      tables: read.counts,
      sequences: read.sequences,
      files,
      missingFiles,
      entries,
    };
    const file = await writeArchive(target, manifest, staging, now);
    return { file, manifest, snapshotMs };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
    await fs.promises.rmdir(path.dirname(staging)).catch(() => undefined); // another backup may still use it
  }
}

async function writeArchive(target: BackupTarget, manifest: Manifest, staging: string, now: Date): Promise<BackupFile> {
  await fs.promises.mkdir(target.backupDir, { recursive: true, mode: 0o700 });
  const finalPath = path.join(target.backupDir, backupFileName(now, manifest.kind));
  const partial = `${finalPath}.partial`;
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
  const sources: TarSource[] = [
    { name: 'manifest.json', size: manifestBytes.length, data: async function* () { yield manifestBytes; } },
    ...Object.entries(manifest.entries).map(([name, { size }]) => ({
      name,
      size,
      data: () => fs.createReadStream(path.join(staging, name)) as AsyncIterable<Buffer>,
    })),
  ];
  try {
    const crypt = target.key ? await encryptor(target.key) : undefined;
    await fs.promises.writeFile(partial, crypt?.header ?? Buffer.alloc(0), { mode: 0o600, flag: 'wx' });
    const out = fs.createWriteStream(partial, { flags: 'a' });
    const gzip = createGzip({ level: 6 });
    if (crypt) await pipeline(Readable.from(tarStream(sources)), gzip, crypt.cipher, out);
    else await pipeline(Readable.from(tarStream(sources)), gzip, out);
    const handle = await fs.promises.open(partial, 'a');
    try {
      if (crypt) await handle.write(crypt.cipher.getAuthTag());
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(partial, finalPath);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  return (await describeBackup(finalPath))!;
}
