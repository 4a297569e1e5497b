import { z } from 'zod';
import { role } from './auth.ts';
import { entityId, epochSeconds, listResponse, okResponse, publicKey, textInput } from './common.ts';

/**
 * Notifications (SPEC §3 Notification, §7 Notifications, issue 12). messageType: SPEC's three plus
 * `General` for what staff write themselves; later areas append theirs here.
 */
export const messageTypes = ['Classroom', 'TimeTable', 'Financial', 'General', 'Academic'] as const;
export const messageType = z.enum(messageTypes);
export type MessageType = z.infer<typeof messageType>;

export const NOTIFICATION_MESSAGE_MAX = 1000;
export const READ_MESSAGES_MAX = 500;
export const NOTIFICATION_USERS_MAX = 500;

export const notification = z.object({
  messageId: entityId,
  /** Rendered in the reader's language from the stored key and parameters. */
  message: z.string(),
  messageType,
  isRead: z.boolean(),
  createMoment: epochSeconds,
  /** The recipient (the Admin's list names everyone's). */
  userPublicKey: publicKey,
  fullName: z.string(),
  /** The recipient's role: the Admin's list links a student's name to their page (issue 31). */
  userRole: role,
});
export type Notification = z.infer<typeof notification>;
export const notificationList = listResponse(notification);

export const unreadCount = z.object({ unreadCount: z.number().int() });

/**
 * `read_message {messageIds, publicKey}`: marks the caller's own notifications read (publicKey is
 * the caller's); `all` marks every one of them. Idempotent: a read one stays read.
 */
export const readMessagesBody = z
  .strictObject({
    messageIds: z.array(entityId).max(READ_MESSAGES_MAX).default([]),
    publicKey,
    all: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (!value.all && value.messageIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['messageIds'], params: { messageKey: 'selectMessages' } });
    }
  });
export type ReadMessagesBody = z.infer<typeof readMessagesBody>;
export const messagesRead = okResponse.extend({ updated: z.number().int(), unreadCount: z.number().int() });

/** Who a staff notification goes to: exactly one of chosen users, every active user of a role, or a class's people. */
export const createNotificationBody = z
  .strictObject({
    message: textInput().trim().min(1).max(NOTIFICATION_MESSAGE_MAX),
    messageType: messageType.default('General'),
    userPublicKeys: z.array(publicKey).max(NOTIFICATION_USERS_MAX).optional(),
    role: role.optional(),
    classroomId: entityId.optional(),
  })
  .superRefine((value, ctx) => {
    const chosen = [value.userPublicKeys?.length ? 1 : 0, value.role ? 1 : 0, value.classroomId ? 1 : 0];
    if (chosen.reduce((a, b) => a + b, 0) !== 1) {
      ctx.addIssue({ code: 'custom', path: ['userPublicKeys'], params: { messageKey: 'chooseRecipients' } });
    }
  });
export type CreateNotificationBody = z.infer<typeof createNotificationBody>;
export const notificationsSent = okResponse.extend({ count: z.number().int() });

/** A one-use, short-lived ticket that opens the live stream (an EventSource sends no Authorization header). */
export const streamTicket = z.object({ ticket: z.string(), expiresAt: epochSeconds });
export const notificationStreamQuery = z.strictObject({
  ticket: textInput().min(20).max(100),
  /** The last event seen, for a browser that reconnects with a new ticket (same as the Last-Event-ID header). */
  lastEventId: z.coerce.number().int().min(0).optional(),
});

/** What the live stream sends: `notification` events (id = the notification's sequence number) and `unread`. */
export const liveNotification = notification
  .pick({ messageId: true, message: true, messageType: true, createMoment: true })
  .extend({
    unreadCount: z.number().int(),
  });
export type LiveNotification = z.infer<typeof liveNotification>;
