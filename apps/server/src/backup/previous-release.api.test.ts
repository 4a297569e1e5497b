import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Role } from '@tutoria/shared';
import { loadConfig } from '../config.ts';
import { type Database, migrationsFolder } from '../db/client.ts';
import { migrationsUpToDate } from '../db/migration-state.ts';
import { DEMO_PASSWORD } from '../seed/demo-users.ts';
import { freshPglite, freshPostgres, manifestHashes, tableHashes, tempDir } from '../../test/backup-helpers.ts';
import { creditOf, expectLedgerBalanced } from '../../test/finance-factories.ts';
import { mayCall } from '../../test/reach/harness.ts';
import { TEST_APP_ID, TEST_SECRET } from '../../test/signing.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  buildInput,
  contractReads,
  coursePlanTicket,
  fixtureLacks,
  notWalked,
  ownRecord,
  type Picks,
  pickRecords,
  planStudent,
} from '../../test/upgrade-reads.ts';
import { createBackupRunner } from './backup-runner.ts';
import { journalOf, type Manifest, migrationsUpTo } from './manifest.ts';
import { restoreBackup } from './restore-backup.ts';
import { migrateSafely } from './upgrade.ts';

/**
 * Upgrades that cannot eat data (issue 33): the previous release's demo centre, checked in as a
 * backup (apps/server/test/fixtures/README.md), restored at its own migration into an empty database
 * of this run's engine (PGlite, or PostgreSQL with TEST_DATABASE_URL), upgraded by the start-up's
 * path (`migrateSafely`: a backup first, then today's migrations), then read through every read
 * of the contract as each demo role.
 */
const FIXTURE = path.join(import.meta.dirname, '../../test/fixtures/previous-release-demo.tbk');
const onPostgres = !!process.env.TEST_DATABASE_URL;

/** A backup's manifest, the archive's first entry (the fixture and the test's backups are not encrypted). */
function manifestOf(file: string): Manifest {
  const tar = gunzipSync(fs.readFileSync(file));
  const size = parseInt(tar.subarray(124, 136).toString('ascii').replace(/\0/g, '').trim(), 8);
  return JSON.parse(tar.subarray(512, 512 + size).toString('utf8')) as Manifest;
}

/** The demo's login of each role (seed/demo-users.ts). */
const demoLogins: Record<Role, string> = {
  Admin: 'admin',
  FinancialAdmin: 'finance',
  SchedulingAdmin: 'scheduler',
  TeamLeader: 'leader',
  AcademicConsultant: 'consultant',
  Teacher: 'teacher',
  AssistantTeacher: 'assistant',
  Student: 'student',
};

