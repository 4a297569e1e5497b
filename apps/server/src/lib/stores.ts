import { type CounterStore, memoryCounterStore, redisCounterStore } from './counter-store.ts';
import { connectRedis, type Redis } from './redis.ts';

/** Redis when configured (state shared by every API process), memory otherwise. */
export function openStores(redisUrl: string | undefined): { store: CounterStore; redis?: Redis } {
  if (!redisUrl) return { store: memoryCounterStore() };
  const redis = connectRedis(redisUrl);
  return { store: redisCounterStore(redis), redis };
}
