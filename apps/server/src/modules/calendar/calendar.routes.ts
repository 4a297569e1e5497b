import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '@tutoria/shared';
import { route, said } from '../../http/route.ts';
import type { CalendarService } from './calendar.service.ts';

/** Where the caller reached this server: a feed's address is given to calendar apps outside. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function calendarRoutes(app: FastifyInstance, s: CalendarService): void {
  const c = contract.calendar;
  route(app, c.mine, ({ user }) => s.mine(user));
  route(app, c.resetMine, async ({ user, request }) =>
    said(request, 'calendarFeedMade', await s.resetMine(user, request.language, originOf(request))),
  );
  route(app, c.teacherFeed, async ({ body, user, request }) =>
    said(
      request,
      'calendarFeedMade',
      await s.teacherFeed(user, body.teacherPublicKey, request.language, originOf(request)),
    ),
  );
  route(app, c.feed, async ({ params, reply }) => {
    const calendar = await s.feed(params.file);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(calendar);
  });
}
