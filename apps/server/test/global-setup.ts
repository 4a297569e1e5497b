import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, pgliteExtensions } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/** One template per run, so two runs on one PostgreSQL server (CI and a developer, or two worktrees) never drop each other's. */
export const POSTGRES_TEMPLATE = `tutoria_test_template_${process.pid}`;

/**
 * Migrates one database per run and lets every test file clone it (DESIGN §10): a PGlite data-dir
 * dump, or a PostgreSQL template database when TEST_DATABASE_URL is set.
 */
export async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${POSTGRES_TEMPLATE}'`);
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE}`);
    await admin.query(`create database ${POSTGRES_TEMPLATE}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${POSTGRES_TEMPLATE}`;
    const database = openPostgres(templateUrl.toString(), 1);
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', POSTGRES_TEMPLATE);
    project.provide('pgliteTemplate', '');
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
      await cleanup.end();
    };
  }
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const database = openPglite(pglite);
  await database.migrate();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-template-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
}
