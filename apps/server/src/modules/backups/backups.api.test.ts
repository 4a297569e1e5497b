import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type BackupMade, type BackupOverview, type Role } from '@tutoria/shared';
import { createBackupRunner } from '../../backup/backup-runner.ts';
import { INTERNAL_BACKUP_PATH, internalBackupRoute } from '../../backup/internal-backup.ts';
import { buildAdmin, buildUser, sessionFor } from '../../../test/factories.ts';
import { tempDir } from '../../../test/backup-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let dir: string;
let admin: string;
let adminKey: string;

beforeAll(async () => {
  dir = tempDir('backups-api');
  t = await createTestApp({ DATA_DIR: dir, BACKUP_KEEP: '2', BACKUP_TIME: '03:15', TIME_ZONE: 'Asia/Shanghai' });
  const built = await buildAdmin(t.db);
  adminKey = built.publicKey;
  admin = await sessionFor(t.db, built);
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const overview = async () => (await t.call(contract.backups.overview, {}, { token: admin })).json() as BackupOverview;

describe('backups API (issue 33)', () => {
  it('lets the Admin back up now and list the backups with the schedule; the file is 0600 in DATA_DIR/backups', async () => {
    const made = await t.call(contract.backups.create, {}, { token: admin, language: 'zh' });
    expect(made.statusCode).toBe(200);
    const body = made.json() as BackupMade;
    expect(body.message).toBe(`备份已完成：${body.backup.fileName}。`);
    expect(body.backup).toMatchObject({ kind: 'manual', encrypted: false });
    const file = path.join(dir, 'backups', body.backup.fileName);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(file).size).toBe(body.backup.sizeInBytes);

    const seen = await overview();
    expect(seen.backups).toEqual([body.backup]);
    expect(seen.lastBackup).toEqual(body.backup);
    expect(seen.encryption).toBe(false);
    expect(seen.schedule).toMatchObject({ time: '03:15', timeZone: 'Asia/Shanghai', keep: 2, enabled: true });
    // 03:15 in Shanghai is 19:15 UTC.
    expect(new Date(seen.schedule.nextRunAt! * 1000).toISOString()).toMatch(/T19:15:00\.000Z$/);
    expect(seen.lastNightly).toBeNull();
  });

  it('refuses every other role and the signed-out, and never serves a backup file over HTTP', async () => {
    for (const role of ['FinancialAdmin', 'SchedulingAdmin', 'TeamLeader', 'Teacher', 'Student'] as Role[]) {
      const token = await sessionFor(t.db, await buildUser(t.db, { role }));
      expect((await t.call(contract.backups.overview, {}, { token })).statusCode).toBe(403);
      expect((await t.call(contract.backups.create, {}, { token })).statusCode).toBe(403);
    }
    expect((await t.call(contract.backups.overview, {})).statusCode).toBe(401);
    const [backup] = (await overview()).backups;
    const head = fs.readFileSync(path.join(dir, 'backups', backup!.fileName)).subarray(0, 32);
    for (const url of [
      `/${backup!.fileName}`,
      `/backups/${backup!.fileName}`,
      `/data/backups/${backup!.fileName}`,
      `/api/v1/backup/${backup!.fileName}`,
      `/api/v1/backup/list/${backup!.fileName}`,
      `/../backups/${backup!.fileName}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
      expect(response.statusCode, url).not.toBe(200);
      expect(response.rawPayload.includes(head), url).toBe(false);
    }
  });

  it('keeps the newest nightly backups; a failed last attempt stays a failed job and tells every active Admin', async () => {
    for (let night = 1; night <= 3; night++) {
      await t.jobs.enqueue(t.db, 'backups.nightly', { night: `test-${night}` }, { key: `test-night-${night}` });
      await t.jobs.drain();
    }
    const kinds = (await overview()).backups.map((b) => b.kind);
    expect(kinds.filter((k) => k === 'nightly')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'manual')).toHaveLength(1);
    expect((await overview()).lastNightly).toMatchObject({ failed: false, error: null });

    // The folder turns into a file: the next run cannot write.
    const backups = path.join(dir, 'backups');
    fs.renameSync(backups, `${backups}.away`);
    fs.writeFileSync(backups, 'not a folder');
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100)); // a later second than the last nightly file
      await t.jobs.enqueue(t.db, 'backups.nightly', { night: 'test-fail' }, { key: 'test-night-fail', maxAttempts: 1 });
      await t.jobs.drain();
    } finally {
      fs.rmSync(backups);
      fs.renameSync(`${backups}.away`, backups);
    }
    const { rows: failed } = (await t.db.execute(
      sql`select state, last_error from jobs where key = 'test-night-fail'`,
    )) as unknown as { rows: { state: string; last_error: string }[] };
    expect(failed).toEqual([{ state: 'failed', last_error: expect.stringMatching(/EEXIST|ENOTDIR/) }]);
    const { rows: told } = (await t.db.execute(
      sql`select user_key from notifications where message_key = 'backup.failed'`,
    )) as unknown as { rows: { user_key: string }[] };
    expect(told.map((r) => r.user_key)).toContain(adminKey);
    const seen = await overview();
    expect(seen.lastNightly).toMatchObject({ failed: true, error: expect.stringMatching(/EEXIST|ENOTDIR/) });
    // The next night is queued (its key names the night in the centre's zone).
    const { rows: next } = (await t.db.execute(
      sql`select key from jobs where kind = 'backups.nightly' and state = 'pending'`,
    )) as unknown as { rows: { key: string }[] };
    expect(next.map((r) => r.key)).toEqual([expect.stringMatching(/^backups\.nightly@\d{4}-\d{2}-\d{2}$/)]);
  });

  it('answers `npm run backup` only on loopback with the control token', async () => {
    const app = Fastify();
    internalBackupRoute(app, 'the-token', createBackupRunner(t.database, t.config));
    try {
      const post = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
        app.inject({ method: 'POST', url: INTERNAL_BACKUP_PATH, headers, remoteAddress });
      expect((await post({})).statusCode).toBe(404);
      expect((await post({ 'x-tutoria-control': 'the-tokeN' })).statusCode).toBe(404);
      expect((await post({ 'x-tutoria-control': 'the-token' }, '192.168.1.20')).statusCode).toBe(404);
      expect((await post({ 'x-tutoria-control': 'the-token', 'x-forwarded-for': '8.8.8.8' })).statusCode).toBe(404);
      const made = await post({ 'x-tutoria-control': 'the-token' });
      expect(made.statusCode).toBe(200);
      const answer = made.json() as { path: string; sizeInBytes: number };
      expect(fs.statSync(answer.path).size).toBe(answer.sizeInBytes);
    } finally {
      await app.close();
    }
  });
});
