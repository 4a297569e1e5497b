import type { FastifyInstance } from 'fastify';
import { contract, formatMessage, type Language, type MessageKey } from '@tutoria/shared';
import { route } from '../../http/route.ts';
import type { ClassesService } from './classes.service.ts';
import type { SessionsService } from './sessions.service.ts';

const done = <T extends object>(language: Language, key: MessageKey, extra: T) => ({
  isSuccess: true as const,
  message: formatMessage(language, key),
  ...extra,
});

export function classesRoutes(
  app: FastifyInstance,
  classes: ClassesService,
  sessions: SessionsService,
): void {
  const c = contract.classes;
  route(app, c.create, async ({ body, user, request }) =>
    done(request.language, 'scheduleCreated', await classes.create(user, body, request.language)),
  );
  route(app, c.checkTimes, ({ body, request }) => classes.checkTimes(body, request.language));
  route(app, c.list, ({ body, user }) => classes.list(user, body));
  route(app, c.listOfTeacher, ({ body, user }) => classes.listOfTeacher(user, body));
  route(app, c.get, ({ query, user }) => classes.details(user, query.classroomId));
  route(app, c.filteredByDate, ({ body, user }) => classes.filteredByDate(user, body));
  route(app, c.timesState, ({ query, user }) => classes.timesState(user, query.classroomId));
  route(app, c.notAvailableStudents, ({ query }) => classes.notAvailableStudents(query));
  route(app, c.notAvailableRooms, ({ query }) => classes.notAvailableRooms(query));
  route(app, c.classNumbers, () => classes.classNumbers());
  route(app, c.ofUser, ({ query, user }) => classes.ofUser(user, query.publicKey));
  route(app, c.passedLessons, ({ query, user }) => classes.passedLessons(user, query.classroomId));
  route(app, c.sessionsOfLesson, ({ query, user }) =>
    classes.sessionsOfLesson(user, query.classroomId, query.classroomLessonId),
  );

  route(app, c.edit, async ({ body, user, request }) =>
    done(request.language, 'classEdited', await classes.edit(user, body, request.language)),
  );
  route(app, c.editTimesAndLessons, async ({ body, user, request }) =>
    done(
      request.language,
      'scheduleUpdated',
      await classes.editTimesAndLessons(user, body, request.language),
    ),
  );
  route(app, c.addLesson, async ({ body, user, request }) =>
    done(request.language, 'scheduleAdded', await classes.addLesson(user, body)),
  );
  route(app, c.removeLesson, async ({ body, user, request }) =>
    done(request.language, 'scheduleRemoved', await classes.removeLesson(user, body)),
  );
  route(app, c.addSpecifications, async ({ body, user, request }) =>
    done(request.language, 'scheduleAdded', await classes.addSpecifications(user, body)),
  );
  route(app, c.removeSpecification, async ({ body, user, request }) =>
    done(request.language, 'scheduleRemoved', await classes.removeSpecifications(user, body)),
  );
  route(app, c.addStudents, async ({ body, user, request }) =>
    done(request.language, 'scheduleAdded', await classes.addStudents(user, body, request.language)),
  );
  route(app, c.removeStudent, async ({ body, user, request }) =>
    done(request.language, 'scheduleRemoved', await classes.removeStudent(user, body)),
  );
  route(app, c.archive, async ({ body, user, request }) => {
    const key = await classes.archive(user, body);
    return done(request.language, key, { classroomId: body.classroomId });
  });
  route(app, c.disable, async ({ body, user, request }) =>
    done(request.language, 'classDisabledDone', await classes.disable(user, body.classroomId)),
  );
  route(app, c.destroy, async ({ body, user, request }) => {
    await classes.destroy(user, body);
    return done(request.language, 'scheduleDeleted', {});
  });

  route(app, c.editTimeDetail, async ({ body, user, request }) =>
    done(request.language, 'scheduleUpdated', await sessions.editTimeDetail(user, body, request.language)),
  );
  route(app, c.cancelSession, async ({ body, user, request }) =>
    done(request.language, 'scheduleUpdated', await sessions.cancel(user, body.sessionId)),
  );
  route(app, c.removeAllTimes, async ({ body, user, request }) =>
    done(request.language, 'scheduleRemoved', await sessions.removeAllTimes(user, body.classroomId)),
  );
  route(app, c.setPresence, async ({ body, user, request }) =>
    done(request.language, 'scheduleUpdated', await sessions.setPresence(user, body)),
  );
  route(app, c.setTeachingDayInfo, async ({ body, user, request }) =>
    done(request.language, 'scheduleUpdated', await sessions.setTeachingDayInfo(user, body)),
  );
  route(app, c.resetSessionInfo, async ({ body, user, request }) =>
    done(request.language, 'scheduleUpdated', await sessions.reset(user, body.sessionId)),
  );
  route(app, c.confirmByTeacher, async ({ body, user, request }) =>
    done(
      request.language,
      'sessionConfirmedByTeacher',
      await sessions.confirmByTeacher(user, body.sessionId),
    ),
  );
  route(app, c.confirmByAdmin, async ({ body, user, request }) =>
    done(request.language, 'classConfirmed', await sessions.confirmByAdmin(user, body.sessionId)),
  );
  route(app, c.revertToTeacher, async ({ body, user, request }) =>
    done(request.language, 'sessionReverted', await sessions.revert(user, body.sessionId)),
  );
  route(app, c.confirmChangesByTeacher, async ({ body, user, request }) =>
    done(request.language, 'changesConfirmed', await sessions.confirmChanges(user, body, 'teacher')),
  );
  route(app, c.confirmChangesBySchedulingAdmin, async ({ body, user, request }) =>
    done(request.language, 'changesConfirmed', await sessions.confirmChanges(user, body, 'admin')),
  );
}
