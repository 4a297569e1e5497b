import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route, said } from '../../http/route.ts';
import type { SessionRecordsService } from './session-records.service.ts';
import type { StudentRecordsService } from './student-records.service.ts';

export interface AcademicServices {
  records: SessionRecordsService;
  student: StudentRecordsService;
}

export function academicRoutes(app: FastifyInstance, s: AcademicServices): void {
  const c = contract.academic;
  route(app, c.studentClassRecords, ({ query, user }) =>
    s.student.inClass(user, query.classroomId, query.studentPublicKey),
  );
  route(app, c.sessionRecords, ({ query, user }) => s.records.read(user, query.sessionId));
  route(app, c.addHomework, async ({ body, user, request }) =>
    said(request, 'homeworkGiven', await s.records.addHomework(user, body)),
  );
  route(app, c.setHomework, async ({ body, user, request }) =>
    said(request, 'homeworkGraded', await s.records.setHomework(user, body)),
  );
  route(app, c.setExam, async ({ body, user, request }) =>
    said(request, 'examSaved', await s.records.setExam(user, body)),
  );
  route(app, c.removeExam, async ({ body, user, request }) =>
    said(request, 'examRemoved', await s.records.removeExam(user, body)),
  );
  route(app, c.setTeaching, async ({ body, user, request }) =>
    said(request, 'progressSaved', await s.records.setTeaching(user, body)),
  );
  route(app, c.setReview, async ({ body, user, request }) =>
    said(request, 'progressSaved', await s.records.setReview(user, body)),
  );
  route(app, c.setSessionFlags, async ({ body, user, request }) =>
    said(request, 'sessionFlagsSaved', await s.records.setFlags(user, body)),
  );
}
