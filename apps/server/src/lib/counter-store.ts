import type { Redis } from './redis.ts';

/**
 * Short-lived counters and one-shot keys shared by every API process when Redis is configured
 * (nonces, sign-in attempts), kept in memory otherwise.
 */
export interface CounterStore {
  /**
   * Adds one to `key` (created with a life of `ttlSeconds`) and answers the new count. With
   * `renew`, every increment restarts that life: the count lasts until `ttlSeconds` pass quietly.
   */
  increment(key: string, ttlSeconds: number, options?: { renew?: boolean }): Promise<number>;
  /** Sets `key` only if absent; answers whether it was set. */
  claim(key: string, ttlSeconds: number): Promise<boolean>;
  get(key: string): Promise<number>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryCounterStore(now: () => number = Date.now): CounterStore {
  const entries = new Map<string, { value: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async increment(key, ttlSeconds, options) {
      const entry = live(key);
      if (entry) {
        if (options?.renew) entry.expiresAt = now() + ttlSeconds * 1000;
        return ++entry.value;
      }
      entries.set(key, { value: 1, expiresAt: now() + ttlSeconds * 1000 });
      return 1;
    },
    async claim(key, ttlSeconds) {
      if (live(key)) return false;
      entries.set(key, { value: 1, expiresAt: now() + ttlSeconds * 1000 });
      return true;
    },
    async get(key) {
      return live(key)?.value ?? 0;
    },
    async delete(key) {
      entries.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

export function redisCounterStore(redis: Redis, prefix = 'tutoria:'): CounterStore {
  return {
    async increment(key, ttlSeconds, options) {
      const expire = options?.renew
        ? redis.multi().incr(prefix + key).expire(prefix + key, ttlSeconds)
        : redis.multi().incr(prefix + key).expire(prefix + key, ttlSeconds, 'NX');
      const [[, count]] = (await expire.exec()) as [[unknown, number]];
      return count;
    },
    async claim(key, ttlSeconds) {
      return (await redis.set(prefix + key, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    },
    async get(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
    async close() {},
  };
}
