import {
  type Language,
  type ListQuery,
  type MessageKey,
  SURVEY_QUESTIONS_MAX,
  type closeSurveyRoundBody,
  type createSurveyQuestionBody,
  type editSurveyQuestionBody,
  type openSurveyRoundBody,
  type removeSurveyQuestionBody,
  type reorderSurveyQuestionsBody,
} from '@tutoria/shared';
import type { z } from 'zod';
import { writeAudit } from '../../db/audit.ts';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { fromEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import * as repo from './surveys.repo.ts';
import { questionView, roundView } from './views.ts';

export type SurveyAdminService = ReturnType<typeof createSurveyAdminService>;

const conflict = (key: MessageKey) => new AppError('CONFLICT', { text: { key } });

/**
 * What Admin and TeamLeader do with surveys (`surveys.manage`): write, order and remove the
 * questions; open a round and close it. Each command is one transaction with its audit row.
 */
export function createSurveyAdminService({ db, transaction, config }: ModuleContext) {
  async function questions(language: Language, q = db) {
    return { data: (await repo.currentQuestions(q)).map((row) => questionView(row, language)) };
  }
  const texts = (row: repo.QuestionTexts) => ({ textEn: row.textEn, textZh: row.textZh });

  return {
    questions: (language: Language) => questions(language),

    async createQuestion(
      user: SessionUser,
      body: z.output<typeof createSurveyQuestionBody>,
      language: Language,
    ) {
      return transaction(async (tx) => {
        // The current questions are locked: two additions at once take different positions.
        const current = await repo.currentQuestions(tx).for('update');
        if (current.length >= SURVEY_QUESTIONS_MAX)
          throw new AppError('FAILED_VALIDATION', {
            fields: [{ field: 'textEn', key: 'surveyQuestionsLimit', values: { max: SURVEY_QUESTIONS_MAX } }],
          });
        const last = current.at(-1)?.position ?? -1;
        const row = await repo.insertQuestion(tx, texts(body), last + 1);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'survey.question.create',
          entity: 'surveyQuestion',
          entityId: row.questionId,
          after: texts(row),
        });
        return { question: questionView(row, language) };
      });
    },

    /** Both texts are replaced; answers stay (a typo fix, or the other language added). */
    async editQuestion(user: SessionUser, body: z.output<typeof editSurveyQuestionBody>, language: Language) {
      return transaction(async (tx) => {
        const before = await repo.findCurrentQuestion(tx, body.questionId, true);
        if (!before) throw notFound();
        const row = await repo.updateQuestion(tx, body.questionId, texts(body));
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'survey.question.edit',
          entity: 'surveyQuestion',
          entityId: row.questionId,
          before: texts(before),
          after: texts(row),
        });
        return { question: questionView(row, language) };
      });
    },

    async reorderQuestions(
      user: SessionUser,
      body: z.output<typeof reorderSurveyQuestionsBody>,
      language: Language,
    ) {
      return transaction(async (tx) => {
        const current = await repo.currentQuestions(tx).for('update');
        const given = new Set(body.questionIds);
        if (current.length !== given.size || current.some((row) => !given.has(row.questionId)))
          throw new AppError('FAILED_VALIDATION', {
            fields: [{ field: 'questionIds', key: 'surveyQuestionsMismatch' }],
          });
        await repo.setPositions(tx, body.questionIds);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'survey.question.reorder',
          entity: 'surveyQuestion',
          entityId: body.questionIds[0]!,
          before: { order: current.map((row) => row.questionId) },
          after: { order: body.questionIds },
        });
        return questions(language, tx);
      });
    },

    /** Answers already given keep the question (past reports still show it). */
    async removeQuestion(user: SessionUser, body: z.output<typeof removeSurveyQuestionBody>) {
      return transaction(async (tx) => {
        const before = await repo.findCurrentQuestion(tx, body.questionId, true);
        if (!before) throw notFound();
        await repo.updateQuestion(tx, body.questionId, { removedAt: new Date() });
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'survey.question.remove',
          entity: 'surveyQuestion',
          entityId: body.questionId,
          before: texts(before),
        });
        return { question: null };
      });
    },

    async rounds(query: ListQuery) {
      const page = await repo.roundsPage(db, query, config.listAllCap);
      return { data: page.data.map(roundView), totalCount: page.totalCount };
    },

    async openRound(user: SessionUser, body: z.output<typeof openSurveyRoundBody>) {
      try {
        return await transaction(async (tx) => {
          if ((await repo.currentQuestions(tx)).length === 0)
            throw new AppError('FAILED_VALIDATION', { text: { key: 'surveyNoQuestions' } });
          if (await repo.openRound(tx)) throw conflict('surveyRoundOpen');
          const roundId = await repo.insertRound(tx, {
            title: body.title,
            startsAt: fromEpoch(body.startsAt),
            endsAt: fromEpoch(body.endsAt),
            createdBy: user.publicKey,
          });
          await repo.keepRoundQuestions(tx, roundId);
          await writeAudit(tx, {
            actorKey: user.publicKey,
            action: 'survey.round.open',
            entity: 'surveyRound',
            entityId: roundId,
            after: body,
          });
          return { round: roundView((await repo.findRound(tx, roundId))!) };
        });
      } catch (error) {
        // Two rounds opened at once: the partial unique index lets one through.
        if (sqlState(error) === UNIQUE_VIOLATION) throw conflict('surveyRoundOpen');
        throw error;
      }
    },

    async closeRound(user: SessionUser, body: z.output<typeof closeSurveyRoundBody>) {
      return transaction(async (tx) => {
        const round = await repo.findRound(tx, body.roundId, true);
        if (!round) throw notFound();
        if (round.closedAt !== null) throw conflict('surveyRoundClosed');
        await repo.closeRound(tx, body.roundId);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'survey.round.close',
          entity: 'surveyRound',
          entityId: body.roundId,
        });
        return { round: roundView((await repo.findRound(tx, body.roundId))!) };
      });
    },
  };
}
