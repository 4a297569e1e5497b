import type { ServerResponse } from 'node:http';
import type { Language } from '@tutoria/shared';
import type { Db } from '../../db/client.ts';
import * as repo from './notifications.repo.ts';
import { toLive } from './views.ts';

const HEARTBEAT_MS = 25_000;
const CATCH_UP_LIMIT = 100;

interface Connection {
  userKey: string;
  language: Language;
  /** The sequence number of the last notification sent (the SSE event id). */
  lastSeq: number;
  response: ServerResponse;
  /** Pushes to one browser run one after another, so ids go out in order. */
  queue: Promise<void>;
}

/**
 * The browsers connected to this process by Server-Sent Events, by user. A push reads what the
 * user has after the last id their browser got, so a missed or repeated signal loses nothing and
 * sends nothing twice; a browser that reconnects names its last id (Last-Event-ID) and catches up.
 */
export function createStreamHub(db: Db, log: { error(object: object, message: string): void }) {
  const byUser = new Map<string, Set<Connection>>();

  function write(connection: Connection, text: string) {
    if (!connection.response.writableEnded) connection.response.write(text);
  }

  async function sendNew(connection: Connection) {
    const rows = await repo.notificationsAfter(db, connection.userKey, connection.lastSeq, CATCH_UP_LIMIT);
    if (!rows.length) return;
    const unread = await repo.unreadCountOf(db, connection.userKey);
    for (const row of rows) {
      write(
        connection,
        `id: ${row.seq}\nevent: notification\ndata: ${JSON.stringify(toLive(row, connection.language, unread))}\n\n`,
      );
      connection.lastSeq = row.seq;
    }
  }

  async function sendUnread(connection: Connection) {
    const unreadCount = await repo.unreadCountOf(db, connection.userKey);
    write(connection, `event: unread\ndata: ${JSON.stringify({ unreadCount })}\n\n`);
  }

  function enqueue(userKey: string, work: (connection: Connection) => Promise<void>) {
    for (const connection of byUser.get(userKey) ?? []) {
      connection.queue = connection.queue
        .then(() => work(connection))
        .catch((error: unknown) => log.error({ err: error }, 'notification push failed'));
    }
  }

  return {
    /** Starts a stream on `response`: catches up after `lastEventId` (or starts from now) and sends the unread count. */
    async attach(
      response: ServerResponse,
      user: { userKey: string; language: Language },
      lastEventId?: number,
    ) {
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      response.write('retry: 2000\n\n');
      const connection: Connection = {
        ...user,
        lastSeq: lastEventId ?? (await repo.lastSeqOf(db, user.userKey)),
        response,
        queue: Promise.resolve(),
      };
      const set = byUser.get(user.userKey) ?? new Set<Connection>();
      set.add(connection);
      byUser.set(user.userKey, set);
      const heartbeat = setInterval(() => write(connection, ': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      response.on('close', () => {
        clearInterval(heartbeat);
        set.delete(connection);
        if (!set.size) byUser.delete(user.userKey);
      });
      enqueue(user.userKey, async (c) => {
        if (c !== connection) return;
        await sendNew(c);
        await sendUnread(c);
      });
    },

    /** New notifications for these users: each of their browsers here gets what it has not seen. */
    pushNew(userKeys: readonly string[]) {
      for (const userKey of userKeys) enqueue(userKey, sendNew);
    },

    /** A user's unread count changed (marked read elsewhere). */
    pushUnread(userKey: string) {
      enqueue(userKey, sendUnread);
    },

    /** Ends every stream (the server is closing). */
    closeAll() {
      for (const set of byUser.values()) for (const connection of set) connection.response.end();
      byUser.clear();
    },

    connectedUsers: () => byUser.size,
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
