import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-db.ts';
import type { Database } from '../db/client.ts';
import { outboxEvents } from '../db/schema/events.ts';
import { connectRedis, type Redis } from '../lib/redis.ts';
import type { DeliveredEvent } from './domain-events.ts';
import { createEventBus, type EventBus } from './event-bus.ts';

declare module './domain-events.ts' {
  interface DomainEvents {
    'test.happened': { n: number };
  }
}

const silent = { error: () => undefined };
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const bus = (options: Partial<Parameters<typeof createEventBus>[0]> = {}) =>
  createEventBus({ db: database.db, log: silent, mode: 'manual', ...options });

async function pending() {
  const rows = await database.db
    .select({ id: outboxEvents.eventId })
    .from(outboxEvents)
    .where(sql`${outboxEvents.dispatchedAt} is null and ${outboxEvents.failedAt} is null`);
  return rows.length;
}

describe('the event outbox', () => {
  it('keeps an event only when its transaction commits, and delivers it once after commit', async () => {
    const events = bus();
    const seen: DeliveredEvent<'test.happened'>[] = [];
    events.subscribe('test.happened', 'collector', (event) => {
      seen.push(event);
    });
    await database.db
      .transaction(async (tx) => {
        await events.record(tx, 'test.happened', { n: 1 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await database.db.transaction((tx) => events.record(tx, 'test.happened', { n: 2 }));
    expect(seen).toEqual([]);
    expect(await events.drain()).toBe(1);
    expect(await events.drain()).toBe(0);
    expect(seen.map((e) => e.payload)).toEqual([{ n: 2 }]);
    expect(seen[0]!.eventId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries only the subscriber that failed, later, and gives up after the last attempt', async () => {
    const events = bus({ maxAttempts: 2 });
    let good = 0;
    let bad = 0;
    events.subscribe('test.happened', 'good', () => {
      good++;
    });
    events.subscribe('test.happened', 'flaky', () => {
      bad++;
      throw new Error('mail server down');
    });
    await events.record(database.db, 'test.happened', { n: 3 });
    await events.drain();
    expect([good, bad]).toEqual([1, 1]);
    // Due again once its back-off has passed.
    await database.db.update(outboxEvents).set({ availableAt: sql`now()` });
    await events.drain();
    expect([good, bad]).toEqual([1, 2]);
    const [row] = await database.db.select().from(outboxEvents).where(sql`${outboxEvents.failedAt} is not null`);
    expect(row?.lastError).toContain('mail server down');
    expect(row?.doneSubscribers).toEqual(['good']);
    expect(await pending()).toBe(0);
  });

  it('hands each event to one of several processes dispatching at once', async () => {
    const handled: string[] = [];
    const processes: EventBus[] = [bus(), bus(), bus()];
    for (const events of processes) {
      events.subscribe('test.happened', 'once', ({ eventId }) => {
        handled.push(eventId);
      });
    }
    for (let n = 0; n < 20; n++) await processes[0]!.record(database.db, 'test.happened', { n });
    await Promise.all(processes.map((events) => events.drain()));
    expect(handled).toHaveLength(20);
    expect(new Set(handled).size).toBe(20);
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

describe.runIf(redisAnswers)('with Redis', () => {
  let redis: Redis[] = [];
  afterAll(() => redis.forEach((r) => r.disconnect()));

  it('tells every process’s listeners, once the subscribers succeeded', async () => {
    const channel = `tutoria-test:${Date.now()}:${Math.random()}`;
    redis = [connectRedis(redisUrl), connectRedis(redisUrl)];
    const [one, two] = redis.map((r) => bus({ redis: r, channel }));
    const heard: string[] = [];
    one!.onEveryProcess('test.happened', ({ payload }) => void heard.push(`one:${payload.n}`));
    two!.onEveryProcess('test.happened', ({ payload }) => void heard.push(`two:${payload.n}`));
    await Promise.all([one!.start(), two!.start()]);
    await one!.record(database.db, 'test.happened', { n: 7 });
    await two!.drain();
    await expect.poll(() => heard.sort(), { timeout: 2000 }).toEqual(['one:7', 'two:7']);
    await Promise.all([one!.stop(), two!.stop()]);
  });
});
