import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route } from '../../http/route.ts';
import type { TasksService } from './tasks.service.ts';

export function tasksRoutes(app: FastifyInstance, s: TasksService): void {
  route(app, contract.reports.staffTasks, ({ user }) => s.staffTasks(user));
}
