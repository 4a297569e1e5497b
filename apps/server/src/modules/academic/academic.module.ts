import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import type { UsersService } from '../users/users.module.ts';
import { academicEvents } from './academic.events.ts';
import { academicRoutes } from './academic.routes.ts';
import { hasAcademicRecords } from './ownership.repo.ts';
import { createSessionRecordsService } from './session-records.service.ts';
import { createStudentRecordsService } from './student-records.service.ts';
// session reports and parent report links (acad-parent)
import { createParentLinksService } from './parent-links.service.ts';
import { sessionReportRoutes } from './session-report.routes.ts';
import { createSessionReportService } from './session-report.service.ts';
// academic reports (issue 10)
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';
// homework files (hw-files)
import { homeworkFilesRoutes } from './homework-files.routes.ts';
import { createHomeworkFilesService } from './homework-files.service.ts';

/** A student's page (issue 31): per class of a student, sessions, presence, homework and exams (the caller passes the classes it reaches). */
export { studentLines, type StudentLineRow } from './student-lines.repo.ts';
/** Homework done and not graded yet, counted for the staff tasks (issue 29). */
export { homeworkToGradeCount } from './tasks.repo.ts';
/** Exam scores per class, kind and examined name, for the centre reports (issue 29). */
export { classExamScores, type ClassExamScoresRow } from './exam-scores.repo.ts';
/** Homework as other areas read it: done, overdue (the homework-completion report, issue 29). */
export { homeworksView } from './read-views.ts';

/**
 * Academic records (issue 10): homework, exams, lesson progress and the WithOut… flags per session,
 * and the reads built on them. Owns `homeworks`, `exams`,
 * `lesson_progress`, `session_academic_flags`, `homework_files` and `homework_file_tickets`; reads sessions, rosters
 * and lessons through the scheduling module's ports. Records `homework.given`, `homework.graded`
 * and `exam.recorded` in the outbox.
 */
export function createAcademicModule(ctx: ModuleContext, deps: { users: UsersService }) {
  // A student's homework and exams are their history: such a student is archived, not deleted.
  deps.users.registerOwnedRecordsCheck(async (q, user) =>
    user.role === 'Student' && (await hasAcademicRecords(q, user.publicKey)) ? 'recordAcademic' : null,
  );
  const events = academicEvents(ctx.events);
  const services = {
    records: createSessionRecordsService(ctx, events),
    student: createStudentRecordsService(ctx),
    // session reports and parent report links (acad-parent)
    sessionReport: createSessionReportService(ctx),
    parentLinks: createParentLinksService(ctx),
  };
  // academic reports (issue 10): the student-level reports and the to-do list.
  const reports = createReportsService(ctx);
  // homework files (hw-files)
  const homeworkFiles = createHomeworkFilesService(ctx);
  return {
    services,
    async routes(app: FastifyInstance) {
      academicRoutes(app, services);
      // session reports and parent report links (acad-parent)
      sessionReportRoutes(app, services);
      // academic reports (issue 10)
      reportsRoutes(app, reports);
      // homework files (hw-files)
      await homeworkFilesRoutes(app, homeworkFiles);
    },
  };
}

export type AcademicModule = ReturnType<typeof createAcademicModule>;
