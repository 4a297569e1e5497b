import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, formatMessage } from '@tutoria/shared';
import { buildApp } from '../../app.ts';
import { memoryCounterStore } from '../../lib/counter-store.ts';
import { connectRedis, type Redis } from '../../lib/redis.ts';
import { sessionFor, TEST_PASSWORD } from '../../../test/factories.ts';
import { type Person, person } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const c = contract.notifications;

interface StreamEvent {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

/** Reads a Server-Sent Events answer as a browser's EventSource would, collecting its events. */
async function openStream(base: string, ticket: string, lastEventId?: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/${c.stream.path}?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
    headers: lastEventId ? { 'last-event-id': lastEventId } : {},
  });
  const events: StreamEvent[] = [];
  const state = { ended: false };
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (chunk.done) {
          state.ended = true;
          return;
        }
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const fields = Object.fromEntries(
            buffer
              .slice(0, end)
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          ) as Record<string, string>;
          buffer = buffer.slice(end + 2);
          if (fields.event)
            events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data ?? '{}') });
        }
      }
    })();
  }
  return { res, events, ended: () => state.ended, close: () => controller.abort() };
}

let t: TestApp;
let base: string;
let admin: Person;

async function ticketFor(who: Pick<Person, 'token'>, language: 'en' | 'zh' = 'en', app: TestApp = t) {
  const res = await app.call(c.streamTicket, {}, { token: who.token, language });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().ticket as string;
}

async function send(to: Person, message: string, app: TestApp = t) {
  const res = await app.call(
    c.create,
    { body: { message, userPublicKeys: [to.publicKey] } },
    { token: admin.token },
  );
  expect(res.statusCode, res.body).toBe(200);
  while ((await app.events.drain()) > 0);
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await person(t, 'Admin');
});
afterAll(() => t.close());

describe('the live stream', () => {
  it('opens only with a live ticket from a signed call, once', async () => {
    expect((await t.call(c.streamTicket, {})).statusCode).toBe(401);
    const me = await person(t, 'Student');
    const ticket = await ticketFor(me);
    const first = await openStream(base, ticket);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-type')).toContain('text/event-stream');
    first.close();
    const again = await openStream(base, ticket);
    expect(again.res.status).toBe(404);
    expect((await openStream(base, 'x'.repeat(43))).res.status).toBe(404);
    // The bearer token itself opens nothing.
    expect((await openStream(base, me.token)).res.status).toBe(404);
  });

  it('pushes a new notification in the stream’s language with the unread count, and a read mark’s new count', async () => {
    const me = await person(t, 'Teacher');
    const stream = await openStream(base, await ticketFor(me, 'zh'));
    await expect.poll(() => stream.events.map((e) => e.event)).toEqual(['unread']);
    expect(stream.events[0]!.data).toEqual({ unreadCount: 0 });
    await send(me, 'Room 3 is closed today');
    await expect.poll(() => stream.events.length).toBe(2);
    const pushed = stream.events[1]!;
    expect(pushed).toMatchObject({
      event: 'notification',
      data: { message: 'Room 3 is closed today', messageType: 'General', unreadCount: 1 },
    });
    expect(Number(pushed.id)).toBeGreaterThan(0);
    await t.call(c.read, { body: { publicKey: me.publicKey, all: true } }, { token: me.token });
    while ((await t.events.drain()) > 0);
    await expect.poll(() => stream.events.at(-1)).toEqual({ event: 'unread', data: { unreadCount: 0 } });
    stream.close();
  });

  it('a browser that reconnects with its last event id gets what it missed, and nothing twice', async () => {
    const me = await person(t, 'Student');
    const stream = await openStream(base, await ticketFor(me));
    await send(me, 'first');
    await expect.poll(() => stream.events.filter((e) => e.event === 'notification').length).toBe(1);
    const lastId = stream.events.find((e) => e.event === 'notification')!.id!;
    stream.close();
    await send(me, 'second');
    await send(me, 'third');
    const back = await openStream(base, await ticketFor(me), lastId);
    await expect
      .poll(() => back.events.filter((e) => e.event === 'notification').map((e) => e.data.message))
      .toEqual(['second', 'third']);
    back.close();
  });
});

/** What a stream that was ended by the server said last. */
const closedBecause = (stream: Awaited<ReturnType<typeof openStream>>) =>
  stream.events.filter((e) => e.event === 'closed').map((e) => e.data.reason);

const drainAll = async (app: TestApp = t) => {
  while ((await app.events.drain()) > 0);
};

