import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import { studentsRoutes } from './students.routes.ts';
import { createStudentsService } from './students.service.ts';

/**
 * A student's page (issue 31): a composition module. Owns no table; reads the student's card
 * through the users module's port, classes and sessions over scheduling's read views, money
 * through finance's, academic lines through academic's, the course plan through progress's and
 * survey participation through surveys' — each through that area's `<area>.module.ts` — and asks
 * the reach policy (`access/reach.ts`) first. Created last: it depends on every area it reads.
 */
export function createStudentsModule(ctx: ModuleContext) {
  const service = createStudentsService(ctx);
  return {
    service,
    routes(app: FastifyInstance) {
      studentsRoutes(app, service);
    },
  };
}

export type StudentsModule = ReturnType<typeof createStudentsModule>;
