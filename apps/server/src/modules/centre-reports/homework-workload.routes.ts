import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route } from '../../http/route.ts';
import type { HomeworkCompletionService } from './homework-completion.service.ts';
import type { TeacherWorkloadService } from './teacher-workload.service.ts';

export function homeworkWorkloadRoutes(
  app: FastifyInstance,
  homework: HomeworkCompletionService,
  workload: TeacherWorkloadService,
): void {
  route(app, contract.homeworkCompletion.report, ({ query, user }) => homework.report(user, query));
  route(app, contract.teacherWorkload.report, ({ query, user }) => workload.report(user, query));
}
