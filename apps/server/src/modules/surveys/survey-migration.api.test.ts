import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  migrationsFolder,
  openPglite,
  openPostgres,
  pgliteExtensions,
} from '../../db/client.ts';
import { selectRows } from '../../db/sql.ts';

/**
 * Migration 0028 (issue 27) on a database that has surveys already: each question's one text
 * becomes its English text, and every round keeps the questions it had — those that existed when
 * it opened, and any answered in it. Run on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const BEFORE = '0028';

/** The migrations folder as it was before 0028: its journal cut there. */
function folderBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < tag);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[])
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

/** An empty database migrated up to (not including) 0028, and a way to finish migrating it. */
async function databaseBefore(folder: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const pglite = await PGlite.create({ extensions: pgliteExtensions });
    await migratePglite(drizzlePglite(pglite), { migrationsFolder: folder });
    return { database: openPglite(pglite), drop: async () => undefined };
  }
  const name = `tutoria_test_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  await migratePg(drizzlePg(client), { migrationsFolder: folder });
  await client.end();
  return {
    database: openPostgres(dbUrl.toString(), 2),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

let database: Database;
let drop: () => Promise<void>;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [teacher, student, classroom] = [id(1), id(2), id(3)];
const [asked, removed, answeredLate, addedLate] = [id(11), id(12), id(13), id(14)];
const [closedRound, openRound, response] = [id(21), id(22), id(31)];

beforeAll(async () => {
  ({ database, drop } = await databaseBefore(folderBefore(BEFORE)));
  const { db } = database;
  await db.execute(sql`insert into users (public_key, user_name, full_name, role, password_hash) values
    (${teacher}, 'teacher_m', 'Teacher M', 'Teacher', 'x'), (${student}, 'student_m', 'Student M', 'Student', 'x')`);
  await db.execute(sql`insert into classrooms (classroom_id, classroom_name, classroom_level, classroom_type, lesson_type, teacher_key)
    values (${classroom}, 'Class M', 'A1', 'Group', 'Offline', ${teacher})`);
  // Before 0028 a question had one text; the rounds are days apart.
  await db.execute(sql`insert into survey_questions (question_id, text, position, removed_at, create_moment) values
    (${asked}, 'How clear were the explanations?', 0, null, now() - interval '30 days'),
    (${removed}, 'Removed before the round', 1, now() - interval '25 days', now() - interval '30 days'),
    (${answeredLate}, 'Added during the round, answered', 2, null, now() - interval '15 days'),
    (${addedLate}, 'Added after the round', 3, null, now() - interval '5 days')`);
  await db.execute(sql`insert into survey_rounds (round_id, title, starts_at, ends_at, closed_at, create_moment) values
    (${closedRound}, 'Spring', now() - interval '40 days', now() - interval '10 days', now() - interval '10 days', now() - interval '20 days'),
    (${openRound}, 'Summer', now() - interval '3 days', now() + interval '20 days', null, now() - interval '1 day')`);
  await db.execute(sql`insert into survey_responses (response_id, round_id, classroom_id, teacher_key, student_key)
    values (${response}, ${closedRound}, ${classroom}, ${teacher}, ${student})`);
  await db.execute(sql`insert into survey_answers (response_id, question_id, rating) values
    (${response}, ${asked}, 4), (${response}, ${answeredLate}, 5)`);
  await database.migrate();
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('migration 0028: survey question texts and round questions', () => {
  it("keeps every question's text as its English text, with no Chinese text", async () => {
    const rows = await selectRows<{ questionId: string; textEn: string; textZh: string | null }>(
      database.db,
      sql`select question_id, text_en, text_zh from survey_questions order by position`,
    );
    expect(rows).toEqual([
      { questionId: asked, textEn: 'How clear were the explanations?', textZh: null },
      { questionId: removed, textEn: 'Removed before the round', textZh: null },
      { questionId: answeredLate, textEn: 'Added during the round, answered', textZh: null },
      { questionId: addedLate, textEn: 'Added after the round', textZh: null },
    ]);
  });

  it('gives each round the questions it opened with, and those answered in it', async () => {
    const rows = await selectRows<{ roundId: string; questionId: string }>(
      database.db,
      sql`select round_id, question_id from survey_round_questions order by round_id, question_id`,
    );
    expect(rows).toEqual([
      { roundId: closedRound, questionId: asked },
      { roundId: closedRound, questionId: answeredLate },
      { roundId: openRound, questionId: asked },
      { roundId: openRound, questionId: answeredLate },
      { roundId: openRound, questionId: addedLate },
    ]);
  });

  it('takes a question in Chinese alone afterwards, and refuses one without any text', async () => {
    await database.db.execute(
      sql`insert into survey_questions (text_en, text_zh, position) values (null, '作业有帮助吗？', 8)`,
    );
    await expect(
      database.db.execute(
        sql`insert into survey_questions (text_en, text_zh, position) values (null, '', 9)`,
      ),
    ).rejects.toThrow();
  });
});
