import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route } from '../../http/route.ts';
import type { ReportsService } from './reports.service.ts';

/** The student-level reports (SPEC §7 Reports; issue 10). */
export function reportsRoutes(app: FastifyInstance, s: ReportsService): void {
  const c = contract.reports;
  route(app, c.pendingHomeworks, ({ query, user }) => s.pendingHomeworks(user, query));
  route(app, c.completedHomeworks, ({ query, user }) => s.completedHomeworks(user, query));
  route(app, c.lessonNameTeachingProgress, ({ query, user }) =>
    s.progress(user, query, 'lesson_name', 'teaching'),
  );
  route(app, c.lessonNameReviewProgress, ({ query, user }) =>
    s.progress(user, query, 'lesson_name', 'review'),
  );
  route(app, c.lessonTitleTeachingProgress, ({ query, user }) =>
    s.progress(user, query, 'lesson_title', 'teaching'),
  );
  route(app, c.lessonTitleReviewProgress, ({ query, user }) =>
    s.progress(user, query, 'lesson_title', 'review'),
  );
  route(app, c.studentExamsScore, ({ query, user }) => s.examsScore(user, query));
  route(app, c.studentAvgExamsScore, ({ query, user }) => s.averageExamsScore(user, query));
  route(app, c.studentsAverageExamsScore, ({ query, user }) => s.studentsAverageExamsScore(user, query));
  route(app, c.completedHomeworkTimeline, ({ query, user }) => s.completedHomeworkTimeline(user, query));
  route(app, c.studentPresentationReport, ({ query, user }) => s.presence(user, query));
  route(app, c.classroomReportOfStudent, ({ query, user }) => s.classroomsOfStudent(user, query));
  route(app, c.studentTasks, ({ body, user }) => s.tasks(user, body));
  route(app, c.missingRecords, ({ query, user }) => s.missingRecords(user, query));
}
