import { z } from 'zod';
import type { Language } from '../errors.ts';
import { registerFieldLabels } from '../field-labels.ts';
import { entityId, epochSeconds, listResponse, okResponse, publicKey, textInput } from './common.ts';

/**
 * Surveys (SPEC §3 Survey, §7 "Course plans and surveys", issue 12): questions written by staff,
 * rounds with dates, a student's ratings per class and teacher, and the aggregated report.
 */

// ————————————————————————————————————————————— values

/** The rating scale, worst first; stored as 1–5 so averages are numeric in SQL. */
export const surveyRatings = ['veryWeak', 'weak', 'medium', 'good', 'veryGood'] as const;
export const surveyRating = z.enum(surveyRatings);
export type SurveyRating = z.infer<typeof surveyRating>;

export const SURVEY_QUESTION_MAX = 300;
export const SURVEY_TITLE_MAX = 120;
export const SURVEY_COMMENT_MAX = 1000;
export const SURVEY_QUESTIONS_MAX = 50;
/** A report stays hidden while fewer answers than this exist (no single student shows), for everyone. */
export const SURVEY_REPORT_MIN_ANSWERS = 3;

// ————————————————————————————————————————————— questions

/** A question's texts; null: not written in that language. */
export interface SurveyQuestionTexts {
  textEn: string | null;
  textZh: string | null;
}

/** The question in the reader's language, else in the other one (issue 27). */
export function surveyQuestionText(question: SurveyQuestionTexts, language: Language): string {
  const [mine, other] =
    language === 'zh' ? [question.textZh, question.textEn] : [question.textEn, question.textZh];
  return mine || other || '';
}

export const surveyQuestion = z.object({
  questionId: entityId,
  textEn: z.string().nullable(),
  textZh: z.string().nullable(),
  /** In the caller's language (Accept-Language), else the other. */
  text: z.string(),
  position: z.number().int(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestion>;
export const surveyQuestions = z.object({ data: z.array(surveyQuestion) });

/** One language's text: empty or left out means not written (stored as null). */
const questionText = textInput()
  .trim()
  .max(SURVEY_QUESTION_MAX)
  .nullish()
  .transform((value) => value || null);

/** A question in English, Chinese or both: at least one of the two. */
const questionTexts = {
  textEn: questionText,
  textZh: questionText,
};
function oneText(value: SurveyQuestionTexts, ctx: z.RefinementCtx) {
  if (value.textEn || value.textZh) return;
  for (const field of ['textEn', 'textZh'])
    ctx.addIssue({ code: 'custom', path: [field], params: { messageKey: 'surveyQuestionTextOne' } });
}

export const createSurveyQuestionBody = z.strictObject(questionTexts).superRefine(oneText);
export type CreateSurveyQuestionInput = z.input<typeof createSurveyQuestionBody>;
export const editSurveyQuestionBody = z
  .strictObject({ questionId: entityId, ...questionTexts })
  .superRefine(oneText);
export type EditSurveyQuestionInput = z.input<typeof editSurveyQuestionBody>;
export const removeSurveyQuestionBody = z.strictObject({ questionId: entityId });
/** The new order of every current question (no more, no fewer). */
export const reorderSurveyQuestionsBody = z.strictObject({
  questionIds: z
    .array(entityId)
    .min(1)
    .max(SURVEY_QUESTIONS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { params: { messageKey: 'surveyQuestionsMismatch' } }),
});
export const surveyQuestionChanged = okResponse.extend({ question: surveyQuestion.nullable() });

// ————————————————————————————————————————————— rounds

export const surveyRound = z.object({
  roundId: entityId,
  title: z.string(),
  startsAt: epochSeconds,
  endsAt: epochSeconds,
  isOpen: z.boolean(),
  closedAt: epochSeconds.nullable(),
  createMoment: epochSeconds,
  /** Answers given in the round (one per student, class and teacher). */
  answerCount: z.number().int(),
});
export type SurveyRound = z.infer<typeof surveyRound>;
export const surveyRoundList = listResponse(surveyRound);

/** A round's sessions are those that start in [startsAt, endsAt). */
export const openSurveyRoundBody = z
  .strictObject({
    title: textInput().trim().min(1).max(SURVEY_TITLE_MAX),
    startsAt: epochSeconds,
    endsAt: epochSeconds,
  })
  .superRefine((value, ctx) => {
    if (value.endsAt <= value.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], params: { messageKey: 'endAfterStart' } });
    }
  });
export type OpenSurveyRoundInput = z.input<typeof openSurveyRoundBody>;
export const closeSurveyRoundBody = z.strictObject({ roundId: entityId });
export const surveyRoundChanged = okResponse.extend({ round: surveyRound });

// ————————————————————————————————————————————— a student's survey

