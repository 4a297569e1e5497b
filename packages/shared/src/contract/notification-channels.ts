import { okResponse } from '../schemas/common.ts';
import { listQuery } from '../schemas/list-query.ts';
import {
  channelChoices,
  channelChoicesBody,
  failedDeliveryList,
  webhookSettings,
  webhookSettingsBody,
  webhookTested,
} from '../schemas/notification-channels.ts';
import { defineEndpoint } from './define.ts';

/** Notification channels (issue 12): a user's choices, the centre's webhook, the Admin's failures list. */
export const notificationChannelsContract = {
  choices: defineEndpoint({
    name: 'notificationChannels.choices',
    method: 'GET',
    path: 'notification/channels',
    response: channelChoices,
    access: 'notifications.read',
    summary:
      "The caller's extra channels (e-mail, webhook) per messageType, and which channels the server can send.",
  }),
  saveChoices: defineEndpoint({
    name: 'notificationChannels.saveChoices',
    method: 'PUT',
    path: 'notification/channels',
    body: channelChoicesBody,
    response: okResponse,
    access: 'notifications.read',
    summary:
      "Saves the caller's extra channels per messageType; e-mails and webhook posts then speak the request's language.",
  }),
  webhook: defineEndpoint({
    name: 'notificationChannels.webhook',
    method: 'GET',
    path: 'notification/webhook',
    response: webhookSettings,
    access: 'notifications.manageChannels',
    summary: "The centre's group-chat webhook (URL and JSON style) and whether e-mail (SMTP_URL) is set up.",
  }),
  saveWebhook: defineEndpoint({
    name: 'notificationChannels.saveWebhook',
    method: 'PUT',
    path: 'notification/webhook',
    body: webhookSettingsBody,
    response: okResponse,
    access: 'notifications.manageChannels',
    summary: "Sets the centre's group-chat webhook URL (empty: off) and its JSON style (slack or wecom).",
  }),
  testWebhook: defineEndpoint({
    name: 'notificationChannels.testWebhook',
    method: 'POST',
    path: 'notification/webhook/test',
    body: webhookSettingsBody,
    response: webhookTested,
    access: 'notifications.manageChannels',
    summary:
      'Posts a test message to the given webhook now and tells whether it went through (nothing is saved).',
  }),
  failures: defineEndpoint({
    name: 'notificationChannels.failures',
    method: 'POST',
    path: 'notification/deliveries/failed',
    body: listQuery,
    response: failedDeliveryList,
    access: 'notifications.manageChannels',
    listColumns: {
      fullName: { type: 'text' },
      channel: { type: 'enum' },
      messageType: { type: 'enum' },
      state: { type: 'enum' },
      lastError: { type: 'text', sortable: false },
      attempts: { type: 'number' },
      updateMoment: { type: 'time' },
      createMoment: { type: 'time' },
    },
    summary:
      'E-mails and webhook posts that did not go through: retrying (with back-off) or failed for good; recipient, channel, type, attempts, last error.',
  }),
};
