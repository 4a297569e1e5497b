import { listQuery } from '../schemas/list-query.ts';
import {
  createNotificationBody,
  messagesRead,
  notificationList,
  notificationsSent,
  notificationStreamQuery,
  readMessagesBody,
  streamTicket,
  unreadCount,
} from '../schemas/notifications.ts';
import { z } from 'zod';
import { defineEndpoint } from './define.ts';

const listColumns = {
  message: { type: 'text' },
  messageType: { type: 'enum' },
  isRead: { type: 'boolean' },
  createMoment: { type: 'time' },
} as const;

/** Notifications (SPEC §7 Notifications, §6: the Admin's list and everyone else's own). */
export const notificationsContract = {
  adminList: defineEndpoint({
    name: 'notifications.adminList',
    method: 'POST',
    path: 'notification/admin',
    aliases: ['admin_notifications'],
    body: listQuery,
    response: notificationList,
    access: 'notifications.readAll',
    listColumns: {
      ...listColumns,
      userPublicKey: { type: 'text', sortable: false },
      fullName: { type: 'text' },
    },
    summary:
      "Everyone's notifications (Admin), paged; filter by message text, messageType, isRead and the recipient (userPublicKey, fullName).",
  }),
  ownList: defineEndpoint({
    name: 'notifications.ownList',
    method: 'POST',
    path: 'notification/own',
    aliases: ['teacher_notifications'],
    body: listQuery,
    response: notificationList,
    access: 'notifications.read',
    listColumns,
    summary: "The caller's own notifications, paged; filter by message text, messageType and isRead.",
  }),
  unreadCount: defineEndpoint({
    name: 'notifications.unreadCount',
    method: 'GET',
    path: 'notification/unreadCount',
    response: unreadCount,
    access: 'notifications.read',
    summary: "How many of the caller's notifications are unread (the header bell).",
  }),
  read: defineEndpoint({
    name: 'notifications.read',
    method: 'PUT',
    path: 'notification/read',
    aliases: ['read_message'],
    body: readMessagesBody,
    response: messagesRead,
    access: 'notifications.read',
    summary: "Marks some (messageIds) or all of the caller's notifications read; idempotent.",
  }),
  create: defineEndpoint({
    name: 'notifications.create',
    method: 'POST',
    path: 'notification/create',
    aliases: ['createNotification'],
    body: createNotificationBody,
    response: notificationsSent,
    access: 'notifications.create',
    summary:
      "Sends a notification to chosen users, every active user of a role, or a class's students and teachers.",
  }),
  streamTicket: defineEndpoint({
    name: 'notifications.streamTicket',
    method: 'POST',
    path: 'notification/streamTicket',
    response: streamTicket,
    access: 'notifications.read',
    summary: 'A one-use ticket, valid for a minute, that opens the live notification stream.',
  }),
  stream: defineEndpoint({
    name: 'notifications.stream',
    method: 'GET',
    path: 'notification/stream',
    query: notificationStreamQuery,
    response: z.string(),
    access: 'public',
    unsigned: true,
    summary:
      'Server-Sent Events of new notifications and the unread count, opened with a ticket (never the bearer token); Last-Event-ID catches up.',
  }),
};
