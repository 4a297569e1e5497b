import type { FastifyInstance } from 'fastify';
import type { UsageCheck } from '../../lib/in-use.ts';
import type { ModuleContext } from '../module.ts';
import type { SpecificationsService } from '../specifications/specifications.module.ts';
import type { UsersService } from '../users/users.module.ts';
import { createClassesBookingService } from './classes-booking.service.ts';
import { createClassesLifecycleService } from './classes-lifecycle.service.ts';
import { createClassesReadService } from './classes-read.service.ts';
import { createClassesRosterService } from './classes-roster.service.ts';
import { classroomNamesUsingSpecification, concernedPeople } from './classes.repo.ts';
import { classesRoutes } from './classes.routes.ts';
import { schedulingEvents } from './scheduling.events.ts';
import { createSessionRecordsService } from './session-records.service.ts';
import { createSessionsService } from './sessions.service.ts';
import { timetableRoutes } from './timetable.routes.ts';
import { createTimetableService } from './timetable.service.ts';
import { belongsToAnyClassroom } from './membership.repo.ts';

/**
 * General checks and commands on classrooms and sessions, for any area: whether a student sits in
 * a class, a class's row lock (finance serialises its money per class behind it), the financial
 * confirmation of sessions (finance's allocation decides it), whether a lesson is a class's.
 */
export {
  isClassroomMember,
  isLessonOfClassroom,
  lockClassroom,
  setFinancialConfirmation,
} from './membership.repo.ts';

/** `classroomPeople(q, classroomIds)`: each class's name and its teacher, assistant and students (notifications). */
export { concernedPeople as classroomPeople };

/**
 * Timetables, classrooms and sessions (issue #5). Owns `teacher_timetables`, `available_times`,
 * `classrooms`, `classroom_students`, `classroom_lessons`, `classroom_specifications`,
 * `classroom_sessions` and `session_presences`. Tells the users module which students a teacher
 * reaches and that teachers and students in classrooms own records; refuses deleting a course a
 * class uses. Records `classroom.changed`, `session.changed` and `timetable.changed` in the outbox.
 */
export function createSchedulingModule(
  ctx: ModuleContext,
  deps: { users: UsersService; specifications: SpecificationsService },
) {
  const events = schedulingEvents(ctx.events);
  const destroyChecks: UsageCheck[] = [];
  const timetable = createTimetableService(ctx, events);
  const classes = {
    booking: createClassesBookingService(ctx, events),
    roster: createClassesRosterService(ctx, events),
    lifecycle: createClassesLifecycleService(ctx, events, destroyChecks),
    read: createClassesReadService(ctx),
    sessions: createSessionsService(ctx, events),
    records: createSessionRecordsService(ctx, events),
  };
  // A teacher who teaches, or a student who sits in, any classroom owns records: archive them instead.
  deps.users.registerOwnedRecordsCheck(async (q, user) =>
    (await belongsToAnyClassroom(q, user)) ? 'recordClassrooms' : null,
  );
  // A course a class uses can not be deleted: say which classes (SPEC §3 specifications).
  deps.specifications.registerUsageCheck(async (q, specificationId) => ({
    key: 'specificationInUse',
    names: await classroomNamesUsingSpecification(q, specificationId),
  }));
  return {
    timetable,
    classes,
    /** Another area names records of a class that must outlive it (money): destroying it is refused. */
    registerDestroyCheck(check: UsageCheck) {
      destroyChecks.push(check);
    },
    routes(app: FastifyInstance) {
      timetableRoutes(app, timetable);
      classesRoutes(app, classes);
    },
  };
}

export type SchedulingModule = ReturnType<typeof createSchedulingModule>;

// ——— academic records (issue 10): what the academic module reads of sessions, rosters and lessons.
// `scopedSession` finds a session in the caller's scope (FETCH_DATA_FAILED otherwise); the views
// are join sources for the academic reports' and surveys' hand-written SQL, with scheduling's state
// rules inside (`live`, `held`), never another module's reach into scheduling's tables.
export { assertLiveClass, scopedClassroom, scopedSession } from './classes-rules.ts';
export { lessonsOf as classroomLessonsOf, studentsOf as classroomRosterOf } from './classes.repo.ts';
export type { FoundSession } from './sessions.repo.ts';
export {
  classroomLessonsView,
  classroomMembers,
  classroomsView,
  sessionPresencesView,
  sessionsView,
} from './read-views.ts';

/** How a session's time shows in a message (reminders). */
export { formatSpan } from './format.ts';

/** What waits on sessions, counted for the staff tasks (issue 29). */
export { RECORD_WINDOW_WEEKS, sessionTaskCounts, type SessionTaskCounts } from './tasks.repo.ts';