describe('a stream ticket belongs to its session (issue 26)', () => {
  it('signing out ends the session’s unused tickets and open streams, and no other session’s', async () => {
    const me = await person(t, 'Student');
    const elsewhere = { token: await sessionFor(t.db, me) };
    const unused = await ticketFor(me);
    const mine = await openStream(base, await ticketFor(me));
    const theirs = await openStream(base, await ticketFor(elsewhere));
    const spare = await ticketFor(elsewhere);
    await expect.poll(() => mine.events.length + theirs.events.length).toBe(2);

    expect((await t.call(contract.auth.logout, {}, { token: me.token })).statusCode).toBe(200);
    await drainAll();
    expect((await openStream(base, unused)).res.status).toBe(404);
    await expect.poll(() => mine.ended()).toBe(true);
    expect(closedBecause(mine)).toEqual(['signedOut']);

    expect(theirs.ended()).toBe(false);
    await send(me, 'Still here');
    await expect
      .poll(() => theirs.events.filter((e) => e.event === 'notification').map((e) => e.data.message))
      .toEqual(['Still here']);
    const again = await openStream(base, spare);
    expect(again.res.status).toBe(200);
    again.close();
    theirs.close();
  });

  it('a password change ends the other sessions’ tickets and streams; disabling the account ends them all', async () => {
    const me = await person(t, 'Teacher');
    const phone = { token: await sessionFor(t.db, me) };
    const phoneTicket = await ticketFor(phone);
    const onPhone = await openStream(base, await ticketFor(phone));
    const here = await openStream(base, await ticketFor(me));
    await expect.poll(() => onPhone.events.length + here.events.length).toBe(2);

    const changed = await t.call(
      contract.auth.changePassword,
      { body: { oldPassword: TEST_PASSWORD, newPassword: 'Another@5678', confirmPassword: 'Another@5678' } },
      { token: me.token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await drainAll();
    await expect.poll(() => onPhone.ended()).toBe(true);
    expect(closedBecause(onPhone)).toEqual(['signedOut']);
    expect((await openStream(base, phoneTicket)).res.status).toBe(404);
    expect(here.ended()).toBe(false);

    const hereTicket = await ticketFor(me);
    const disabled = await t.call(
      contract.users.disable,
      { body: { publicKey: me.publicKey, disabled: true } },
      { token: admin.token },
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    await drainAll();
    await expect.poll(() => here.ended()).toBe(true);
    expect((await openStream(base, hereTicket)).res.status).toBe(404);
  });
});

describe('how many streams (issue 26)', () => {
  it('keeps a user’s five newest streams: a sixth closes the oldest, saying it was replaced', async () => {
    const me = await person(t, 'Student');
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i < 6; i++) {
      const stream = await openStream(base, await ticketFor(me));
      expect(stream.res.status).toBe(200);
      await expect.poll(() => stream.events.length).toBeGreaterThan(0);
      streams.push(stream);
    }
    await expect.poll(() => streams[0]!.ended()).toBe(true);
    expect(closedBecause(streams[0]!)).toEqual(['replaced']);
    expect(streams.slice(1).map((s) => s.ended())).toEqual([false, false, false, false, false]);
    await send(me, 'To the five');
    for (const stream of streams.slice(1))
      await expect
        .poll(() => stream.events.filter((e) => e.event === 'notification').length)
        .toBe(1);
    streams.forEach((s) => s.close());
  });

  it('refuses a stream past the process’s limit with SERVICE_UNAVAILABLE, and takes one again when a stream ends', async () => {
    const full = await createTestApp({
      NOTIFICATION_STREAMS_PER_PROCESS: '2',
      NOTIFICATION_STREAMS_PER_USER: '1',
    });
    try {
      const fullBase = await full.app.listen({ port: 0, host: '127.0.0.1' });
      const a = await person(full, 'Student');
      const b = await person(full, 'Student');
      const late = await person(full, 'Teacher');
      const first = await openStream(fullBase, await ticketFor(a, 'en', full));
      const second = await openStream(fullBase, await ticketFor(b, 'en', full));
      expect([first.res.status, second.res.status]).toEqual([200, 200]);

      const refused = await openStream(fullBase, await ticketFor(late, 'en', full));
      expect(refused.res.status).toBe(503);
      expect(await refused.res.json()).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: formatMessage('en', 'streamsFull'),
      });
      // A user at their own limit replaces their stream: the process holds no more than before.
      const replacing = await openStream(fullBase, await ticketFor(a, 'en', full));
      expect(replacing.res.status).toBe(200);
      await expect.poll(() => first.ended()).toBe(true);

      second.close();
      await expect
        .poll(async () => {
          const retry = await openStream(fullBase, await ticketFor(late, 'en', full));
          retry.close();
          return retry.res.status;
        })
        .toBe(200);
      replacing.close();
    } finally {
      await full.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = net.connect(Number(port || 6379), hostname, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
});

describe.runIf(redisAnswers)('with Redis, across two server processes', () => {
  const connections: Redis[] = [];
  let one: TestApp;
  let two: FastifyInstance;
  afterAll(async () => {
    await two?.close();
    await one?.close();
    connections.forEach((r) => r.disconnect());
  });

  it('a notification created in one process reaches a browser connected to the other', async () => {
    connections.push(connectRedis(redisUrl), connectRedis(redisUrl));
    one = await createTestApp({}, { redis: connections[0] });
    // The second process: its own app, bus and connected browsers, the same database, only Redis between them.
    two = await buildApp({
      config: one.config,
      database: one.database,
      store: memoryCounterStore(),
      redis: connections[1],
      logger: false,
      eventDispatch: 'manual',
    });
    const secondBase = await two.listen({ port: 0, host: '127.0.0.1' });
    const sender = await person(one, 'Admin');
    const me = await person(one, 'Teacher');
    const ticket = (await one.call(c.streamTicket, {}, { token: me.token })).json().ticket as string;
    const stream = await openStream(secondBase, ticket);
    await expect.poll(() => stream.events.length).toBe(1);
    const res = await one.call(
      c.create,
      { body: { message: 'From process one', role: 'Teacher' } },
      { token: sender.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    await one.events.drain();
    await expect
      .poll(() => stream.events.filter((e) => e.event === 'notification').map((e) => e.data.message), {
        timeout: 2000,
      })
      .toEqual(['From process one']);
    stream.close();
  });

  it('signing out in one process closes the session’s stream in the other (issue 26)', async () => {
    const secondBase = `http://127.0.0.1:${(two.server.address() as { port: number }).port}`;
    const me = await person(one, 'Student');
    const stream = await openStream(secondBase, await ticketFor(me, 'en', one));
    await expect.poll(() => stream.events.length).toBe(1);
    expect((await one.call(contract.auth.logout, {}, { token: me.token })).statusCode).toBe(200);
    await drainAll(one);
    await expect.poll(() => stream.ended(), { timeout: 2000 }).toBe(true);
    expect(closedBecause(stream)).toEqual(['signedOut']);
  });
});
