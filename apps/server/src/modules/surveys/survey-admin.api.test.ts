import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contract, SURVEY_QUESTIONS_MAX } from '@tutoria/shared';
import { auditLog, surveyQuestions, surveyRounds } from '../../db/schema/index.ts';
import { DAY, monday, type Person, person, text } from '../../../test/scheduling-factories.ts';
import { surveyRefused, writeQuestions } from '../../../test/survey-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Survey questions and rounds (issue 12): Admin and TeamLeader write, order and remove questions
 * and open and close rounds; every other role is refused; bad input changes nothing.
 */
const c = contract.surveys;
let t: TestApp;
let admin: Person;
let leader: Person;
let others: Person[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
  leader = await person(t, 'TeamLeader');
  others = [
    await person(t, 'SchedulingAdmin'),
    await person(t, 'FinancialAdmin'),
    await person(t, 'AcademicConsultant'),
    await person(t, 'Teacher'),
    await person(t, 'AssistantTeacher'),
    await person(t, 'Student'),
  ];
});
afterAll(() => t.close());

const questionTexts = async () =>
  (await t.call(c.questions, {}, { token: leader.token })).json().data.map((q: { text: string }) => q.text);

describe('rounds before any question', () => {
  it('refuses to open a round without questions, writing nothing', async () => {
    await surveyRefused(
      t,
      () =>
        t.call(
          c.openRound,
          { body: { title: 'Too early', startsAt: monday(-1), endsAt: monday(1) } },
          { token: leader.token },
        ),
      'FAILED_VALIDATION',
      'surveyNoQuestions',
    );
  });
});

