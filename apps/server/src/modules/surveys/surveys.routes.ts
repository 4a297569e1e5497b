import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route, said } from '../../http/route.ts';
import type { SurveyAnswersService } from './answers.service.ts';
import type { SurveyReportService } from './report.service.ts';
import type { SurveyAdminService } from './survey-admin.service.ts';

export interface SurveysServices {
  admin: SurveyAdminService;
  answers: SurveyAnswersService;
  report: SurveyReportService;
}

export function surveysRoutes(app: FastifyInstance, s: SurveysServices): void {
  const c = contract.surveys;
  route(app, c.questions, ({ request }) => s.admin.questions(request.language));
  route(app, c.createQuestion, async ({ body, user, request }) =>
    said(request, 'surveyQuestionSaved', await s.admin.createQuestion(user, body, request.language)),
  );
  route(app, c.editQuestion, async ({ body, user, request }) =>
    said(request, 'surveyQuestionSaved', await s.admin.editQuestion(user, body, request.language)),
  );
  route(app, c.reorderQuestions, async ({ body, user, request }) =>
    s.admin.reorderQuestions(user, body, request.language),
  );
  route(app, c.removeQuestion, async ({ body, user, request }) =>
    said(request, 'surveyQuestionRemoved', await s.admin.removeQuestion(user, body)),
  );
  route(app, c.rounds, ({ body }) => s.admin.rounds(body));
  route(app, c.openRound, async ({ body, user, request }) =>
    said(request, 'surveyRoundOpened', await s.admin.openRound(user, body)),
  );
  route(app, c.closeRound, async ({ body, user, request }) =>
    said(request, 'surveyRoundClosedDone', await s.admin.closeRound(user, body)),
  );
  route(app, c.mine, ({ user, request }) => s.answers.mine(user, request.language));
  route(app, c.answer, async ({ body, user, request }) =>
    said(request, 'surveySaved', await s.answers.answer(user, body)),
  );
  route(app, c.report, ({ query, user, request }) => s.report.read(user, query, request.language));
}
