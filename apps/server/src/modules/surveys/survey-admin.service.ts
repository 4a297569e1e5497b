import {
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
  async function questions(q = db) {
    return { data: (await repo.currentQuestions(q)).map(questionView) };
  }

  return {
    questions: () => questions(),

    async createQuestion(user: SessionUser, body: z.output<typeof createSurveyQuestionBody>) {
      return transaction(async (tx) => {
        // The current questions are locked: two additions at once take different positions.
        const current = await repo.currentQuestions(tx).for('update');
        if (current.length >= SURVEY_QUESTIONS_MAX)
          throw new AppError('FAILED_VALIDATION', {
            fields: [{ field: 'text', key: 'surveyQuestionsLimit', values: { max: SURVEY_QUESTIONS_MAX } }],
          });
        const last = current.at(-1)?.position ?? -1;
        const row = await repo.insertQuestion(tx, body.text, last + 1);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'survey.question.create',
          entity: 'surveyQuestion',
          entityId: row.questionId,
          after: { text: row.text },
        });
        return { question: questionView(row) };
      });
    },

    async editQuestion(user: SessionUser, body: z.output<typeof editSurveyQuestionBody>) {
      return transaction(async (tx) => {
        const before = await repo.findCurrentQuestion(tx, body.questionId, true);
        if (!before) throw notFound();
        const row = await repo.updateQuestion(tx, body.questionId, { text: body.text });
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'survey.question.edit',
          entity: 'surveyQuestion',
          entityId: row.questionId,
          before: { text: before.text },
          after: { text: row.text },
        });
        return { question: questionView(row) };
      });
    },

    async reorderQuestions(user: SessionUser, body: z.output<typeof reorderSurveyQuestionsBody>) {
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
        return questions(tx);
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
          before: { text: before.text },
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
