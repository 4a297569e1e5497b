import type { FastifyInstance } from 'fastify';
import { contract, formatMessage, type Language } from '@tutoria/shared';
import { route, said } from '../../http/route.ts';
import type { NotificationsService } from './notifications.service.ts';
import type { StreamHub } from './stream-hub.ts';
import { toNotification } from './views.ts';

type Page = Awaited<ReturnType<NotificationsService['list']>>;

/** Texts are rendered here, in the reader's language (Accept-Language), from the stored keys. */
const rendered = (page: Page, language: Language) => ({
  data: page.data.map((row) => toNotification(row, language)),
  totalCount: page.totalCount,
});

export function notificationsRoutes(
  app: FastifyInstance,
  notifications: NotificationsService,
  hub: StreamHub,
): void {
  const c = contract.notifications;
  route(app, c.adminList, async ({ user, body, request }) =>
    rendered(await notifications.list(user, body, true), request.language),
  );
  route(app, c.ownList, async ({ user, body, request }) =>
    rendered(await notifications.list(user, body, false), request.language),
  );
  route(app, c.unreadCount, async ({ user }) => ({ unreadCount: await notifications.unreadCount(user) }));
  route(app, c.read, async ({ user, body, request }) =>
    said(request, 'notificationsRead', await notifications.markRead(user, body)),
  );
  route(app, c.create, async ({ user, body, request }) => {
    const count = await notifications.create(user, body);
    return {
      isSuccess: true as const,
      message: formatMessage(request.language, 'notificationsSent', { count }),
      count,
    };
  });
  route(app, c.streamTicket, ({ user, request }) => notifications.streamTicket(user, request.language));
  // The stream answers by Server-Sent Events on the raw response; the ticket stands in for the token.
  // A refusal (no such ticket, too many streams) is an ordinary error answer: the hub takes the
  // response over only once it accepted the stream.
  route(app, c.stream, async ({ query, request, reply }) => {
    const reader = await notifications.openStream(query.ticket);
    const header = Number(request.headers['last-event-id']);
    const lastEventId =
      request.headers['last-event-id'] && Number.isInteger(header) && header >= 0
        ? header
        : query.lastEventId;
    hub.attach(
      reader,
      () => {
        reply.hijack();
        return reply.raw;
      },
      lastEventId,
    );
    return '';
  });
  app.addHook('preClose', (done) => {
    hub.closeAll();
    done();
  });
}
