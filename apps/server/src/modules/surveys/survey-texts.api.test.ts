import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contract, type Language, type SurveyRating } from '@tutoria/shared';
import { auditLog, surveyQuestions } from '../../db/schema/index.ts';
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
 * Questions in English and Chinese (issue 27): a question has an English and a Chinese text, at
 * least one; the list, the student's survey and the report give each reader their language, else
 * the other.
 */
const c = contract.surveys;
let t: TestApp;
let leader: Person;
let teacher: Person;
let students: Person[];
let classroom: BuiltClassroom;
let ids: string[];

beforeAll(async () => {
  t = await createTestApp();
  leader = await person(t, 'TeamLeader');
  teacher = await person(t, 'Teacher', { fullName: 'Teacher Tao' });
  students = [];
  for (const name of ['Li', 'Wang', 'Zhao']) students.push(await person(t, 'Student', { fullName: name }));
  const start = monday(-1) + 9 * HOUR;
  classroom = await buildClassroom(t, { teacher, students, times: [{ start, end: start + HOUR }] });
  for (const id of classroom.sessionIds)
    await recordSession(t.db, id, { confirmation: 'confirmedByTeacher' });
});
afterAll(() => t.close());

const textsOf = (questions: { text: string }[]) => questions.map((q) => q.text);
const texts = async (language: Language) =>
  textsOf((await t.call(c.questions, {}, { token: leader.token, language })).json().data);

describe('writing a question in two languages', () => {
  it('stores both texts, an empty one as none, and audits them', async () => {
    ids = await writeQuestions(t, leader, [
      { textEn: 'How clear were the explanations?', textZh: '老师讲解得清楚吗？' },
      { textEn: 'How useful was the homework?', textZh: '   ' },
      { textZh: '上课准时吗？' },
    ]);
    const rows = await t.db
      .select({ textEn: surveyQuestions.textEn, textZh: surveyQuestions.textZh })
      .from(surveyQuestions)
      .orderBy(surveyQuestions.position);
    expect(rows).toEqual([
      { textEn: 'How clear were the explanations?', textZh: '老师讲解得清楚吗？' },
      { textEn: 'How useful was the homework?', textZh: null },
      { textEn: null, textZh: '上课准时吗？' },
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ids[0]!), eq(auditLog.action, 'survey.question.create')));
    expect(audit!.after).toEqual({
      textEn: 'How clear were the explanations?',
      textZh: '老师讲解得清楚吗？',
    });
  });

  it('refuses a question with no text in either language, saying so in the reader’s language', async () => {
    for (const language of ['en', 'zh'] as const) {
      const res = await surveyRefused(
        t,
        () =>
          t.call(c.createQuestion, { body: { textEn: ' ', textZh: '' } }, { token: leader.token, language }),
        'FAILED_VALIDATION',
      );
      expect(res.json().details).toEqual([
        { field: 'textEn', message: text('surveyQuestionTextOne', {}, language) },
        { field: 'textZh', message: text('surveyQuestionTextOne', {}, language) },
      ]);
    }
    await surveyRefused(
      t,
      () =>
        t.call(
          c.editQuestion,
          { body: { questionId: ids[0]!, textEn: null, textZh: null } },
          { token: leader.token },
        ),
      'FAILED_VALIDATION',
      'surveyQuestionTextOne',
    );
  });

  it('lists each question in the reader’s language, else in the other', async () => {
    expect(await texts('en')).toEqual([
      'How clear were the explanations?',
      'How useful was the homework?',
      '上课准时吗？',
    ]);
    expect(await texts('zh')).toEqual(['老师讲解得清楚吗？', 'How useful was the homework?', '上课准时吗？']);
  });

  it('edits both texts: the Chinese text added to an English question, its answers kept', async () => {
    const res = await t.call(
      c.editQuestion,
      { body: { questionId: ids[1]!, textEn: 'How useful was the homework?', textZh: '作业有帮助吗？' } },
      { token: leader.token, language: 'zh' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().question).toMatchObject({
      textEn: 'How useful was the homework?',
      textZh: '作业有帮助吗？',
      text: '作业有帮助吗？',
    });
    expect(await texts('zh')).toEqual(['老师讲解得清楚吗？', '作业有帮助吗？', '上课准时吗？']);
  });
});

describe('reading the survey in either language', () => {
  let roundId: string;
  beforeAll(async () => {
    roundId = (await openRound(t, leader, monday(-4), monday(1))).roundId;
  });

  it('a Chinese student reads the Chinese questions; an English one the English, else the Chinese', async () => {
    const mine = async (language: Language) =>
      textsOf((await t.call(c.mine, {}, { token: students[0]!.token, language })).json().questions);
    expect(await mine('zh')).toEqual(['老师讲解得清楚吗？', '作业有帮助吗？', '上课准时吗？']);
    expect(await mine('en')).toEqual([
      'How clear were the explanations?',
      'How useful was the homework?',
      '上课准时吗？',
    ]);
  });

  it('the report names the questions in the reader’s language, with both texts', async () => {
    const ratings: SurveyRating[] = ['good', 'veryGood', 'medium'];
    for (const student of students) {
      const res = await t.call(
        c.answer,
        {
          body: {
            roundId,
            classroomId: classroom.classroomId,
            teacherPublicKey: teacher.publicKey,
            answers: ids.map((questionId, i) => ({ questionId, rating: ratings[i]! })),
          },
        },
        { token: student.token, language: 'zh' },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const [who, language, expected] of [
      [leader, 'zh', ['老师讲解得清楚吗？', '作业有帮助吗？', '上课准时吗？']],
      [teacher, 'en', ['How clear were the explanations?', 'How useful was the homework?', '上课准时吗？']],
    ] as const) {
      const body = (await t.call(c.report, { query: {} }, { token: who.token, language })).json();
      expect(body.questions.map((q: { text: string }) => q.text)).toEqual(expected);
      expect(body.questions[2]).toMatchObject({ textEn: null, textZh: '上课准时吗？', answerCount: 3 });
    }
  });
});
