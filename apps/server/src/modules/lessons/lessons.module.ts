import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import { lessonHoursOf, lessonSummaries } from './lessons.repo.ts';
import { lessonsRoutes } from './lessons.routes.ts';
import { createLessonsService } from './lessons.service.ts';

/**
 * Lessons (SPEC §3 Lesson). Owns `lessons`. Courses read lessons through `lessonSummaries` and
 * `lessonHoursOf`, and refuse a lesson's deletion through the service's `registerUsageCheck`.
 */
export { lessonHoursOf, lessonSummaries };

export function createLessonsModule(ctx: ModuleContext) {
  const service = createLessonsService({
    db: ctx.db,
    transaction: ctx.transaction,
    listAllCap: ctx.config.listAllCap,
  });
  return {
    service,
    routes: (app: FastifyInstance) => lessonsRoutes(app, service),
  };
}

export type LessonsModule = ReturnType<typeof createLessonsModule>;
export type { LessonsService } from './lessons.service.ts';
