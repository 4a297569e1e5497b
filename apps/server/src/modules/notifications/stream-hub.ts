import type { ServerResponse } from 'node:http';
import type { Language } from '@tutoria/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import * as repo from './notifications.repo.ts';
import { toLive } from './views.ts';

const HEARTBEAT_MS = 25_000;
const CATCH_UP_LIMIT = 100;

/** Why the server ended a stream, said to the browser just before (`event: closed`). */
export type ClosedReason = 'replaced' | 'signedOut';

/** Who a stream is for: the ticket's user, session and language. */
export interface StreamReader {
  userKey: string;
  sessionId: string;
  language: Language;
}

/** A user's newest streams kept; past the process's count, new streams refused. */
export interface StreamLimits {
  perUser: number;
  perProcess: number;
}

interface Connection extends StreamReader {
  /** The sequence number of the last notification sent (the SSE event id). */
  lastSeq: number;
  response: ServerResponse;
  /** Pushes to one browser run one after another, so ids go out in order. */
  queue: Promise<void>;
  heartbeat: NodeJS.Timeout;
}

/**
 * The browsers connected to this process by Server-Sent Events, by user. A push reads what the
 * user has after the last id their browser got, so a missed or repeated signal loses nothing and
 * sends nothing twice; a browser that reconnects names its last id (Last-Event-ID) and catches up.
 * docs/decisions.md "Live stream limits": a user keeps their newest `perUser` streams here, the
 * process refuses new ones past `perProcess`, and a stream ends with its session.
 */
export function createStreamHub(
  db: Db,
  log: { error(object: object, message: string): void },
  limits: StreamLimits,
) {
  const byUser = new Map<string, Set<Connection>>();
  let open = 0;

  function write(connection: Connection, text: string) {
    if (!connection.response.writableEnded) connection.response.write(text);
  }

  /** Forgets a stream (once) and ends it; a `reason` tells the browser the server ended it, and why. */
  function drop(connection: Connection, reason?: ClosedReason) {
    const set = byUser.get(connection.userKey);
    if (!set?.delete(connection)) return;
    open -= 1;
    if (!set.size) byUser.delete(connection.userKey);
    clearInterval(connection.heartbeat);
    if (reason) write(connection, `event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
    connection.response.end();
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

  function chain(connection: Connection, work: (connection: Connection) => Promise<void>) {
    connection.queue = connection.queue
      .then(() => work(connection))
      .catch((error: unknown) => log.error({ err: error }, 'notification push failed'));
  }

  function enqueue(userKey: string, work: (connection: Connection) => Promise<void>) {
    for (const connection of byUser.get(userKey) ?? []) chain(connection, work);
  }

  return {
    /**
     * Starts a stream for `reader`: catches up after `lastEventId` (or starts from now) and sends
     * the unread count. A user already at their limit here loses their oldest stream ('replaced');
     * otherwise a process at its limit refuses (SERVICE_UNAVAILABLE) before anything is sent.
     * `takeOver` hands over the raw response once the stream is accepted. Nothing here waits
     * before the stream is counted, so simultaneous openings cannot pass the limits together.
     */
    attach(reader: StreamReader, takeOver: () => ServerResponse, lastEventId?: number): void {
      const set = byUser.get(reader.userKey) ?? new Set<Connection>();
      const oldest = set.size >= limits.perUser ? set.values().next().value : undefined;
      if (!oldest && open >= limits.perProcess) {
        throw new AppError('SERVICE_UNAVAILABLE', { text: { key: 'streamsFull' } });
      }
      if (oldest) drop(oldest, 'replaced');

      const response = takeOver();
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      response.write('retry: 2000\n\n');
      const connection: Connection = {
        ...reader,
        lastSeq: lastEventId ?? 0,
        response,
        queue: Promise.resolve(),
        heartbeat: setInterval(() => write(connection, ': ping\n\n'), HEARTBEAT_MS),
      };
      connection.heartbeat.unref();
      set.add(connection);
      byUser.set(reader.userKey, set);
      open += 1;
      response.on('close', () => drop(connection));
      chain(connection, async (c) => {
        if (lastEventId === undefined) c.lastSeq = await repo.lastSeqOf(db, c.userKey);
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

    /** These sessions ended: their streams here close, telling the browser it was signed out. */
    closeSessions(sessionIds: readonly string[]) {
      const ended = new Set(sessionIds);
      for (const set of [...byUser.values()]) {
        for (const connection of [...set]) if (ended.has(connection.sessionId)) drop(connection, 'signedOut');
      }
    },

    /** Ends every stream (the server is closing): browsers reconnect, to another process if any. */
    closeAll() {
      for (const set of [...byUser.values()]) for (const connection of [...set]) drop(connection);
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
