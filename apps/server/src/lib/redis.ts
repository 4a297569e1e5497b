import { Redis } from 'ioredis';

/** One shared Redis connection when REDIS_URL is set; the stores fall back to memory without it. */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}
export type { Redis };
