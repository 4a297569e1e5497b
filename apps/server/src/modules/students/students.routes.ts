import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route } from '../../http/route.ts';
import type { StudentsService } from './students.service.ts';

export function studentsRoutes(app: FastifyInstance, s: StudentsService): void {
  const c = contract.studentPage;
  route(app, c.overview, ({ query, user }) => s.overview(user, query));
  route(app, c.week, ({ query, user }) => s.week(user, query));
  route(app, c.money, ({ query, user }) => s.money(user, query));
  route(app, c.academic, ({ query, user }) => s.academic(user, query));
  route(app, c.progress, ({ query, user }) => s.progress(user, query));
  route(app, c.surveys, ({ query, user }) => s.surveys(user, query));
}
