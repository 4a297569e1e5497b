import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import { progressRoutes } from './progress.routes.ts';
import { createProgressService } from './progress.service.ts';

/**
 * Course plans and the progress stage of a student (issue 12). Owns `course_plan_entries`,
 * `progress_applications`, `progress_application_stages` and `course_plan_export_tickets`; reads
 * people through the `people` view, the hours held per lesson type through the scheduling
 * module's read views (`held-hours.repo.ts`) and asks the reach policy (`access/reach.ts`) whose
 * plans a caller reaches. Its port: `progressOfStudent(q, studentKey)`, a student's plan and
 * applications (a student's page, issue 31; the caller decides the reach).
 */
export { progressOfStudent } from './student-stage.ts';
/** Active students with no course plan, counted for the staff tasks (issue 29). */
export { studentsWithoutPlanCount } from './tasks.repo.ts';

export function createProgressModule(ctx: ModuleContext) {
  const service = createProgressService(ctx);
  return {
    service,
    routes(app: FastifyInstance) {
      progressRoutes(app, service);
    },
  };
}

export type ProgressModule = ReturnType<typeof createProgressModule>;
