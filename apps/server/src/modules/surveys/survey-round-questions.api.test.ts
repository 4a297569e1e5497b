import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { contract, type SurveyRating } from '@tutoria/shared';
import { surveyQuestions, surveyRoundQuestions } from '../../db/schema/index.ts';
import {
  buildClassroom,
  type BuiltClassroom,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
} from '../../../test/scheduling-factories.ts';
import { openRound, surveyRefused, writeQuestions } from '../../../test/survey-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * A round keeps the questions it opened with (issue 27): one added while it is open waits for the
 * next round — the student's survey, the answers and the report all use the round's questions; one
 * removed while it is open leaves the survey, its answers staying in the report.
 */
const c = contract.surveys;
let t: TestApp;
let leader: Person;
let teacher: Person;
let students: Person[];
let classroom: BuiltClassroom;
let first: string[];
let late: string;
let roundId: string;

beforeAll(async () => {
  t = await createTestApp();
  leader = await person(t, 'TeamLeader');
  teacher = await person(t, 'Teacher');
  students = [];
  for (let i = 0; i < 4; i++) students.push(await person(t, 'Student'));
  const start = monday(-1) + 9 * HOUR;
  classroom = await buildClassroom(t, { teacher, students, times: [{ start, end: start + HOUR }] });
  for (const id of classroom.sessionIds)
    await recordSession(t.db, id, { confirmation: 'confirmedByTeacher' });
  first = await writeQuestions(t, leader, ['Explanations', 'Homework']);
  roundId = (await openRound(t, leader, monday(-4), monday(1))).roundId;
  late = (await writeQuestions(t, leader, ['Added while the round is open']))[0]!;
});
afterAll(() => t.close());

const answer = (student: Person, ratings: [string, SurveyRating][], round = roundId) =>
  t.call(
    c.answer,
    {
      body: {
        roundId: round,
        classroomId: classroom.classroomId,
        teacherPublicKey: teacher.publicKey,
        answers: ratings.map(([questionId, rating]) => ({ questionId, rating })),
      },
    },
    { token: student.token },
  );
const roundQuestions = async (round: string) =>
  (
    await t.db
      .select({ questionId: surveyRoundQuestions.questionId })
      .from(surveyRoundQuestions)
      .innerJoin(surveyQuestions, eq(surveyQuestions.questionId, surveyRoundQuestions.questionId))
      .where(eq(surveyRoundQuestions.roundId, round))
      .orderBy(asc(surveyQuestions.position))
  ).map((row) => row.questionId);
const ids = (body: { questions: { questionId: string }[] }) => body.questions.map((q) => q.questionId);

describe('a question added during an open round', () => {
  it('is in the survey for the next round, not in the open one', async () => {
    expect(await roundQuestions(roundId)).toEqual(first);
    const list = (await t.call(c.questions, {}, { token: leader.token })).json();
    expect(ids({ questions: list.data })).toEqual([...first, late]);
    const mine = (await t.call(c.mine, {}, { token: students[0]!.token })).json();
    expect(ids(mine)).toEqual(first);
  });

  it("is neither asked nor taken: the round's questions are answered, the late one refused", async () => {
    const res = await answer(students[0]!, [
      [first[0]!, 'good'],
      [first[1]!, 'veryGood'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    await surveyRefused(
      t,
      () =>
        answer(students[1]!, [
          [first[0]!, 'good'],
          [first[1]!, 'good'],
          [late, 'good'],
        ]),
      'FAILED_VALIDATION',
      'surveyQuestionsMismatch',
    );
  });

  it("is not in the round's report", async () => {
    for (const student of students.slice(1, 3)) {
      const res = await answer(student, [
        [first[0]!, 'medium'],
        [first[1]!, 'good'],
      ]);
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const who of [leader, teacher]) {
      const body = (await t.call(c.report, { query: { roundId } }, { token: who.token })).json();
      expect(ids(body)).toEqual(first);
    }
  });
});

describe('a question removed during an open round', () => {
  it('leaves the survey; the answers given stay in the report', async () => {
    const res = await t.call(c.removeQuestion, { body: { questionId: first[1]! } }, { token: leader.token });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (await t.call(c.mine, {}, { token: students[3]!.token })).json();
    expect(ids(mine)).toEqual([first[0]]);
    expect((await answer(students[3]!, [[first[0]!, 'weak']])).statusCode).toBe(200);
    const body = (await t.call(c.report, { query: { roundId } }, { token: leader.token })).json();
    expect(
      body.questions.map((q: { questionId: string; answerCount: number }) => [q.questionId, q.answerCount]),
    ).toEqual([
      [first[0], 4],
      [first[1], 3],
    ]);
  });
});

describe('the next round', () => {
  it('opens with the questions current then, the late one among them', async () => {
    expect((await t.call(c.closeRound, { body: { roundId } }, { token: leader.token })).statusCode).toBe(200);
    const next = (await openRound(t, leader, monday(-4), monday(1), 'Next')).roundId;
    expect(await roundQuestions(next)).toEqual([first[0], late]);
    const mine = (await t.call(c.mine, {}, { token: students[0]!.token })).json();
    expect(ids(mine)).toEqual([first[0], late]);
    const res = await answer(
      students[0]!,
      [
        [first[0]!, 'good'],
        [late, 'veryGood'],
      ],
      next,
    );
    expect(res.statusCode, res.body).toBe(200);
    const old = (await t.call(c.report, { query: { roundId } }, { token: leader.token })).json();
    expect(ids(old)).toEqual(first);
  });
});