export const surveyAnswer = z.strictObject({ questionId: entityId, rating: surveyRating });
export type SurveyAnswer = z.infer<typeof surveyAnswer>;

/** One class and teacher the student studied with in the round, answered or not. */
export const surveyItem = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  teacherPublicKey: publicKey,
  teacherName: z.string(),
  answered: z.boolean(),
  answers: z.array(z.object({ questionId: entityId, rating: surveyRating })),
  comment: z.string().nullable(),
});
export type SurveyItem = z.infer<typeof surveyItem>;

export const studentSurvey = z.object({
  /** The open round; null: no survey is open. */
  round: z
    .object({ roundId: entityId, title: z.string(), startsAt: epochSeconds, endsAt: epochSeconds })
    .nullable(),
  questions: z.array(surveyQuestion),
  items: z.array(surveyItem),
  /** Items of the open round not answered yet (the panel's badge). */
  pendingCount: z.number().int(),
});
export type StudentSurvey = z.infer<typeof studentSurvey>;

/** A student's ratings of one class and teacher in the open round: every current question once. */
export const setSurveyBody = z
  .strictObject({
    roundId: entityId,
    classroomId: entityId,
    teacherPublicKey: publicKey,
    answers: z.array(surveyAnswer).min(1).max(SURVEY_QUESTIONS_MAX),
    comment: textInput().trim().max(SURVEY_COMMENT_MAX).nullable().default(null),
  })
  .superRefine((value, ctx) => {
    const ids = value.answers.map((a) => a.questionId);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['answers'], params: { messageKey: 'surveyQuestionsMismatch' } });
    }
  });
export type SetSurveyInput = z.input<typeof setSurveyBody>;
export const surveySaved = okResponse.extend({ item: surveyItem });

// ————————————————————————————————————————————— the report

export const surveyReportQuery = z.strictObject({
  teacherPublicKey: publicKey.optional(),
  classroomId: entityId.optional(),
  /** Default: the open round, else the latest. */
  roundId: entityId.optional(),
});
export type SurveyReportQuery = z.input<typeof surveyReportQuery>;

export const ratingCounts = z.object({
  veryWeak: z.number().int(),
  weak: z.number().int(),
  medium: z.number().int(),
  good: z.number().int(),
  veryGood: z.number().int(),
});
export type RatingCounts = z.infer<typeof ratingCounts>;

export const surveyReport = z.object({
  round: surveyRound.nullable(),
  /** True while the selection has fewer than `minimumAnswers` answers, for every reader: counts only. */
  hidden: z.boolean(),
  minimumAnswers: z.number().int(),
  answerCount: z.number().int(),
  /** Students who studied with the teacher in the round (class, teacher, student), answered or not. */
  expectedCount: z.number().int(),
  /** answerCount / expectedCount in percent, two decimals (SQL numeric); null: nobody expected. */
  responseRate: z.string().nullable(),
  /** The round's questions (those it opened with), current or answered in it. */
  questions: z.array(
    z.object({
      questionId: entityId,
      textEn: z.string().nullable(),
      textZh: z.string().nullable(),
      /** In the caller's language, else the other. */
      text: z.string(),
      counts: ratingCounts,
      answerCount: z.number().int(),
      /** On 1 (veryWeak) to 5 (veryGood), two decimals (SQL numeric); null: no answer. */
      average: z.string().nullable(),
    }),
  ),
  /** Staff only (surveys.manage): each teacher's figures side by side. */
  teachers: z.array(
    z.object({
      teacherPublicKey: publicKey,
      fullName: z.string(),
      answerCount: z.number().int(),
      expectedCount: z.number().int(),
      responseRate: z.string().nullable(),
      /** Null below `minimumAnswers` answers. */
      average: z.string().nullable(),
    }),
  ),
  /** Staff only (surveys.manage): answers and students expected per class, no names. */
  classes: z.array(
    z.object({
      classroomId: entityId,
      classroomName: z.string(),
      answerCount: z.number().int(),
      expectedCount: z.number().int(),
      responseRate: z.string().nullable(),
    }),
  ),
  /**
   * The comments' texts, in text order, for everyone: anonymous (issue 27), with neither the
   * student nor the class, as the student's survey promises.
   */
  comments: z.array(z.object({ comment: z.string() })),
});
export type SurveyReport = z.infer<typeof surveyReport>;

registerFieldLabels({
  textEn: { en: 'Question in English', zh: '英文问题' },
  textZh: { en: 'Question in Chinese', zh: '中文问题' },
  questionIds: { en: 'Questions', zh: '问题' },
  startsAt: { en: 'Start date', zh: '开始日期' },
  endsAt: { en: 'End date', zh: '结束日期' },
  answers: { en: 'Answers', zh: '回答' },
  rating: { en: 'Rating', zh: '评分' },
  comment: { en: 'Comment', zh: '评论' },
});
