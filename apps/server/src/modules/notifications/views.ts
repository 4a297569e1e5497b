import { type Language, type MessageType, type Notification, renderNotification, type Role } from '@tutoria/shared';
import { toEpoch } from '../../lib/time.ts';
import type { NotificationRow, StreamRow } from './notifications.repo.ts';

/** A stored notification as the contract shows it, its text in the reader's language. */
export function toNotification(row: Omit<NotificationRow, 'totalCount'>, language: Language): Notification {
  return {
    messageId: row.notificationId,
    message: renderNotification(language, row.messageKey, row.params),
    messageType: row.messageType as MessageType,
    isRead: row.isRead,
    createMoment: toEpoch(row.createMoment),
    userPublicKey: row.userKey,
    fullName: row.fullName,
    userRole: row.userRole as Role,
  };
}

export function toLive(row: StreamRow, language: Language, unreadCount: number) {
  return {
    messageId: row.notificationId,
    message: renderNotification(language, row.messageKey, row.params),
    messageType: row.messageType as MessageType,
    createMoment: toEpoch(row.createMoment),
    unreadCount,
  };
}
