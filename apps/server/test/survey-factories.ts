import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { contract, type ErrorCode, type MessageKey } from '@tutoria/shared';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { tableCounts } from './factories.ts';
import {
  buildClassroom,
  type BuiltClassroom,
  expectRefused,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
} from './scheduling-factories.ts';
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

/** Writes questions through the API (a string: English only); answers their ids in order. */
export async function writeQuestions(
  t: TestApp,
  by: Person,
  texts: (string | { textEn?: string; textZh?: string })[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const text of texts) {
    const body = typeof text === 'string' ? { textEn: text } : text;
    const res = await t.call(contract.surveys.createQuestion, { body }, { token: by.token });
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

/**
 * The survey tests' centre: Teacher Ann's "Algebra A" (Sara, Sam, Sue, Sid) held in the last two
 * weeks, Teacher Bob's "Biology B" (Sol) held last week, Bob's "Not held" with Sara and his
 * "Old class" held before the round; three English questions and a round open over the last four
 * weeks.
 */
export async function surveyCentre(t: TestApp) {
  const at = (weeks: number) => ({ start: monday(weeks) + 9 * HOUR, end: monday(weeks) + 10 * HOUR });
  const held = async (built: BuiltClassroom) => {
    for (const id of built.sessionIds) await recordSession(t.db, id, { confirmation: 'confirmedByTeacher' });
  };
  const leader = await person(t, 'TeamLeader');
  const admin = await person(t, 'Admin');
  const teacherA = await person(t, 'Teacher', { fullName: 'Teacher Ann' });
  const teacherB = await person(t, 'Teacher', { fullName: 'Teacher Bob' });
  const students: Person[] = [];
  for (const name of ['Sara', 'Sam', 'Sue', 'Sid', 'Sol'])
    students.push(await person(t, 'Student', { fullName: `Student ${name}` }));
  const classA = await buildClassroom(t, {
    teacher: teacherA,
    students: students.slice(0, 4),
    times: [at(-2), at(-1)],
    name: 'Algebra A',
  });
  const classB = await buildClassroom(t, {
    teacher: teacherB,
    students: [students[4]!],
    times: [at(-1)],
    name: 'Biology B',
  });
  const notHeld = await buildClassroom(t, {
    teacher: teacherB,
    students: [students[0]!],
    times: [at(-1)],
    name: 'Not held',
  });
  const beforeRound = await buildClassroom(t, {
    teacher: teacherB,
    students: [students[0]!],
    times: [at(-8)],
    name: 'Old class',
  });
  await held(classA);
  await held(classB);
  await held(beforeRound);
  const questions = await writeQuestions(t, leader, ['Explanations', 'Homework', 'Punctuality']);
  const roundId = (await openRound(t, leader, monday(-4), monday(1))).roundId;
  return { leader, admin, teacherA, teacherB, students, classA, classB, notHeld, beforeRound, questions, roundId };
}
export type SurveyCentre = Awaited<ReturnType<typeof surveyCentre>>;
