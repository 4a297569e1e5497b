import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../module.ts';
import { deliverySubject } from './channels/channels.repo.ts';
import { channelsRoutes } from './channels/channels.routes.ts';
import {
  createChannelsService,
  DELIVERY_ATTEMPTS,
  DELIVERY_BACKOFF_SECONDS,
} from './channels/channels.service.ts';
import './notifications.events.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';
import { subscribeToEvents } from './notifications.subscribers.ts';
import { createStreamHub } from './stream-hub.ts';

/**
 * Notifications (issue 12). Owns `notifications`, `notification_stream_tickets`, `notification_preferences`, `notification_channel_settings` and `notification_deliveries`. Makes
 * notifications from other areas' outbox events (scheduling's now), lets staff write them, and
 * pushes new ones live to connected browsers in every process (`onEveryProcess`), closing those of
 * a session that ended (`auth.sessionsEnded`); a stream ticket belongs to its session. Later areas add
 * theirs through `service.store(tx, recipients, draft)` inside their own transaction, or by
 * declaring an event the subscribers here turn into notifications. Each notification also goes
 * out by the channels its recipient chose (`channels/`: e-mail, the centre's webhook), queued in
 * the same transaction and sent by the job queue after commit.
 */
export function createNotificationsModule(ctx: ModuleContext) {
  const channels = createChannelsService(ctx);
  ctx.jobs.registerJob('notification.deliver', (payload, job) => channels.deliver(payload, job), {
    maxAttempts: DELIVERY_ATTEMPTS,
    backoffSeconds: DELIVERY_BACKOFF_SECONDS,
    subject: deliverySubject,
  });
  const service = createNotificationsService(ctx, { channels });
  const hub = createStreamHub(ctx.db, ctx.log, ctx.config.streams);
  subscribeToEvents(ctx.events, service, service.classroomName);
  ctx.events.onEveryProcess('notifications.created', ({ payload }) => hub.pushNew(payload.userKeys));
  ctx.events.onEveryProcess('notifications.read', ({ payload }) => hub.pushUnread(payload.userKey));
  // A session that ended (auth) takes its open streams along, in every process.
  ctx.events.onEveryProcess('auth.sessionsEnded', ({ payload }) => hub.closeSessions(payload.sessionIds));
  return {
    service,
    hub,
    routes: (app: FastifyInstance) => {
      notificationsRoutes(app, service, hub);
      channelsRoutes(app, channels);
    },
  };
}

export type NotificationsModule = ReturnType<typeof createNotificationsModule>;
export type { NotificationDraft, NotificationsService } from './notifications.service.ts';
