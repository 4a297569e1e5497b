import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { events } from '../../lib/events.ts';
import type { SpecificationsService } from '../specifications/specifications.service.ts';
import { classroomNamesUsingSpecification } from './classes.repo.ts';
import { classesRoutes } from './classes.routes.ts';
import { createClassesService } from './classes.service.ts';
import { createSessionsService } from './sessions.service.ts';
import { timetableRoutes } from './timetable.routes.ts';
import { createTimetableService } from './timetable.service.ts';

/** Timetables, classrooms and sessions (issue #5): the services, their routes, the event hook's logger. */
export function schedulingModule(
  app: FastifyInstance,
  deps: { db: Db; config: Config; specifications: SpecificationsService },
) {
  const timetable = createTimetableService(deps);
  const classes = createClassesService(deps);
  const sessions = createSessionsService(deps);
  // A course a class uses can not be deleted: say which classes (SPEC §3 specifications).
  deps.specifications.registerUsageCheck(async (q, specificationId) => ({
    key: 'specificationInUse',
    names: await classroomNamesUsingSpecification(q, specificationId),
  }));
  events.setErrorHandler((error, name) =>
    app.log.error({ err: error, event: name }, 'event listener failed'),
  );
  timetableRoutes(app, timetable);
  classesRoutes(app, classes, sessions);
  return { timetable, classes, sessions };
}
