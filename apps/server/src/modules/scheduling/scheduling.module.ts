import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import type { SpecificationsService } from '../specifications/specifications.module.ts';
import type { UsersService } from '../users/users.module.ts';
import { classroomNamesUsingSpecification } from './classes.repo.ts';
import { classesRoutes } from './classes.routes.ts';
import { createClassesService } from './classes.service.ts';
import './scheduling.events.ts';
import { createSessionsService } from './sessions.service.ts';
import { timetableRoutes } from './timetable.routes.ts';
import { createTimetableService } from './timetable.service.ts';
import { classroomOwnership, classroomStudentsOf } from './user-links.ts';

/**
 * Timetables, classrooms and sessions (issue #5). Owns `teacher_timetables`, `available_times`,
 * `classrooms`, `classroom_students`, `classroom_lessons`, `classroom_specifications`,
 * `classroom_sessions` and `session_presences`. Tells the users module which students a teacher
 * reaches and that teachers and students in classrooms own records; refuses deleting a course a
 * class uses.
 */
export function createSchedulingModule(
  ctx: ModuleContext,
  deps: { users: UsersService; specifications: SpecificationsService },
) {
  const timetable = createTimetableService(ctx);
  const classes = createClassesService(ctx);
  const sessions = createSessionsService(ctx);
  deps.users.setClassroomStudents(classroomStudentsOf);
  deps.users.registerOwnedRecordsCheck(classroomOwnership);
  // A course a class uses can not be deleted: say which classes (SPEC §3 specifications).
  deps.specifications.registerUsageCheck(async (q, specificationId) => ({
    key: 'specificationInUse',
    names: await classroomNamesUsingSpecification(q, specificationId),
  }));
  return {
    timetable,
    classes,
    sessions,
    routes(app: FastifyInstance) {
      timetableRoutes(app, timetable);
      classesRoutes(app, classes, sessions);
    },
  };
}

export type SchedulingModule = ReturnType<typeof createSchedulingModule>;
