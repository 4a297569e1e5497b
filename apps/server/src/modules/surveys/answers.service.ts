import type { Language, setSurveyBody, StudentSurvey } from '@tutoria/shared';
import type { z } from 'zod';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { toEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import { saveResponse, studentItems } from './answers.repo.ts';
import * as repo from './surveys.repo.ts';
import { itemView, questionView, ratingValue } from './views.ts';

export type SurveyAnswersService = ReturnType<typeof createSurveyAnswersService>;

/**
 * A student's survey (`surveys.answer`): the open round's questions (those it opened with, in the
 * reader's language) and the classes and teachers they studied with in it (held sessions in the
 * round's dates). Only their own items exist for them: another class answers as if it did not
 * exist. Answers change until the round closes.
 */
export function createSurveyAnswersService({ db, transaction }: ModuleContext) {
  return {
    async mine(user: SessionUser, language: Language): Promise<StudentSurvey> {
      const round = await repo.openRound(db);
      if (!round) return { round: null, questions: [], items: [], pendingCount: 0 };
      const [questions, items] = await Promise.all([
        repo.roundQuestions(db, round.roundId),
        studentItems(db, round, user.publicKey),
      ]);
      const views = items.map(itemView);
      return {
        round: {
          roundId: round.roundId,
          title: round.title,
          startsAt: toEpoch(new Date(round.startsAt)),
          endsAt: toEpoch(new Date(round.endsAt)),
        },
        questions: questions.map((row) => questionView(row, language)),
        items: views,
        pendingCount: views.filter((item) => !item.answered).length,
      };
    },

    async answer(user: SessionUser, body: z.output<typeof setSurveyBody>) {
      return transaction(async (tx) => {
        // The round row is locked: closing it waits for an answer being saved, and the reverse.
        const round = await repo.findRound(tx, body.roundId, true);
        if (!round) throw notFound();
        if (round.closedAt !== null) throw new AppError('CONFLICT', { text: { key: 'surveyRoundClosed' } });
        const only = { classroomId: body.classroomId, teacherKey: body.teacherPublicKey };
        const [item] = await studentItems(tx, round, user.publicKey, only);
        if (!item) throw notFound();
        const current = await repo.roundQuestions(tx, round.roundId);
        const given = new Set(body.answers.map((a) => a.questionId));
        if (current.length !== given.size || current.some((q) => !given.has(q.questionId)))
          throw new AppError('FAILED_VALIDATION', {
            fields: [{ field: 'answers', key: 'surveyQuestionsMismatch' }],
          });
        await saveResponse(
          tx,
          { roundId: round.roundId, ...only, studentKey: user.publicKey },
          body.comment || null,
          body.answers.map((a) => ({ questionId: a.questionId, rating: ratingValue(a.rating) })),
        );
        const [saved] = await studentItems(tx, round, user.publicKey, only);
        return { item: itemView(saved!) };
      });
    },
  };
}
