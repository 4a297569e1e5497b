import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { createCalendarService } from './calendar.service.ts';

/**
 * Calendar feeds (issue 29): private iCal (RFC 5545) subscription addresses of one's own sessions,
 * or (staff) of a teacher's. Owns `calendar_feed_tokens`; reads people through the `people` view,
 * sessions and classes through the scheduling module's read views, and asks the reach policy
 * (`access/reach.ts`) which teachers a staff member reaches. No port: nothing else reads feeds.
 */
export function createCalendarModule(ctx: ModuleContext) {
  const service = createCalendarService(ctx);
  return {
    service,
    routes(app: FastifyInstance) {
      calendarRoutes(app, service);
    },
  };
}

export type CalendarModule = ReturnType<typeof createCalendarModule>;
