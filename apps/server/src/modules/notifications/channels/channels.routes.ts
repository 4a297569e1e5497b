import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route, said } from '../../../http/route.ts';
import type { ChannelsService } from './channels.service.ts';

export function channelsRoutes(app: FastifyInstance, channels: ChannelsService): void {
  const c = contract.notificationChannels;
  route(app, c.choices, ({ user }) => channels.choices(user));
  route(app, c.saveChoices, async ({ user, body, request }) => {
    await channels.saveChoices(user, body, request.language);
    return said(request, 'channelChoicesSaved');
  });
  route(app, c.webhook, () => channels.webhook());
  route(app, c.saveWebhook, async ({ user, body, request }) => {
    await channels.saveWebhook(user, body);
    return said(request, 'webhookSaved');
  });
  route(app, c.testWebhook, async ({ body, request }) => {
    await channels.testWebhook(body, request.language);
    return said(request, 'webhookTestSent');
  });
  route(app, c.failures, ({ body }) => channels.failures(body));
}
