import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres, pgliteExtensions } from '../src/db/client.ts';

/** A fresh, migrated database for one test file, cloned from the run's template. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `tutoria_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const fileUrl = new URL(url);
    fileUrl.pathname = `/${name}`;
    const database = openPostgres(fileUrl.toString(), 5);
    return {
      ...database,
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        // pool.end() resolves while its connections are still saying goodbye: forcing the drop then
        // would kill one mid-close and surface a FATAL 57P01 as an unhandled error. Wait for them.
        for (let i = 0; i < 40; i++) {
          const { rows } = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
  return openPglite(pglite);
}
