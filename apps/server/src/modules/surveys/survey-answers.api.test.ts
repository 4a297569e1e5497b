import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contract, type SurveyRating } from '@tutoria/shared';
import {
  buildClassroom,
  type BuiltClassroom,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
  text,
} from '../../../test/scheduling-factories.ts';
import { openRound, surveyRefused, writeQuestions } from '../../../test/survey-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * A student's survey and the report (issue 12): a student rates only the classes and teachers they
 * studied with in the open round (held sessions in its dates), changes answers until it closes;
 * a teacher reads only their own report, aggregated and hidden below three answers; staff read all.
 */
const c = contract.surveys;
let t: TestApp;
let leader: Person;
let admin: Person;
let teacherA: Person;
let teacherB: Person;
let students: Person[];
let classA: BuiltClassroom;
let classB: BuiltClassroom;
let notHeld: BuiltClassroom;
let beforeRound: BuiltClassroom;
let questions: string[];
let roundId: string;

const held = async (built: BuiltClassroom) => {
  for (const id of built.sessionIds) await recordSession(t.db, id, { confirmation: 'confirmedByTeacher' });
};
const at = (weeks: number) => ({ start: monday(weeks) + 9 * HOUR, end: monday(weeks) + 10 * HOUR });

beforeAll(async () => {
  t = await createTestApp();
  leader = await person(t, 'TeamLeader');
  admin = await person(t, 'Admin');
  teacherA = await person(t, 'Teacher', { fullName: 'Teacher Ann' });
  teacherB = await person(t, 'Teacher', { fullName: 'Teacher Bob' });
  students = [];
  for (const name of ['Sara', 'Sam', 'Sue', 'Sid', 'Sol'])
    students.push(await person(t, 'Student', { fullName: `Student ${name}` }));
  classA = await buildClassroom(t, {
    teacher: teacherA,
    students: students.slice(0, 4),
    times: [at(-2), at(-1)],
    name: 'Algebra A',
  });
  classB = await buildClassroom(t, {
    teacher: teacherB,
    students: [students[4]!],
    times: [at(-1)],
    name: 'Biology B',
  });
  notHeld = await buildClassroom(t, {
    teacher: teacherB,
    students: [students[0]!],
    times: [at(-1)],
    name: 'Not held',
  });
  beforeRound = await buildClassroom(t, {
    teacher: teacherB,
    students: [students[0]!],
    times: [at(-8)],
    name: 'Old class',
  });
  await held(classA);
  await held(classB);
  await held(beforeRound);
  void notHeld;
  questions = await writeQuestions(t, leader, ['Explanations', 'Homework', 'Punctuality']);
  roundId = (await openRound(t, leader, monday(-4), monday(1))).roundId;
});
afterAll(() => t.close());

const answers = (ratings: SurveyRating[]) =>
  ratings.map((rating, i) => ({ questionId: questions[i]!, rating }));
const answer = (student: Person, body: Record<string, unknown>) =>
  t.call(
    c.answer,
    {
      body: {
        roundId,
        classroomId: classA.classroomId,
        teacherPublicKey: teacherA.publicKey,
        ...body,
      } as never,
    },
    { token: student.token },
  );
const report = (who: Person, query: Record<string, string> = {}) =>
  t.call(c.report, { query }, { token: who.token });

