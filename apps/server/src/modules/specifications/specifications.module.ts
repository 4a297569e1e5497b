import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import type { LessonsService } from '../lessons/lessons.module.ts';
import { createCourseFileStore } from './course-file-store.ts';
import { summariesByIds } from './specifications.repo.ts';
import { specificationsRoutes } from './specifications.routes.ts';
import { createSpecificationsService } from './specifications.service.ts';

/**
 * Courses (the spec's specifications), their lessons and course files. Owns `specifications`,
 * `specification_lessons`, `course_files` and `course_file_tickets`. Classrooms read courses
 * through `courseSummaries` and refuse a course's deletion through `registerUsageCheck`.
 */
export const courseSummaries = summariesByIds;

export function createSpecificationsModule(ctx: ModuleContext, deps: { lessons: LessonsService }) {
  const service = createSpecificationsService({
    db: ctx.db,
    transaction: ctx.transaction,
    lessons: deps.lessons,
    store: createCourseFileStore({ filesDir: ctx.config.filesDir, maxUploadBytes: ctx.config.maxUploadBytes }),
    listAllCap: ctx.config.listAllCap,
    log: ctx.log,
  });
  return {
    service,
    routes: (app: FastifyInstance) =>
      specificationsRoutes(app, service, { maxUploadBytes: ctx.config.maxUploadBytes }),
  };
}

export type SpecificationsModule = ReturnType<typeof createSpecificationsModule>;
export type { SpecificationsService } from './specifications.service.ts';
