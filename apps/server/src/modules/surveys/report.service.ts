import {
  type Language,
  SURVEY_REPORT_MIN_ANSWERS,
  type SurveyReport,
  type SurveyReportQuery,
} from '@tutoria/shared';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { scopedClassroom } from '../scheduling/scheduling.module.ts';
import * as report from './report.repo.ts';
import * as repo from './surveys.repo.ts';
import { roundView, textsView } from './views.ts';

export type SurveyReportService = ReturnType<typeof createSurveyReportService>;

/**
 * The survey report (`getSurveyReport?teacherPublicKey&classroomId`), the round's questions in the
 * reader's language. Answers are anonymous to everyone (issue 27): comments are their texts alone,
 * in text order, and a selection with fewer than three answers shows nothing but the counts, to
 * staff too (a one-student class would name its student). With `surveys.manage` a caller reads
 * every teacher and class, compares teachers (an average from three answers on) and sees how many
 * answered per class. Without it (a teacher) only their own figures, without the comparison.
 * Another teacher or a class outside the caller's reach answers as if it did not exist.
 */
export function createSurveyReportService({ db }: ModuleContext) {
  return {
    async read(user: SessionUser, query: SurveyReportQuery, language: Language): Promise<SurveyReport> {
      const staff = user.permissions.has('surveys.manage');
      if (!staff && query.teacherPublicKey && query.teacherPublicKey !== user.publicKey) throw notFound();
      if (query.classroomId) await scopedClassroom(db, user, query.classroomId);
      const round = query.roundId
        ? await repo.findRound(db, query.roundId)
        : await repo.defaultReportRound(db);
      if (query.roundId && !round) throw notFound();
      const filter = {
        teacherKey: staff ? query.teacherPublicKey : user.publicKey,
        classroomId: query.classroomId,
      };
      const empty = {
        hidden: false,
        minimumAnswers: SURVEY_REPORT_MIN_ANSWERS,
        answerCount: 0,
        expectedCount: 0,
        responseRate: null,
        questions: [],
        teachers: [],
        classes: [],
        comments: [],
      };
      if (!round) return { round: null, ...empty };
      const totals = await report.totals(db, round, filter);
      // Counts name nobody: staff read each teacher's and class's, whatever the selection.
      const [teachers, classes] = staff
        ? await Promise.all([
            report.teacherFigures(db, round, filter),
            report.classFigures(db, round, filter),
          ])
        : [[], []];
      const counts = {
        round: roundView(round),
        ...empty,
        ...totals,
        teachers: teachers.map((x) => ({
          ...x,
          average: x.answerCount < SURVEY_REPORT_MIN_ANSWERS ? null : x.average,
        })),
        classes,
      };
      // Below the minimum a selection could name its few students: only counts, for everyone.
      if (totals.answerCount < SURVEY_REPORT_MIN_ANSWERS) return { ...counts, hidden: true };
      const [questions, comments] = await Promise.all([
        report.questionFigures(db, round, filter),
        report.comments(db, round, filter),
      ]);
      return {
        ...counts,
        questions: questions.map((q) => ({
          questionId: q.questionId,
          ...textsView(q, language),
          counts: {
            veryWeak: q.veryWeak,
            weak: q.weak,
            medium: q.medium,
            good: q.good,
            veryGood: q.veryGood,
          },
          answerCount: q.answerCount,
          average: q.average,
        })),
        comments: comments.map((comment) => ({ comment })),
      };
    },
  };
}
