import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import { centreReportsRoutes } from './centre-reports.routes.ts';
import { createRollCallPeriodService } from './roll-call-period.service.ts';
import { createRollCallService } from './roll-call.service.ts';
import { createExamScoresService } from './exam-scores.service.ts';
// homework completion and teacher workload
import { homeworkWorkloadRoutes } from './homework-workload.routes.ts';
import { createHomeworkCompletionService } from './homework-completion.service.ts';
import { createTeacherWorkloadService } from './teacher-workload.service.ts';
import { createTeachingHoursService } from './teaching-hours.service.ts';

/**
 * The centre's reports (issue 29): owns no table; reads sessions and classes through scheduling's
 * read views, people through the users module's ports and exam scores through academic's port
 * (`classExamScores`), and asks the reach policy (`access/reach.ts`) which classes a caller's
 * figures cover; homework through academic's `homeworksView`.
 */
export function createCentreReportsModule(ctx: ModuleContext) {
  const teachingHours = createTeachingHoursService(ctx);
  const rollCall = createRollCallService(ctx);
  const rollCallPeriod = createRollCallPeriodService(ctx);
  const examScores = createExamScoresService(ctx);
  const homework = createHomeworkCompletionService(ctx);
  const workload = createTeacherWorkloadService(ctx);
  return {
    routes(app: FastifyInstance) {
      centreReportsRoutes(app, { teachingHours, rollCall, rollCallPeriod, examScores });
      homeworkWorkloadRoutes(app, homework, workload);
    },
  };
}
