import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route } from '../../http/route.ts';
import type { RollCallPeriodService } from './roll-call-period.service.ts';
import type { RollCallService } from './roll-call.service.ts';
import type { ExamScoresService } from './exam-scores.service.ts';
import type { TeachingHoursService } from './teaching-hours.service.ts';

export function centreReportsRoutes(
  app: FastifyInstance,
  {
    teachingHours,
    rollCall,
    rollCallPeriod,
    examScores,
  }: {
    teachingHours: TeachingHoursService;
    rollCall: RollCallService;
    rollCallPeriod: RollCallPeriodService;
    examScores: ExamScoresService;
  },
): void {
  const c = contract.teachingHours;
  route(app, c.year, ({ query, user }) => teachingHours.year(user, query));
  route(app, c.levels, ({ query, user }) => teachingHours.levels(user, query));
  route(app, c.lessons, ({ query, user }) => teachingHours.lessons(user, query));
  route(app, c.sessions, ({ query, user }) => teachingHours.sessions(user, query));
  route(app, contract.rollCall.day, ({ query, user }) => rollCall.day(user, query));
  route(app, contract.rollCall.classroom, ({ query, user }) => rollCallPeriod.classroom(user, query));
  route(app, contract.rollCall.student, ({ query, user }) => rollCallPeriod.student(user, query));
  route(app, contract.examScores.classes, ({ query, user }) => examScores.classes(user, query));
}
