import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../db/client.ts';
import { buildAdmin, tableCounts } from '../../test/factories.ts';
import { freshPglite, tempDir } from '../../test/backup-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createBackupRunner } from './backup-runner.ts';
import { journalOf, migrationsUpTo } from './manifest.ts';
import { migrateSafely, UpgradeFailed } from './upgrade.ts';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = tempDir('upgrade');
  t = await createTestApp({ DATA_DIR: path.join(dir, 'data') });
  await buildAdmin(t.db);
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Today's migrations plus newer ones: the code of a later version. */
function laterCode(name: string, added: { tag: string; sql: string }[]): string {
  const folder = migrationsUpTo(migrationsFolder, Number.MAX_SAFE_INTEGER, path.join(dir, name));
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Record<string, unknown>[] };
  let when = journalOf(migrationsFolder).at(-1)!.when;
  for (const migration of added) {
    fs.writeFileSync(path.join(folder, `${migration.tag}.sql`), migration.sql);
    journal.entries.push({ idx: journal.entries.length, version: '7', when: (when += 1000), tag: migration.tag, breakpoints: true });
  }
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const migrationCount = async () =>
  ((await t.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
const tableExists = async (name: string) =>
  ((await t.db.execute(sql`select to_regclass(${name}) is not null as found`)) as unknown as { rows: { found: boolean }[] }).rows[0]!.found;

describe('upgrades (issue 33)', () => {
  it('back up a database with data before migrating it', async () => {
    const runner = createBackupRunner(t.database, t.config);
    const code = laterCode('code-1', [{ tag: '9990_probe', sql: 'CREATE TABLE "upgrade_probe" ("id" integer);' }]);
    const before = await migrationCount();
    const backup = await migrateSafely(t.database, runner, code);
    expect(backup).toMatch(/tutoria-backup-\d{8}T\d{9}Z-upgrade\.tbk$/);
    expect(fs.existsSync(backup!)).toBe(true);
    expect(await migrationCount()).toBe(before + 1);
    expect(await tableExists('upgrade_probe')).toBe(true);
    // Up to date now: no second backup.
    expect(await migrateSafely(t.database, runner, code)).toBeNull();
  });

  it('leave the database as it was when a migration fails, and say which backup to restore and how', async () => {
    const runner = createBackupRunner(t.database, t.config);
    const code = laterCode('code-2', [
      { tag: '9990_probe', sql: 'CREATE TABLE "upgrade_probe" ("id" integer);' },
      { tag: '9991_fine', sql: 'CREATE TABLE "upgrade_fine" ("id" integer);--> statement-breakpoint\nINSERT INTO "upgrade_probe" VALUES (1);' },
      { tag: '9992_broken', sql: 'SELECT 1/0;' },
    ]);
    const counts = await tableCounts(t.db);
    const migrations = await migrationCount();
    const error = await migrateSafely(t.database, runner, code).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpgradeFailed);
    const message = (error as Error).message;
    const backup = /A backup was made before trying: (\S+)\. /.exec(message)?.[1];
    expect(backup && fs.existsSync(backup)).toBeTruthy();
    expect(message).toContain(`npm run restore -- ${backup}`);
    expect(message).toMatch(/division by zero/);
    expect(await migrationCount()).toBe(migrations);
    expect(await tableExists('upgrade_fine')).toBe(false);
    expect(await tableCounts(t.db)).toEqual(counts);
  });

  it('migrate an empty database without a backup', async () => {
    const empty = await freshPglite();
    try {
      const runner = createBackupRunner(empty, t.config);
      const first = migrationsUpTo(migrationsFolder, journalOf(migrationsFolder)[0]!.when, path.join(dir, 'first'));
      expect(await migrateSafely(empty, runner, first)).toBeNull();
      expect(fs.readdirSync(t.config.backups.dir).filter((f) => f.endsWith('.tbk'))).toHaveLength(2);
    } finally {
      await empty.close();
    }
  });
});
