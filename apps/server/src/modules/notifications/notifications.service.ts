import {
  type CreateNotificationBody,
  type Language,
  languages,
  type ListQuery,
  type MessageType,
  type NotificationKey,
  type NotificationParams,
  type ReadMessagesBody,
  renderNotification,
} from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { ModuleContext } from '../module.ts';
import { classroomPeople, scopedClassroom } from '../scheduling/scheduling.module.ts';
import { findPeople } from '../users/users.module.ts';
import type { ChannelsService } from './channels/channels.service.ts';
import * as repo from './notifications.repo.ts';

const TICKET_SECONDS = 60;

/** What one notification says, for several recipients. */
export interface NotificationDraft {
  messageType: MessageType;
  key: NotificationKey;
  params: NotificationParams;
  /** The outbox event it comes from: a second delivery of the event adds nothing. */
  eventId?: string;
  createdBy?: string;
}

/** The rendering in every language, so a text filter finds a notification in either. */
const searchTextOf = (key: NotificationKey, params: NotificationParams) =>
  languages.map((language) => renderNotification(language, key, params)).join('\n');

export function createNotificationsService(ctx: ModuleContext, deps: { channels: ChannelsService }) {
  const { db } = ctx;

  /**
   * Stores one notification per recipient inside the caller's transaction and records that they
   * exist, so the browsers of those users hear of them after commit; the e-mails and webhook posts
   * the recipients chose are queued in the same transaction (sent after commit, never before).
   */
  async function store(
    tx: Queryable,
    recipients: readonly string[],
    draft: NotificationDraft,
  ): Promise<string[]> {
    const searchText = searchTextOf(draft.key, draft.params);
    const inserted = await repo.insertNotifications(
      tx,
      [...new Set(recipients)].map((userKey) => ({
        userKey,
        messageType: draft.messageType,
        messageKey: draft.key,
        params: draft.params,
        searchText,
        eventId: draft.eventId ?? null,
        createdBy: draft.createdBy ?? null,
      })),
    );
    const stored = [...new Set(inserted.map((row) => row.userKey))];
    if (stored.length) await ctx.events.record(tx, 'notifications.created', { userKeys: stored });
    await deps.channels.enqueueFor(tx, inserted, draft.messageType);
    return stored;
  }

  async function recipientsOf(
    tx: Queryable,
    user: SessionUser,
    body: CreateNotificationBody,
  ): Promise<string[]> {
    if (body.role) return repo.activeKeysOfRole(tx, body.role);
    if (body.classroomId) {
      // A class out of the caller's reach (the reach policy) answers as a missing one.
      await scopedClassroom(tx, user, body.classroomId);
      const who = (await classroomPeople(tx, [body.classroomId])).get(body.classroomId);
      if (!who) throw notFound();
      return who.userKeys;
    }
    const keys = [...new Set(body.userPublicKeys ?? [])];
    const found = await findPeople(tx, keys, { activeOnly: true });
    if (found.length !== keys.length) {
      throw new AppError('FAILED_VALIDATION', {
        fields: [{ field: 'userPublicKeys', key: 'unknownRecipients' }],
      });
    }
    return keys;
  }

  return {
    store,

    /** Runs `store` in its own transaction (the event subscribers). */
    /** A class's name for a notification's text (an empty string once the class is gone). */
    async classroomName(classroomId: string): Promise<string> {
      return (await classroomPeople(ctx.db, [classroomId])).get(classroomId)?.name ?? '';
    },

    notify(recipients: readonly string[], draft: NotificationDraft): Promise<string[]> {
      if (!recipients.length) return Promise.resolve([]);
      return ctx.transaction((tx) => store(tx, recipients, draft));
    },

    /** The caller's own notifications, or (`everyone`, Admin) everyone's. */
    async list(user: SessionUser, query: ListQuery, everyone: boolean) {
      return repo.notificationsPage(db, query, ctx.config.listAllCap, everyone ? undefined : user.publicKey);
    },

    unreadCount: (user: SessionUser) => repo.unreadCountOf(db, user.publicKey),

    /** Idempotent: marking a read one again changes nothing. Only one's own (`publicKey` is the caller's). */
    async markRead(user: SessionUser, body: ReadMessagesBody) {
      if (body.publicKey !== user.publicKey) throw notFound();
      const ids = body.all ? null : [...new Set(body.messageIds)];
      return ctx.transaction(async (tx) => {
        if (ids && (await repo.countOwned(tx, user.publicKey, ids)) !== ids.length) throw notFound();
        const updated = await repo.markRead(tx, user.publicKey, ids);
        if (updated) await ctx.events.record(tx, 'notifications.read', { userKey: user.publicKey });
        return { updated, unreadCount: await repo.unreadCountOf(tx, user.publicKey) };
      });
    },

    /** createNotification: for chosen users, every active user of a role, or a class's teacher, assistant and students. */
    async create(user: SessionUser, body: CreateNotificationBody): Promise<number> {
      return ctx.transaction(async (tx) => {
        const recipients = await recipientsOf(tx, user, body);
        if (!recipients.length) throw new AppError('FAILED_VALIDATION', { text: { key: 'noRecipients' } });
        const stored = await store(tx, recipients, {
          messageType: body.messageType,
          key: 'staff.message',
          params: { text: body.message },
          createdBy: user.publicKey,
        });
        return stored.length;
      });
    },

    /**
     * A one-use ticket for the live stream, valid for a minute, of the caller's session (it opens
     * nothing once the session ended); the stream speaks `language`.
     */
    async streamTicket(user: SessionUser, language: Language) {
      const ticket = randomToken();
      const expiresAt = new Date(Date.now() + TICKET_SECONDS * 1000);
      await repo.insertTicket(db, {
        ticketHash: sha256(ticket),
        userKey: user.publicKey,
        sessionId: user.sessionId,
        language,
        expiresAt,
      });
      return { ticket, expiresAt: Math.floor(expiresAt.getTime() / 1000) };
    },

    /** Uses a stream ticket up; an unknown, used or expired one, or one of an ended session, answers as not found. */
    async openStream(ticket: string) {
      const row = await repo.consumeTicket(db, sha256(ticket));
      if (!row) throw notFound();
      return { userKey: row.userKey, sessionId: row.sessionId, language: row.language as Language };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