describe('questions', () => {
  let ids: string[];
  it('Admin and TeamLeader add questions, listed in the order written', async () => {
    ids = [
      ...(await writeQuestions(t, leader, ['How clear were the explanations?'])),
      ...(await writeQuestions(t, admin, ['How useful was the homework?', '  Was the class on time?  '])),
    ];
    expect(await questionTexts()).toEqual([
      'How clear were the explanations?',
      'How useful was the homework?',
      'Was the class on time?',
    ]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ids[0]!));
    expect(audit.map((a) => a.action)).toEqual(['survey.question.create']);
  });

  it('every other role is refused and nothing is written', async () => {
    for (const other of others) {
      await surveyRefused(
        t,
        () => t.call(c.createQuestion, { body: { textEn: 'Mine?' } }, { token: other.token }),
        'ACCESS_DENIED',
      );
      await surveyRefused(t, () => t.call(c.questions, {}, { token: other.token }), 'ACCESS_DENIED');
    }
  });

  it('refuses empty, too long, unclean or unknown input in either language, writing nothing', async () => {
    const res = await surveyRefused(
      t,
      () => t.call(c.createQuestion, { body: { textEn: '   ' } }, { token: leader.token }),
      'FAILED_VALIDATION',
      'surveyQuestionTextOne',
    );
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['textEn', 'textZh']);
    const zh = await surveyRefused(
      t,
      () =>
        t.call(
          c.createQuestion,
          { body: { textZh: 'x'.repeat(301) } },
          { token: leader.token, language: 'zh' },
        ),
      'FAILED_VALIDATION',
    );
    expect(zh.json().details[0].message).toContain('问题');
    await surveyRefused(
      t,
      () => t.call(c.createQuestion, { body: { textEn: 'bell\u0007' } }, { token: leader.token }),
      'FAILED_VALIDATION',
    );
    await surveyRefused(
      t,
      () =>
        t.call(c.createQuestion, { body: { textEn: 'Fine', position: 1 } as never }, { token: leader.token }),
      'FAILED_VALIDATION',
    );
  });

  it('edits a question; an unknown one answers as not found', async () => {
    const res = await t.call(
      c.editQuestion,
      { body: { questionId: ids[2]!, textEn: 'Did the class start on time?' } },
      { token: leader.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(text('surveyQuestionSaved'));
    expect((await questionTexts())[2]).toBe('Did the class start on time?');
    await surveyRefused(
      t,
      () =>
        t.call(
          c.editQuestion,
          { body: { questionId: crypto.randomUUID(), textEn: 'Nope' } },
          { token: leader.token },
        ),
      'FETCH_DATA_FAILED',
    );
  });

  it('reorders exactly the current questions; another set is refused unchanged', async () => {
    const res = await t.call(
      c.reorderQuestions,
      { body: { questionIds: [ids[2]!, ids[0]!, ids[1]!] } },
      { token: leader.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().data.map((q: { questionId: string; position: number }) => [q.questionId, q.position]),
    ).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    await surveyRefused(
      t,
      () =>
        t.call(c.reorderQuestions, { body: { questionIds: [ids[0]!, ids[1]!] } }, { token: leader.token }),
      'FAILED_VALIDATION',
      'surveyQuestionsMismatch',
    );
    await surveyRefused(
      t,
      () =>
        t.call(
          c.reorderQuestions,
          { body: { questionIds: [ids[0]!, ids[0]!, ids[1]!] } },
          { token: leader.token },
        ),
      'FAILED_VALIDATION',
    );
  });

  it('removes a question: gone from the list, kept in the database', async () => {
    const extra = (await writeQuestions(t, leader, ['Temporary question']))[0]!;
    const res = await t.call(c.removeQuestion, { body: { questionId: extra } }, { token: leader.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(text('surveyQuestionRemoved'));
    expect(await questionTexts()).not.toContain('Temporary question');
    const [row] = await t.db.select().from(surveyQuestions).where(eq(surveyQuestions.questionId, extra));
    expect(row!.removedAt).not.toBeNull();
    await surveyRefused(
      t,
      () => t.call(c.removeQuestion, { body: { questionId: extra } }, { token: leader.token }),
      'FETCH_DATA_FAILED',
    );
    await surveyRefused(
      t,
      () => t.call(c.editQuestion, { body: { questionId: extra, textEn: 'Back?' } }, { token: leader.token }),
      'FETCH_DATA_FAILED',
    );
  });

  it(`refuses more than ${SURVEY_QUESTIONS_MAX} questions`, async () => {
    const current = (await questionTexts()).length;
    await writeQuestions(
      t,
      leader,
      Array.from({ length: SURVEY_QUESTIONS_MAX - current }, (_, i) => `Filler ${i}`),
    );
    await surveyRefused(
      t,
      () => t.call(c.createQuestion, { body: { textEn: 'One too many' } }, { token: leader.token }),
      'FAILED_VALIDATION',
    );
    const data = (await t.call(c.questions, {}, { token: leader.token })).json().data as {
      questionId: string;
      text: string;
    }[];
    for (const q of data.filter((x) => x.text.startsWith('Filler'))) {
      expect(
        (await t.call(c.removeQuestion, { body: { questionId: q.questionId } }, { token: leader.token }))
          .statusCode,
      ).toBe(200);
    }
    expect(await questionTexts()).toHaveLength(current);
  });
});

describe('rounds', () => {
  let roundId: string;
  it('refuses an end before the start, writing nothing', async () => {
    const res = await surveyRefused(
      t,
      () =>
        t.call(
          c.openRound,
          { body: { title: 'Backwards', startsAt: monday(1), endsAt: monday(-1) } },
          { token: leader.token },
        ),
      'FAILED_VALIDATION',
    );
    expect(res.json().details[0]).toMatchObject({ field: 'endsAt', message: text('endAfterStart') });
    await surveyRefused(
      t,
      () =>
        t.call(
          c.openRound,
          { body: { title: '', startsAt: monday(-1), endsAt: monday(1) } },
          { token: leader.token },
        ),
      'FAILED_VALIDATION',
    );
  });

  it('opens one round at a time; only managers may', async () => {
    for (const other of others) {
      await surveyRefused(
        t,
        () =>
          t.call(
            c.openRound,
            { body: { title: 'Mine', startsAt: monday(-1), endsAt: monday(1) } },
            { token: other.token },
          ),
        'ACCESS_DENIED',
      );
    }
    const res = await t.call(
      c.openRound,
      { body: { title: 'Autumn', startsAt: monday(-4), endsAt: monday(1) } },
      { token: leader.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: text('surveyRoundOpened'),
      round: { title: 'Autumn', isOpen: true, closedAt: null, answerCount: 0 },
    });
    roundId = res.json().round.roundId;
    await surveyRefused(
      t,
      () =>
        t.call(
          c.openRound,
          { body: { title: 'Second', startsAt: monday(-1), endsAt: monday(1) } },
          { token: admin.token },
        ),
      'CONFLICT',
      'surveyRoundOpen',
    );
  });

  it('closes the round once; then another may open', async () => {
    const res = await t.call(c.closeRound, { body: { roundId } }, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().round).toMatchObject({ isOpen: false });
    const [row] = await t.db.select().from(surveyRounds).where(eq(surveyRounds.roundId, roundId));
    expect(row!.closedAt).not.toBeNull();
    await surveyRefused(
      t,
      () => t.call(c.closeRound, { body: { roundId } }, { token: admin.token }),
      'CONFLICT',
      'surveyRoundClosed',
    );
    await surveyRefused(
      t,
      () => t.call(c.closeRound, { body: { roundId: crypto.randomUUID() } }, { token: admin.token }),
      'FETCH_DATA_FAILED',
    );
    const next = await t.call(
      c.openRound,
      { body: { title: 'Winter', startsAt: monday(1), endsAt: monday(1) + 30 * DAY } },
      { token: admin.token },
    );
    expect(next.statusCode, next.body).toBe(200);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, roundId));
    expect(audit.map((a) => a.action).sort()).toEqual(['survey.round.close', 'survey.round.open']);
  });

  it('lists rounds newest first, paged, filtered by title', async () => {
    const res = await t.call(c.rounds, { body: { page: { index: 1, size: 1 } } }, { token: leader.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalCount: 2, data: [{ title: 'Winter', isOpen: true }] });
    const filtered = await t.call(
      c.rounds,
      { body: { where: [[{ column: 'title', comparison: 'Contains', operand: 'autu' }]] } },
      { token: leader.token },
    );
    expect(filtered.json().data.map((r: { title: string }) => r.title)).toEqual(['Autumn']);
  });
});
