import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route, said } from '../../http/route.ts';
import type { TimetableService } from './timetable.service.ts';

export function timetableRoutes(app: FastifyInstance, timetable: TimetableService): void {
  const c = contract.timetable;
  route(app, c.getForAdmin, ({ query }) => timetable.forAdmin(query));
  route(app, c.getForTeacher, ({ query, user }) => timetable.forTeacher(user, query));
  route(app, c.filteredByDate, ({ body }) => timetable.filtered(body));
  route(app, c.teachers, () => timetable.teachers());
  route(app, c.addAvailableTimes, async ({ body, user, request }) =>
    said(request, 'scheduleAdded', { availableTimes: await timetable.add(user, body) }),
  );
  route(app, c.cancelTime, async ({ body, user, request }) =>
    said(request, 'scheduleUpdated', await timetable.cancel(user, body)),
  );
  route(app, c.editTimeTable, async ({ body, user, request }) => {
    await timetable.editLessonNames(user, body);
    return said(request, 'scheduleEdited');
  });
  route(app, c.editStartOrEnd, async ({ body, user, request }) =>
    said(request, 'scheduleEdited', await timetable.editStartOrEnd(user, body)),
  );
  route(app, c.removeAvailableTime, async ({ body, user, request }) =>
    said(request, 'scheduleRemoved', await timetable.remove(user, body)),
  );
}
