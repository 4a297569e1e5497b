import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../db/client.ts';
import { buildAdmin } from '../../test/factories.ts';
import { freshPglite, manifestHashes, tableHashes, tempDir } from '../../test/backup-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type BackupResult, createBackup } from './create-backup.ts';
import { journalOf, migrationsUpTo } from './manifest.ts';
import { restoreBackup } from './restore-backup.ts';
import * as snapshot from './snapshot.repo.ts';

const KEY = 'correct horse battery staple';
let t: TestApp;
let dir: string;
let plain: BackupResult;
let encrypted: BackupResult;
let adminName: string;

beforeAll(async () => {
  dir = tempDir('backup-refusals');
  t = await createTestApp({ DATA_DIR: path.join(dir, 'data') });
  adminName = (await buildAdmin(t.db)).userName;
  const target = (key?: string) => ({
    database: t.database,
    dataDir: t.config.dataDir,
    filesDir: t.config.filesDir,
    backupDir: path.join(dir, 'backups'),
    key,
  });
  plain = await createBackup(target(), 'manual');
  encrypted = await createBackup(target(KEY), 'manual', new Date(Date.now() + 1000));
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Restores into a fresh empty database; answers the outcome and whether the database stayed empty. */
async function tryRestore(file: string, options: { key?: string; migrations?: string; files?: string } = {}) {
  const database = await freshPglite();
  const work = tempDir('restore-try');
  try {
    const outcome = await restoreBackup(file, {
      database,
      filesDir: options.files ?? path.join(work, 'files'),
      workDir: work,
      key: options.key,
      migrationsFolder: options.migrations,
    }).then(
      (manifest) => ({ manifest, error: undefined }),
      (error: Error) => ({ manifest: undefined, error }),
    );
    const hashes = outcome.manifest ? await tableHashes(database.db) : undefined;
    return { ...outcome, hashes, tablesLeft: (await snapshot.tableNames(database.db)).length };
  } finally {
    await database.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

describe('restore refuses', () => {
  it('a file whose content does not match its checksums, writing nothing', async () => {
    const tar = gunzipSync(fs.readFileSync(plain.file.path));
    const at = tar.indexOf(Buffer.from(adminName));
    expect(at).toBeGreaterThan(0);
    tar.write('X', at); // same length: the archive stays whole, the users table does not match
    const changed = path.join(dir, 'changed.tbk');
    fs.writeFileSync(changed, gzipSync(tar));
    const { error, tablesLeft } = await tryRestore(changed);
    expect(error?.message).toMatch(/tables\/users\.jsonl does not match its checksum/);
    expect(tablesLeft).toBe(0);
  });

  it('a backup made on a newer migration than the code knows', async () => {
    const journal = journalOf(migrationsFolder);
    const older = migrationsUpTo(migrationsFolder, journal.at(-2)!.when, path.join(dir, 'older-code'));
    const { error, tablesLeft } = await tryRestore(plain.file.path, { migrations: older });
    expect(error?.message).toMatch(/made by a newer Tutoria .*migration .*Install that version or a later one/);
    expect(tablesLeft).toBe(0);
  });

  it('an encrypted backup without its key or with a wrong one, and restores it with the right one', async () => {
    const bytes = fs.readFileSync(encrypted.file.path);
    expect(encrypted.file.encrypted).toBe(true);
    expect(bytes.subarray(0, 8).toString()).toBe('TBKENC01');
    expect(gunzipSync(fs.readFileSync(plain.file.path)).includes(Buffer.from(adminName))).toBe(true);
    expect(bytes.includes(Buffer.from(adminName))).toBe(false);

    expect((await tryRestore(encrypted.file.path)).error?.message).toMatch(/encrypted: set BACKUP_KEY/);
    const wrong = await tryRestore(encrypted.file.path, { key: 'not the right key at all' });
    expect(wrong.error?.message).toMatch(/BACKUP_KEY is not the key this backup was encrypted with/);
    expect(wrong.tablesLeft).toBe(0);

    const tampered = Buffer.from(bytes);
    tampered[tampered.length - 40]! ^= 1;
    const tamperedFile = path.join(dir, 'tampered.tbk');
    fs.writeFileSync(tamperedFile, tampered);
    const damaged = await tryRestore(tamperedFile, { key: KEY });
    expect(damaged.error?.message).toMatch(/damaged or was changed/);
    expect(damaged.tablesLeft).toBe(0);

    const right = await tryRestore(encrypted.file.path, { key: KEY });
    expect(right.error).toBeUndefined();
    expect(right.hashes).toEqual(manifestHashes(encrypted.manifest));
  });

  it('a database or a files folder that is not empty', async () => {
    const work = tempDir('restore-nonempty');
    try {
      await expect(
        restoreBackup(plain.file.path, { database: t.database, filesDir: path.join(work, 'files'), workDir: work }),
      ).rejects.toThrow(/The database is not empty: it already has \d+ tables/);
      fs.mkdirSync(path.join(work, 'files', 'course-files'), { recursive: true });
      fs.writeFileSync(path.join(work, 'files', 'course-files', 'kept.pdf'), 'x');
      const { error, tablesLeft } = await tryRestore(plain.file.path, { files: path.join(work, 'files') });
      expect(error?.message).toMatch(/files folder .* is not empty/);
      expect(tablesLeft).toBe(0);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
