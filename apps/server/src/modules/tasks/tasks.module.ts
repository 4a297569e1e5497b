import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import { tasksRoutes } from './tasks.routes.ts';
import { createTasksService } from './tasks.service.ts';

/**
 * The staff tasks (issue 29): a composition module like `students`. Owns no table and writes
 * nothing; counts what waits for the caller through each area's `<area>.module.ts` port
 * (scheduling's sessions, academic's homework, finance's money, progress's course plans), each
 * count narrowed by the reach policy (`access/reach.ts`). Created last: it reads every area.
 */
export function createTasksModule(ctx: ModuleContext) {
  const service = createTasksService(ctx);
  return {
    service,
    routes(app: FastifyInstance) {
      tasksRoutes(app, service);
    },
  };
}

export type TasksModule = ReturnType<typeof createTasksModule>;
