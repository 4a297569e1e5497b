import {
  type Language,
  type SurveyQuestion,
  type SurveyQuestionTexts,
  type SurveyRating,
  type SurveyRound,
  surveyQuestionText,
  surveyRatings,
} from '@tutoria/shared';
import { toEpoch } from '../../lib/time.ts';
import type { ItemRow } from './answers.repo.ts';
import type { QuestionRow, RoundRow } from './surveys.repo.ts';

/** Rows as the contract shapes them; ratings are 1–5 in the database, words on the wire. */

export const ratingValue = (rating: SurveyRating): number => surveyRatings.indexOf(rating) + 1;
export const ratingWord = (value: number): SurveyRating => surveyRatings[value - 1]!;

/** Both texts, and `text` in the reader's language (else the other). */
export const textsView = (row: SurveyQuestionTexts, language: Language) => ({
  textEn: row.textEn,
  textZh: row.textZh,
  text: surveyQuestionText(row, language),
});

export const questionView = (row: QuestionRow, language: Language): SurveyQuestion => ({
  questionId: row.questionId,
  ...textsView(row, language),
  position: row.position,
});

export const roundView = (row: Omit<RoundRow, 'createdBy'>): SurveyRound => ({
  roundId: row.roundId,
  title: row.title,
  startsAt: toEpoch(new Date(row.startsAt)),
  endsAt: toEpoch(new Date(row.endsAt)),
  isOpen: row.closedAt === null,
  closedAt: row.closedAt === null ? null : toEpoch(new Date(row.closedAt)),
  createMoment: toEpoch(new Date(row.createMoment)),
  answerCount: Number(row.answerCount),
});

export const itemView = (row: ItemRow) => ({
  classroomId: row.classroomId,
  classroomName: row.classroomName,
  teacherPublicKey: row.teacherPublicKey,
  teacherName: row.teacherName,
  answered: row.responseId !== null,
  answers: row.answers.map((a) => ({ questionId: a.questionId, rating: ratingWord(Number(a.rating)) })),
  comment: row.comment,
});
