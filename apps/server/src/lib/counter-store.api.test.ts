import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { type CounterStore, memoryCounterStore, redisCounterStore } from './counter-store.ts';
import { connectRedis, type Redis } from './redis.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(redisUrl);
  const socket = net.connect(Number(port || 6379), hostname, () => {
    socket.end();
    resolve(true);
  });
  socket.on('error', () => resolve(false));
});

let redis: Redis | undefined;
afterAll(() => redis?.disconnect());

const stores: [string, () => CounterStore][] = [['memory', () => memoryCounterStore()]];
if (redisAnswers) {
  stores.push([
    'redis',
    () => {
      redis ??= connectRedis(redisUrl);
      return redisCounterStore(redis, `tutoria-test:${Date.now()}:${Math.random()}:`);
    },
  ]);
} else {
  console.warn(`Redis does not answer at ${redisUrl}: only the memory store is tested.`);
}

/** Nonces and sign-in counters behave the same in memory and in Redis (DESIGN §13). */
describe.each(stores)('%s counter store', (_name, make) => {
  it('counts within a window', async () => {
    const store = make();
    expect(await store.increment('a', 60)).toBe(1);
    expect(await store.increment('a', 60)).toBe(2);
    expect(await store.get('a')).toBe(2);
    await store.delete('a');
    expect(await store.get('a')).toBe(0);
  });

  it('renews the life of a count on each increment when asked', async () => {
    const store = make();
    await store.increment('slide', 1, { renew: true });
    await store.increment('slide', 60, { renew: true });
    expect(await store.get('slide')).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await store.get('slide')).toBe(2);
  });

  it('claims a key once', async () => {
    const store = make();
    expect(await store.claim('nonce', 60)).toBe(true);
    expect(await store.claim('nonce', 60)).toBe(false);
  });
});

describe('memory store expiry', () => {
  it('forgets keys after their life', async () => {
    let now = 0;
    const store = memoryCounterStore(() => now);
    await store.increment('k', 10);
    now = 10_001;
    expect(await store.get('k')).toBe(0);
    expect(await store.claim('k', 10)).toBe(true);
    await store.increment('s', 10, { renew: true });
    now = 19_000;
    await store.increment('s', 10, { renew: true });
    now = 28_000;
    expect(await store.get('s')).toBe(2);
    now = 29_001;
    expect(await store.get('s')).toBe(0);
    await store.close();
  });
});
