import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { contract, type ErrorCode, type MessageKey } from '@tutoria/shared';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { tableCounts } from './factories.ts';
import { expectRefused, type Person } from './scheduling-factories.ts';
import type { TestApp } from './test-app.ts';

/** Rows of the survey tables and the count of every table: what a refused call must leave as it was. */
export async function surveyState(db: Db) {
  const rows: Record<string, string[]> = {};
  for (const table of ['survey_questions', 'survey_rounds', 'survey_responses', 'survey_answers']) {
    const result = (await db.execute(
      sql.raw(`select to_jsonb(x)::text as row from "${table}" x`),
    )) as unknown as {
      rows: { row: string }[];
    };
    rows[table] = result.rows.map((r) => r.row).sort();
  }
  return { counts: await tableCounts(db), rows };
}

/** A call that must be refused with `code` (and `key`'s text) and must write nothing. */
export async function surveyRefused(
  t: TestApp,
  call: () => Promise<LightMyRequestResponse>,
  code: ErrorCode,
  key?: MessageKey,
) {
  const before = await surveyState(t.db);
  const res = await call();
  expectRefused(res, code, key);
  expect(await surveyState(t.db)).toEqual(before);
  return res;
}

/** Writes questions through the API; answers their ids in order. */
export async function writeQuestions(t: TestApp, by: Person, texts: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const text of texts) {
    const res = await t.call(contract.surveys.createQuestion, { body: { text } }, { token: by.token });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().question.questionId as string);
  }
  return ids;
}

export async function openRound(
  t: TestApp,
  by: Person,
  startsAt: number,
  endsAt: number,
  title = 'Autumn survey',
) {
  const res = await t.call(
    contract.surveys.openRound,
    { body: { title, startsAt, endsAt } },
    { token: by.token },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().round as { roundId: string; isOpen: boolean };
}