describe('a student answers', () => {
  it('lists only the classes and teachers with held sessions in the round', async () => {
    const res = await t.call(c.mine, {}, { token: students[0]!.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.round).toMatchObject({ roundId, title: 'Autumn survey' });
    expect(body.questions.map((q: { questionId: string }) => q.questionId)).toEqual(questions);
    expect(body.items).toEqual([
      {
        classroomId: classA.classroomId,
        classroomName: 'Algebra A',
        teacherPublicKey: teacherA.publicKey,
        teacherName: 'Teacher Ann',
        answered: false,
        answers: [],
        comment: null,
      },
    ]);
    expect(body.pendingCount).toBe(1);
  });

  it('refuses another class, a teacher they did not study with, and classes outside the round, writing nothing', async () => {
    await surveyRefused(
      t,
      () =>
        answer(students[0]!, {
          classroomId: classB.classroomId,
          teacherPublicKey: teacherB.publicKey,
          answers: answers(['good', 'good', 'good']),
        }),
      'FETCH_DATA_FAILED',
    );
    await surveyRefused(
      t,
      () =>
        answer(students[0]!, {
          teacherPublicKey: teacherB.publicKey,
          answers: answers(['good', 'good', 'good']),
        }),
      'FETCH_DATA_FAILED',
    );
    await surveyRefused(
      t,
      () =>
        answer(students[0]!, {
          classroomId: notHeld.classroomId,
          teacherPublicKey: teacherB.publicKey,
          answers: answers(['good', 'good', 'good']),
        }),
      'FETCH_DATA_FAILED',
    );
    await surveyRefused(
      t,
      () =>
        answer(students[0]!, {
          classroomId: beforeRound.classroomId,
          teacherPublicKey: teacherB.publicKey,
          answers: answers(['good', 'good', 'good']),
        }),
      'FETCH_DATA_FAILED',
    );
    await surveyRefused(
      t,
      () => answer(students[4]!, { answers: answers(['good', 'good', 'good']) }),
      'FETCH_DATA_FAILED',
    );
  });

  it('refuses bad input with clear texts, writing nothing', async () => {
    const missing = await surveyRefused(
      t,
      () => answer(students[0]!, { answers: answers(['good', 'good']) }),
      'FAILED_VALIDATION',
    );
    expect(missing.json().details[0]).toMatchObject({
      field: 'answers',
      message: text('surveyQuestionsMismatch'),
    });
    const unknownRating = await surveyRefused(
      t,
      () =>
        answer(students[0]!, {
          answers: [...answers(['good', 'good']), { questionId: questions[2], rating: 'excellent' }],
        }),
      'FAILED_VALIDATION',
    );
    expect(unknownRating.json().details[0].field).toContain('rating');
    await surveyRefused(
      t,
      () =>
        answer(students[0]!, {
          answers: [...answers(['good', 'good']), { questionId: questions[0], rating: 'good' }],
        }),
      'FAILED_VALIDATION',
      undefined,
    );
    await surveyRefused(
      t,
      () =>
        answer(students[0]!, {
          answers: [...answers(['good', 'good']), { questionId: crypto.randomUUID(), rating: 'good' }],
        }),
      'FAILED_VALIDATION',
    );
    const long = await surveyRefused(
      t,
      () => answer(students[0]!, { answers: answers(['good', 'good', 'good']), comment: 'x'.repeat(1001) }),
      'FAILED_VALIDATION',
    );
    expect(long.json().details[0].field).toBe('comment');
    const zh = await t.call(
      c.answer,
      {
        body: {
          roundId,
          classroomId: classA.classroomId,
          teacherPublicKey: teacherA.publicKey,
          answers: answers(['good', 'good']),
        },
      },
      { token: students[0]!.token, language: 'zh' },
    );
    expect(zh.json().details[0].message).toBe(text('surveyQuestionsMismatch', {}, 'zh'));
    await surveyRefused(
      t,
      () => answer(students[0]!, { answers: answers(['good', 'good', 'good']), grade: 5 }),
      'FAILED_VALIDATION',
    );
    await surveyRefused(
      t,
      () =>
        answer(students[0]!, { roundId: crypto.randomUUID(), answers: answers(['good', 'good', 'good']) }),
      'FETCH_DATA_FAILED',
    );
  });

  it('saves the ratings once per class and round, and changes them while the round is open', async () => {
    const res = await answer(students[0]!, {
      answers: answers(['veryGood', 'good', 'medium']),
      comment: 'Clear and kind.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: text('surveySaved'),
      item: { answered: true, comment: 'Clear and kind.' },
    });
    const changed = await answer(students[0]!, { answers: answers(['good', 'good', 'weak']), comment: '' });
    expect(changed.statusCode, changed.body).toBe(200);
    const rows = await t.db
      .execute(sql`select r.student_key, r.comment, array_agg(a.rating order by a.rating) as ratings
      from survey_responses r join survey_answers a using (response_id) group by r.response_id`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { student_key: students[0]!.publicKey, comment: null, ratings: [2, 4, 4] },
    ]);
    const mine = (await t.call(c.mine, {}, { token: students[0]!.token })).json();
    expect(mine.pendingCount).toBe(0);
    expect(mine.items[0].answers).toEqual(answers(['good', 'good', 'weak']));
  });

  it("a classmate's own list never shows another student's ratings or comment", async () => {
    const mine = (await t.call(c.mine, {}, { token: students[1]!.token })).json();
    const ofClassA = mine.items.filter(
      (item: { classroomId: string }) => item.classroomId === classA.classroomId,
    );
    expect(ofClassA.length).toBeGreaterThan(0);
    for (const item of ofClassA) {
      expect(item).toMatchObject({ answered: false, answers: [] });
      expect(item.comment ?? null).toBeNull();
    }
    expect(JSON.stringify(mine)).not.toContain('weak');
  });
});

