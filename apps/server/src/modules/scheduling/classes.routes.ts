import type { FastifyInstance } from 'fastify';
import { type BookingConflict, contract, formatMessage, type Language } from '@tutoria/shared';
import { route, said } from '../../http/route.ts';
import type { FoundConflict } from './booking.ts';
import type { ClassesBookingService } from './classes-booking.service.ts';
import type { ClassesLifecycleService } from './classes-lifecycle.service.ts';
import type { ClassesReadService } from './classes-read.service.ts';
import type { ClassesRosterService } from './classes-roster.service.ts';
import type { SessionRecordsService } from './session-records.service.ts';
import type { SessionsService } from './sessions.service.ts';

export interface ClassesServices {
  booking: ClassesBookingService;
  roster: ClassesRosterService;
  lifecycle: ClassesLifecycleService;
  read: ClassesReadService;
  sessions: SessionsService;
  records: SessionRecordsService;
}

/** A clash as the response says it: its message in the caller's language. */
function describeConflict({ key, values, ...conflict }: FoundConflict, language: Language): BookingConflict {
  return { ...conflict, message: formatMessage(language, key, values) };
}

export function classesRoutes(app: FastifyInstance, s: ClassesServices): void {
  const c = contract.classes;
  route(app, c.create, async ({ body, user, request }) =>
    said(request, 'scheduleCreated', await s.booking.create(user, body)),
  );
  route(app, c.checkTimes, async ({ body, request }) => {
    const check = await s.booking.checkTimes(body);
    return {
      ...check,
      times: check.times.map((t) => ({
        ...t,
        conflicts: t.conflicts.map((x) => describeConflict(x, request.language)),
      })),
    };
  });
  route(app, c.list, ({ body, user }) => s.read.list(user, body));
  route(app, c.listOfTeacher, ({ body, user }) => s.read.listOfTeacher(user, body));
  route(app, c.get, ({ query, user }) => s.read.details(user, query.classroomId));
  route(app, c.filteredByDate, ({ body, user }) => s.read.filteredByDate(user, body));
  route(app, c.timesState, ({ query, user }) => s.read.timesState(user, query.classroomId));
  route(app, c.notAvailableStudents, ({ query }) => s.read.notAvailableStudents(query));
  route(app, c.notAvailableRooms, ({ query }) => s.read.notAvailableRooms(query));
  route(app, c.classNumbers, () => s.read.classNumbers());
  route(app, c.ofUser, ({ query, user }) => s.read.ofUser(user, query.publicKey));
  route(app, c.passedLessons, ({ query, user }) => s.read.passedLessons(user, query.classroomId));
  route(app, c.sessionsOfLesson, ({ query, user }) =>
    s.read.sessionsOfLesson(user, query.classroomId, query.classroomLessonId),
  );

  route(app, c.edit, async ({ body, user, request }) =>
    said(request, 'classEdited', await s.lifecycle.edit(user, body)),
  );
  route(app, c.editTimesAndLessons, async ({ body, user, request }) =>
    said(request, 'scheduleUpdated', await s.booking.editTimesAndLessons(user, body)),
  );
  route(app, c.addLesson, async ({ body, user, request }) =>
    said(request, 'scheduleAdded', await s.roster.addLesson(user, body)),
  );
  route(app, c.removeLesson, async ({ body, user, request }) =>
    said(request, 'scheduleRemoved', await s.roster.removeLesson(user, body)),
  );
  route(app, c.addSpecifications, async ({ body, user, request }) =>
    said(request, 'scheduleAdded', await s.roster.addSpecifications(user, body)),
  );
  route(app, c.removeSpecification, async ({ body, user, request }) =>
    said(request, 'scheduleRemoved', await s.roster.removeSpecifications(user, body)),
  );
  route(app, c.addStudents, async ({ body, user, request }) =>
    said(request, 'scheduleAdded', await s.roster.addStudents(user, body)),
  );
  route(app, c.removeStudent, async ({ body, user, request }) =>
    said(request, 'scheduleRemoved', await s.roster.removeStudent(user, body)),
  );
  route(app, c.archive, async ({ body, user, request }) =>
    said(
      request,
      body.archived ? 'classArchivedDone' : 'classUnarchivedDone',
      await s.lifecycle.archive(user, body),
    ),
  );
  route(app, c.disable, async ({ body, user, request }) =>
    said(request, 'classDisabledDone', await s.lifecycle.disable(user, body.classroomId)),
  );
  route(app, c.destroy, async ({ body, user, request }) => {
    await s.lifecycle.destroy(user, body);
    return said(request, 'scheduleDeleted');
  });

  route(app, c.editTimeDetail, async ({ body, user, request }) =>
    said(request, 'scheduleUpdated', await s.sessions.editTimeDetail(user, body)),
  );
  route(app, c.cancelSession, async ({ body, user, request }) =>
    said(request, 'scheduleUpdated', await s.sessions.cancel(user, body.sessionId)),
  );
  route(app, c.removeAllTimes, async ({ body, user, request }) =>
    said(request, 'scheduleRemoved', await s.sessions.removeAllTimes(user, body.classroomId)),
  );
  route(app, c.confirmChangesByTeacher, async ({ body, user, request }) =>
    said(request, 'changesConfirmed', await s.sessions.confirmChanges(user, body, 'teacher')),
  );
  route(app, c.confirmChangesBySchedulingAdmin, async ({ body, user, request }) =>
    said(request, 'changesConfirmed', await s.sessions.confirmChanges(user, body, 'admin')),
  );

  route(app, c.setPresence, async ({ body, user, request }) =>
    said(request, 'scheduleUpdated', await s.records.setPresence(user, body)),
  );
  route(app, c.setTeachingDayInfo, async ({ body, user, request }) =>
    said(request, 'scheduleUpdated', await s.records.setTeachingDayInfo(user, body)),
  );
  route(app, c.resetSessionInfo, async ({ body, user, request }) =>
    said(request, 'scheduleUpdated', await s.records.reset(user, body.sessionId)),
  );
  route(app, c.confirmByTeacher, async ({ body, user, request }) =>
    said(request, 'sessionConfirmedByTeacher', await s.records.confirmByTeacher(user, body.sessionId)),
  );
  route(app, c.confirmByAdmin, async ({ body, user, request }) =>
    said(request, 'classConfirmed', await s.records.confirmByAdmin(user, body.sessionId)),
  );
  route(app, c.revertToTeacher, async ({ body, user, request }) =>
    said(request, 'sessionReverted', await s.records.revert(user, body.sessionId)),
  );
}
