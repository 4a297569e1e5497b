import { SURVEY_REPORT_MIN_ANSWERS, type SurveyReport, type SurveyReportQuery } from '@tutoria/shared';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { scopedClassroom } from '../scheduling/scheduling.module.ts';
import * as report from './report.repo.ts';
import * as repo from './surveys.repo.ts';
import { roundView } from './views.ts';

export type SurveyReportService = ReturnType<typeof createSurveyReportService>;

/**
 * The survey report (`getSurveyReport?teacherPublicKey&classroomId`). With `surveys.manage` a
 * caller reads every teacher and class, compares teachers and reads comments with their class
 * and student. Without it (a teacher) only their own figures, aggregated: no names, no teacher
 * comparison, and nothing but the counts while fewer than three answers exist. Another teacher or
 * a class outside the caller's reach answers as if it did not exist.
 */
export function createSurveyReportService({ db }: ModuleContext) {
  return {
    async read(user: SessionUser, query: SurveyReportQuery): Promise<SurveyReport> {
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
        comments: [],
      };
      if (!round) return { round: null, ...empty };
      const totals = await report.totals(db, round, filter);
      const hidden = !staff && totals.answerCount < SURVEY_REPORT_MIN_ANSWERS;
      if (hidden) return { round: roundView(round), ...empty, ...totals, hidden };
      const [questions, teachers, comments] = await Promise.all([
        report.questionFigures(db, round, filter),
        staff ? report.teacherFigures(db, round, filter) : [],
        report.comments(db, round, filter),
      ]);
      return {
        round: roundView(round),
        ...empty,
        ...totals,
        questions: questions.map((q) => ({
          questionId: q.questionId,
          text: q.text,
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
        teachers,
        comments: staff
          ? comments
          : // A teacher reads the texts alone, in text order: nothing ties a comment to a student.
            comments
              .map((c) => ({ comment: c.comment, classroomName: null, studentName: null }))
              .sort((a, b) => a.comment.localeCompare(b.comment)),
      };
    },
  };
}
