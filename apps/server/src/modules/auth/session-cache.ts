import type { SessionUser } from '../../http/fastify-types.ts';
import type { Redis } from '../../lib/redis.ts';

/** A live session as the database answered it, with the moment its access token dies. */
export interface LoadedSession {
  user: SessionUser;
  accessExpiresAt: Date;
}

export interface SessionCacheOptions {
  /** How long an answer is reused; 0 turns the cache off (every request reads the database). */
  ttlMs: number;
  /** With Redis, every API process forgets a changed user's sessions before its next request. */
  redis?: Redis;
  maxEntries?: number;
  now?: () => number;
  /** The counter key and channel (processes of one centre share them). */
  prefix?: string;
}

export interface SessionCache {
  /** The session behind an access token's hash: from memory while still vouched for, else `load()`. */
  resolve(tokenHash: string, load: () => Promise<LoadedSession | null>): Promise<SessionUser | null>;
  /**
   * Called after a change to a user's sessions or account has COMMITTED (logout, renewal, password,
   * role, permissions, status, name, deletion): forgets them here at once and, with Redis, in every
   * other process before its next request.
   */
  forgetUser(userKey: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface Entry {
  user: SessionUser;
  /** The earlier of the cache's lifetime and the access token's own expiry. */
  until: number;
}

/** INCR and PUBLISH in one step, so revisions reach the channel in the order they were counted. */
const REVOKE_SCRIPT =
  "local r = redis.call('INCR', KEYS[1]) redis.call('PUBLISH', ARGV[1], r .. ' ' .. ARGV[2]) return r";

/**
 * The session lookup of every request, cached (docs/decisions.md "Session cache"). Revocation is
 * exact, never a matter of waiting for the lifetime:
 * - in this process, `forgetUser` drops the user's entries at once, and an answer the database
 *   gave while any entry was being forgotten is not kept (a read that raced a revocation);
 * - with Redis, a revocation increments a shared revision and publishes it with the user's key.
 *   Every request reads that revision (one GET); a process that has not applied every revision up
 *   to it — a message still on its way, or lost — empties its whole cache before answering.
 *   Messages only spare the other processes that full emptying. If Redis does not answer, the
 *   request reads the database.
 * The lifetime (`ttlMs`, SESSION_CACHE_SECONDS) bounds only changes made behind the app's back
 * (SQL typed into the database, a second process started without REDIS_URL).
 */
export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const { ttlMs, redis } = options;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const prefix = options.prefix ?? 'tutoria:';
  const revisionKey = `${prefix}sessions:revision`;
  const channel = `${prefix}sessions:revoked`;
  const entries = new Map<string, Entry>();
  /** Bumped by every forgetting: an answer loaded across a bump is not kept. */
  let epoch = 0;
  /** The shared revision up to which every revocation has been applied here. */
  let applied = 0;
  let listener: Redis | undefined;

  function forgetLocally(userKey: string) {
    for (const [hash, entry] of entries) if (entry.user.publicKey === userKey) entries.delete(hash);
    epoch++;
  }

  function clear() {
    entries.clear();
    epoch++;
  }

  /** Applies a published revocation: in order it moves `applied` on; after a gap only a full clear is safe. */
  function hear(message: string) {
    const [revision, userKey] = message.split(' ') as [string, string];
    const r = Number(revision);
    if (r === applied + 1) {
      forgetLocally(userKey);
      applied = r;
    } else if (r > applied) {
      clear();
      applied = r;
    } else {
      forgetLocally(userKey);
    }
  }

  /** With Redis, makes sure every revocation counted so far is applied; false when Redis does not answer. */
  async function upToDate(): Promise<boolean> {
    if (!redis) return true;
    let revision: number;
    try {
      revision = Number((await redis.get(revisionKey)) ?? 0);
    } catch {
      clear();
      return false;
    }
    if (revision !== applied) {
      clear();
      applied = revision;
    }
    return true;
  }

  return {
    async resolve(tokenHash, load) {
      if (ttlMs <= 0 || !(await upToDate())) return (await load())?.user ?? null;
      const t = now();
      const hit = entries.get(tokenHash);
      if (hit && hit.until > t) return hit.user;
      if (hit) entries.delete(tokenHash);
      const startedAt = epoch;
      const loaded = await load();
      if (loaded && epoch === startedAt) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(tokenHash, {
          user: loaded.user,
          until: Math.min(t + ttlMs, loaded.accessExpiresAt.getTime()),
        });
      }
      return loaded?.user ?? null;
    },

    async forgetUser(userKey) {
      forgetLocally(userKey);
      if (!redis) return;
      const revision = Number(await redis.eval(REVOKE_SCRIPT, 1, revisionKey, channel, userKey));
      if (revision === applied + 1) applied = revision;
    },

    async start() {
      if (!redis || ttlMs <= 0) return;
      listener = redis.duplicate();
      listener.on('message', (_channel: string, message: string) => hear(message));
      await listener.subscribe(channel);
    },

    async stop() {
      listener?.disconnect();
      listener = undefined;
      entries.clear();
    },
  };
}