describe('the report', () => {
  it('is refused to students, assistants, consultants and other staff without the permission', async () => {
    for (const role of [
      'Student',
      'AssistantTeacher',
      'AcademicConsultant',
      'SchedulingAdmin',
      'FinancialAdmin',
    ] as const) {
      const who = await person(t, role);
      await surveyRefused(t, () => report(who), 'ACCESS_DENIED');
    }
  });

  it("hides a teacher's own report below three answers, showing only the counts", async () => {
    const res = await report(teacherA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      hidden: true,
      answerCount: 1,
      expectedCount: 4,
      responseRate: '25.00',
      questions: [],
      teachers: [],
      classes: [],
      comments: [],
    });
  });

  it('shows a teacher only their own: another teacher or class answers as not found', async () => {
    await surveyRefused(
      t,
      () => report(teacherA, { teacherPublicKey: teacherB.publicKey }),
      'FETCH_DATA_FAILED',
    );
    await surveyRefused(t, () => report(teacherA, { classroomId: classB.classroomId }), 'FETCH_DATA_FAILED');
    await surveyRefused(t, () => report(teacherA, { roundId: crypto.randomUUID() }), 'FETCH_DATA_FAILED');
    const own = await report(teacherB);
    expect(own.json()).toMatchObject({ hidden: true, answerCount: 0, expectedCount: 1 });
  });

  it('from three answers a teacher sees the aggregate: counts, averages, rate, comments without names', async () => {
    expect(
      (
        await answer(students[1]!, {
          answers: answers(['veryGood', 'veryGood', 'veryWeak']),
          comment: 'Great examples',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await answer(students[2]!, { answers: answers(['medium', 'good', 'weak']), comment: 'A bit fast' }))
        .statusCode,
    ).toBe(200);
    const res = await report(teacherA, { classroomId: classA.classroomId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      hidden: false,
      answerCount: 3,
      expectedCount: 4,
      responseRate: '75.00',
      teachers: [],
    });
    expect(body.questions).toEqual([
      {
        questionId: questions[0],
        ...{ textEn: 'Explanations', textZh: null, text: 'Explanations' },
        counts: { veryWeak: 0, weak: 0, medium: 1, good: 1, veryGood: 1 },
        answerCount: 3,
        average: '4.00',
      },
      {
        questionId: questions[1],
        ...{ textEn: 'Homework', textZh: null, text: 'Homework' },
        counts: { veryWeak: 0, weak: 0, medium: 0, good: 2, veryGood: 1 },
        answerCount: 3,
        average: '4.33',
      },
      {
        questionId: questions[2],
        ...{ textEn: 'Punctuality', textZh: null, text: 'Punctuality' },
        counts: { veryWeak: 1, weak: 2, medium: 0, good: 0, veryGood: 0 },
        answerCount: 3,
        average: '1.67',
      },
    ]);
    expect(body.comments).toEqual([{ comment: 'A bit fast' }, { comment: 'Great examples' }]);
    expect(res.body).not.toContain('Student ');
  });

  it('staff read every teacher, compare them, count answers per class and read comments without names', async () => {
    expect(
      (
        await t.call(
          c.answer,
          {
            body: {
              roundId,
              classroomId: classB.classroomId,
              teacherPublicKey: teacherB.publicKey,
              answers: answers(['weak', 'weak', 'weak']),
            },
          },
          { token: students[4]!.token },
        )
      ).statusCode,
    ).toBe(200);
    for (const who of [leader, admin]) {
      const body = (await report(who)).json();
      expect(body).toMatchObject({ hidden: false, answerCount: 4, expectedCount: 5, responseRate: '80.00' });
      expect(body.teachers).toEqual([
        {
          teacherPublicKey: teacherA.publicKey,
          fullName: 'Teacher Ann',
          answerCount: 3,
          expectedCount: 4,
          responseRate: '75.00',
          average: '3.33',
        },
        {
          teacherPublicKey: teacherB.publicKey,
          fullName: 'Teacher Bob',
          answerCount: 1,
          expectedCount: 1,
          responseRate: '100.00',
          // One answer: its average would be that student's ratings.
          average: null,
        },
      ]);
      expect(body.classes).toEqual([
        {
          classroomId: classA.classroomId,
          classroomName: 'Algebra A',
          answerCount: 3,
          expectedCount: 4,
          responseRate: '75.00',
        },
        {
          classroomId: classB.classroomId,
          classroomName: 'Biology B',
          answerCount: 1,
          expectedCount: 1,
          responseRate: '100.00',
        },
      ]);
      // Anonymous to everyone (issue 27): the texts alone, in text order, no student and no class.
      expect(body.comments).toEqual([{ comment: 'A bit fast' }, { comment: 'Great examples' }]);
      expect(JSON.stringify(body.comments)).not.toMatch(/Student|Algebra/);
    }
    // A one-student class would name its student: below three answers staff read the counts only.
    for (const query of [
      { teacherPublicKey: teacherB.publicKey },
      { classroomId: classB.classroomId },
    ] as Record<string, string>[]) {
      const one = (await report(leader, query)).json();
      expect(one).toMatchObject({ answerCount: 1, hidden: true, questions: [], comments: [] });
      expect(one.classes).toMatchObject([{ classroomName: 'Biology B', answerCount: 1 }]);
    }
  });
});

describe('after the round closes', () => {
  it('refuses new and changed answers, writing nothing; the report stays readable', async () => {
    expect((await t.call(c.closeRound, { body: { roundId } }, { token: leader.token })).statusCode).toBe(200);
    await surveyRefused(
      t,
      () => answer(students[3]!, { answers: answers(['good', 'good', 'good']) }),
      'CONFLICT',
      'surveyRoundClosed',
    );
    await surveyRefused(
      t,
      () => answer(students[0]!, { answers: answers(['veryGood', 'veryGood', 'veryGood']) }),
      'CONFLICT',
      'surveyRoundClosed',
    );
    expect((await t.call(c.mine, {}, { token: students[3]!.token })).json()).toEqual({
      round: null,
      questions: [],
      items: [],
      pendingCount: 0,
    });
    const body = (await report(teacherA, { roundId })).json();
    expect(body).toMatchObject({ round: { roundId, isOpen: false }, answerCount: 3 });
  });
});