let dir: string;
let database: Database;
let t: TestApp | undefined;
let manifest: Manifest;
let restoredHashes: Record<string, string>;
let upgradeBackup: string | null;
let migrateMs: number;
let picks: Picks;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  const started = Date.now();
  dir = tempDir('previous-release');
  const dataDir = path.join(dir, 'data');
  const env = { DATA_DIR: dataDir };
  const config = loadConfig({
    NODE_ENV: 'test',
    SIGNING_APPS: `${TEST_APP_ID}:${TEST_SECRET}`,
    WEB_APPLICATION_ID: TEST_APP_ID,
    WEB_DIST: '/nonexistent-web-dist',
    ...env,
  });
  manifest = manifestOf(FIXTURE);
  database = onPostgres ? await freshPostgres() : await freshPglite();
  // The release's own schema, its rows in it: the folder as that release left it.
  await restoreBackup(FIXTURE, {
    database,
    filesDir: config.filesDir,
    workDir: dataDir,
    migrationsFolder: migrationsUpTo(migrationsFolder, manifest.migration.when, path.join(dir, 'release-migrations')),
  });
  restoredHashes = await tableHashes(database.db);
  const upgrading = Date.now();
  upgradeBackup = await migrateSafely(database, createBackupRunner(database, config));
  migrateMs = Date.now() - upgrading;
  t = await createTestApp(env, { database });
  for (const [role, userName] of Object.entries(demoLogins) as [Role, string][]) {
    const res = await t.call(contract.auth.login, { body: { userName, password: DEMO_PASSWORD } });
    expect(res.statusCode, `${userName}: ${res.body}`).toBe(200);
    tokens[role] = (res.json() as { access_token: string }).access_token;
  }
  picks = await pickRecords(database.db);
  console.log(
    `previous release on ${database.kind}: restored, upgraded (${migrateMs} ms) and signed in, ${Date.now() - started} ms in all`,
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`the previous release's demo centre, upgraded on ${onPostgres ? 'PostgreSQL' : 'PGlite'} (issue 33)`, () => {
  it('is a real older data folder: the fixture stops at a migration today\'s code knows', () => {
    const journal = journalOf(migrationsFolder);
    expect(journal.some((entry) => entry.when === manifest.migration.when)).toBe(true);
    expect(manifest.migration.count).toBeLessThanOrEqual(journal.length);
    expect(manifest.tables.reduce((n, x) => n + x.rows, 0)).toBeGreaterThan(500);
    // Restored at its own migration, every row exactly as the release wrote it.
    expect(restoredHashes).toEqual(manifestHashes(manifest));
  });

  it('is upgraded only after an upgrade backup of the old data, then holds every migration', async () => {
    const journal = journalOf(migrationsFolder);
    expect(await migrationsUpToDate(database.db, migrationsFolder)).toBe(true);
    if (manifest.migration.count === journal.length) {
      // Refreshed since the last schema change: nothing to migrate, so no backup.
      expect(upgradeBackup).toBeNull();
      return;
    }
    expect(upgradeBackup).toMatch(/-upgrade\.tbk$/);
    const backups = fs.readdirSync(path.dirname(upgradeBackup!)).filter((f) => f.endsWith('.tbk'));
    expect(backups).toEqual([path.basename(upgradeBackup!)]);
    // The backup is of the data before any migration ran: the fixture's rows, at its migration
    // (a restore checks every table against these hashes).
    const backup = manifestOf(upgradeBackup!);
    expect(backup.kind).toBe('upgrade');
    expect(backup.migration).toEqual(manifest.migration);
    expect(manifestHashes(backup)).toEqual(manifestHashes(manifest));
  });

  it('keeps the ledger balanced: every student balance read equals the sum of its ledger entries', async () => {
    expect(await expectLedgerBalanced(database.db)).toBeGreaterThan(10);
    // Every student the ledger holds credit of, with the classes it is held in.
    const { rows } = (await database.db.execute(
      sql`select student_key, array_agg(distinct classroom_id::text) as classrooms from ledger_entries
           where account = 'student_credit' group by 1 order by 1`,
    )) as unknown as { rows: { student_key: string; classrooms: string[] }[] };
    expect(rows.length).toBeGreaterThan(3);
    for (const { student_key: student, classrooms } of rows) {
      const res = await t!.call(
        contract.deposits.studentBalance,
        { query: { studentPublicKey: student } },
        { token: tokens.FinancialAdmin },
      );
      expect(res.statusCode, res.body).toBe(200);
      const balances = (res.json() as { balances: { classroomId: string; remaining: number }[] }).balances;
      expect(balances.map((b) => b.classroomId)).toEqual(expect.arrayContaining(classrooms));
      for (const b of balances) {
        expect(b.remaining.toFixed(2), `${student} in ${b.classroomId}`).toBe(await creditOf(database.db, student, b.classroomId));
      }
    }
  });

  const walked = contractReads.filter((e) => !notWalked[e.name]);

  it('builds an input for every read of the contract', () => {
    expect(walked.flatMap((e) => buildInput(e, picks).problems)).toEqual([]);
  });

  it.each(Object.keys(demoLogins) as Role[])('answers every read as the demo %s, without a server error', async (role) => {
    const failures: string[] = [];
    const ticketHolder = await planStudent(database.db);
    for (const endpoint of walked) {
      if (endpoint.access !== 'public' && !mayCall(endpoint, role)) continue;
      const { input } = buildInput(endpoint, picks);
      if (endpoint === contract.progress.downloadExport && ticketHolder) {
        input.query = { ticket: await coursePlanTicket(t!, tokens.Admin, ticketHolder) };
      }
      const res = await t!.call(endpoint, input as never, { token: tokens[role] });
      const json = String(res.headers['content-type']).includes('json');
      const code = json ? (res.json() as { code?: string }).code : undefined;
      const lacks = fixtureLacks[endpoint.name];
      // Out of the caller's reach, or the caller's own record they have none of: answered as absent.
      const absent =
        res.statusCode === 404 && code === 'FETCH_DATA_FAILED' && (role !== 'Admin' || ownRecord.has(endpoint.name));
      const fine = res.statusCode === 200 || (lacks ? res.statusCode < 500 : absent);
      if (!fine) failures.push(`${endpoint.name} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (res.statusCode === 200 && json) {
        const parsed = endpoint.response.safeParse(res.json());
        const issue = parsed.success ? undefined : parsed.error.issues[0];
        if (issue) failures.push(`${endpoint.name}: the answer is not its contract's (${issue.path.join('.')}: ${issue.message})`);
      }
    }
    expect(failures).toEqual([]);
  });
});
