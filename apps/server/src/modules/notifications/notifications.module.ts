import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import './notifications.events.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';
import { subscribeToEvents } from './notifications.subscribers.ts';
import { createStreamHub } from './stream-hub.ts';

/**
 * Notifications (issue 12). Owns `notifications` and `notification_stream_tickets`. Makes
 * notifications from other areas' outbox events (scheduling's now), lets staff write them, and
 * pushes new ones live to connected browsers in every process (`onEveryProcess`). Later areas add
 * theirs through `service.store(tx, recipients, draft)` inside their own transaction, or by
 * declaring an event the subscribers here turn into notifications.
 */
export function createNotificationsModule(ctx: ModuleContext) {
  const service = createNotificationsService(ctx);
  const hub = createStreamHub(ctx.db, ctx.log);
  subscribeToEvents(ctx.events, service, service.classroomName);
  ctx.events.onEveryProcess('notifications.created', ({ payload }) => hub.pushNew(payload.userKeys));
  ctx.events.onEveryProcess('notifications.read', ({ payload }) => hub.pushUnread(payload.userKey));
  return {
    service,
    hub,
    routes: (app: FastifyInstance) => notificationsRoutes(app, service, hub),
  };
}

export type NotificationsModule = ReturnType<typeof createNotificationsModule>;
export type { NotificationDraft, NotificationsService } from './notifications.service.ts';
