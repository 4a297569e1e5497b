import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import { createSurveyAnswersService } from './answers.service.ts';
import { createSurveyReportService } from './report.service.ts';
import { createSurveyAdminService } from './survey-admin.service.ts';
import { surveysRoutes } from './surveys.routes.ts';

/** A student's page (issue 31): a student's participation per round, never their ratings. */
export { participationOf, type ParticipationRow } from './participation.repo.ts';

/**
 * Surveys (SPEC §3 Survey, issue 12). Owns `survey_questions`, `survey_rounds`,
 * `survey_responses` and `survey_answers`; reads classrooms, held sessions and rosters through the
 * scheduling module's ports and names through the users module's `people`. Records no events.
 */
export function createSurveysModule(ctx: ModuleContext) {
  const services = {
    admin: createSurveyAdminService(ctx),
    answers: createSurveyAnswersService(ctx),
    report: createSurveyReportService(ctx),
  };
  return {
    services,
    routes(app: FastifyInstance) {
      surveysRoutes(app, services);
    },
  };
}

export type SurveysModule = ReturnType<typeof createSurveysModule>;
