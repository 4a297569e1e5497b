import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, USER_IMAGE_PATH_PREFIX } from '@tutoria/shared';
import { sql } from 'drizzle-orm';
import { createBackup } from './create-backup.ts';
import { restoreBackup } from './restore-backup.ts';
import { seedDemoIfEmpty } from '../seed/demo.ts';
import { buildAdmin, sessionFor } from '../../test/factories.ts';
import { pngFile } from '../../test/files.ts';
import {
  fileHash,
  freshPglite,
  freshPostgres,
  manifestHashes,
  tableHashes,
  tempDir,
} from '../../test/backup-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let dataDir: string;
let token: string;

beforeAll(async () => {
  dataDir = tempDir('backup-data');
  t = await createTestApp({ DATA_DIR: dataDir });
  await seedDemoIfEmpty(t.db);
  token = await sessionFor(t.db, await buildAdmin(t.db));
  // Three pictures the rows name, one file no row names, one upload still in the temporary folder.
  const images = path.join(t.config.filesDir, 'user-images');
  fs.mkdirSync(images, { recursive: true });
  const { rows } = (await t.db.execute(sql`select public_key from users order by user_name limit 3`)) as unknown as {
    rows: { public_key: string }[];
  };
  for (const [i, row] of rows.entries()) {
    const name = `picture${i}.png`;
    fs.writeFileSync(path.join(images, name), Buffer.concat([pngFile(), Buffer.from([i])]));
    await t.db.execute(sql`update users set image_url = ${USER_IMAGE_PATH_PREFIX + name} where public_key = ${row.public_key}`);
  }
  fs.writeFileSync(path.join(images, 'orphan.png'), pngFile());
  fs.mkdirSync(path.join(t.config.filesDir, 'tmp'), { recursive: true });
  fs.writeFileSync(path.join(t.config.filesDir, 'tmp', 'upload.part'), 'half');
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const backupTarget = () => ({
  database: t.database,
  dataDir,
  filesDir: t.config.filesDir,
  backupDir: path.join(dataDir, 'backups'),
});

describe('backup and restore', () => {
  // The demo centre grew (issue 29: 56 people, 374 sessions, 2,300 ledger entries): restoring it into a
  // fresh folder takes longer than the suite's default 30 s on a busy machine.
  it('snapshots the demo centre while writers write, and a fresh folder restores every row and file', { timeout: 90_000 }, async () => {
    let writing = true;
    let written = 0;
    const writer = async (n: number) => {
      for (let i = 0; writing; i++) {
        const response = await t.call(
          contract.lessons.create,
          { body: { name: `Writer ${n}-${i}`, title: 'Algebra', level: 'GCSE', baseType: 'GCSE', teachingTimeInHour: 1 } },
          { token },
        );
        expect(response.statusCode).toBe(200);
        written++;
      }
    };
    const writers = [1, 2, 3].map(writer);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { manifest, file, snapshotMs } = await createBackup(backupTarget(), 'manual');
    writing = false;
    await Promise.all(writers);
    expect(written).toBeGreaterThan(0);
    console.log(`snapshot transaction ${snapshotMs} ms, file ${file.sizeInBytes} bytes, ${manifest.tables.length} tables`);

    expect(file.kind).toBe('manual');
    expect(fs.statSync(file.path).mode & 0o777).toBe(0o600);
    expect(manifest.database).toBe(t.database.kind);
    expect(manifest.files.sort()).toEqual(['user-images/picture0.png', 'user-images/picture1.png', 'user-images/picture2.png']);
    expect(manifest.missingFiles).toEqual([]);
    // One snapshot: every lesson the backup holds came with its audit row, in the same transaction.
    const lessons = manifest.tables.find((x) => x.name === 'lessons')!.rows;
    expect(lessons).toBeGreaterThan(0);
    // The writers went on writing after the snapshot began: the live table has more than the backup.
    const live = (await t.db.execute(sql`select count(*)::int as n from lessons`)) as unknown as { rows: { n: number }[] };
    expect(live.rows[0]!.n).toBeGreaterThan(lessons);

    const target = tempDir('restore-pglite');
    const restored = await freshPglite();
    try {
      await restoreBackup(file.path, { database: restored, filesDir: path.join(target, 'files'), workDir: target });
      expect(await tableHashes(restored.db)).toEqual(manifestHashes(manifest));
      // One moment: every lesson a writer's command created came with its audit row, and no audit row without it.
      const { rows } = (await restored.db.execute(
        sql`select (select count(*)::int from lessons where name like 'Writer %') as lessons,
                   (select count(*)::int from audit_log a join lessons l on l.lesson_id::text = a.entity_id
                     where a.action = 'lesson.create' and l.name like 'Writer %') as audited,
                   (select count(*)::int from audit_log where action = 'lesson.create') as creates`,
      )) as unknown as { rows: { lessons: number; audited: number; creates: number }[] };
      expect(rows[0]!.lessons).toBe(rows[0]!.audited);
      expect(rows[0]!.creates).toBe(rows[0]!.lessons);
      expect(rows[0]!.lessons).toBeLessThan(written + 1);
      for (const name of manifest.files) {
        expect(fileHash(path.join(target, 'files', name))).toBe(manifest.entries[`files/${name}`]!.sha256);
      }
      expect(fs.existsSync(path.join(target, 'files', 'user-images', 'orphan.png'))).toBe(false);
    } finally {
      await restored.close();
      fs.rmSync(target, { recursive: true, force: true });
    }
  });

  it('moves a backup into PostgreSQL and back into PGlite, rows unchanged', { timeout: 90_000 }, async () => {
    const first = await createBackup(backupTarget(), 'manual');
    const postgres = await freshPostgres();
    const pgFiles = tempDir('restore-pg');
    try {
      await restoreBackup(first.file.path, { database: postgres, filesDir: path.join(pgFiles, 'files'), workDir: pgFiles });
      expect(await tableHashes(postgres.db)).toEqual(manifestHashes(first.manifest));
      const second = await createBackup(
        { database: postgres, dataDir: pgFiles, filesDir: path.join(pgFiles, 'files'), backupDir: path.join(pgFiles, 'backups') },
        'manual',
      );
      expect(second.manifest.database).toBe('postgres');
      expect(manifestHashes(second.manifest)).toEqual(manifestHashes(first.manifest));
      const back = tempDir('restore-back');
      const pglite = await freshPglite();
      try {
        await restoreBackup(second.file.path, { database: pglite, filesDir: path.join(back, 'files'), workDir: back });
        expect(await tableHashes(pglite.db)).toEqual(manifestHashes(first.manifest));
      } finally {
        await pglite.close();
        fs.rmSync(back, { recursive: true, force: true });
      }
    } finally {
      await postgres.close();
      fs.rmSync(pgFiles, { recursive: true, force: true });
    }
  });
});
