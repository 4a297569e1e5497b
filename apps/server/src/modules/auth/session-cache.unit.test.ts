import { describe, expect, it } from 'vitest';
import { permissionsOf } from '@tutoria/shared';
import { createSessionCache, type LoadedSession } from './session-cache.ts';

const user = (publicKey: string) => ({
  publicKey,
  sessionId: `session-${publicKey}`,
  role: 'Teacher' as const,
  fullName: publicKey,
  isAdmin: true,
  permissions: permissionsOf('Teacher'),
});

function setup(ttlMs = 5000) {
  let t = 1_000_000;
  const cache = createSessionCache({ ttlMs, now: () => t, maxEntries: 3 });
  const loads: string[] = [];
  const loader =
    (key: string, expiresIn = 60_000) =>
    async (): Promise<LoadedSession> => {
      loads.push(key);
      return { user: user(key), accessExpiresAt: new Date(t + expiresIn) };
    };
  return { cache, loads, loader, tick: (ms: number) => (t += ms) };
}

describe('session cache', () => {
  it('answers from memory within its lifetime, then reads again', async () => {
    const { cache, loads, loader, tick } = setup();
    expect((await cache.resolve('h1', loader('a')))?.publicKey).toBe('a');
    await cache.resolve('h1', loader('a'));
    tick(4999);
    await cache.resolve('h1', loader('a'));
    expect(loads).toEqual(['a']);
    tick(1);
    await cache.resolve('h1', loader('a'));
    expect(loads).toEqual(['a', 'a']);
  });

  it('never outlives the access token', async () => {
    const { cache, loads, loader, tick } = setup();
    await cache.resolve('h1', loader('a', 1000));
    tick(1000);
    await cache.resolve('h1', loader('a'));
    expect(loads).toEqual(['a', 'a']);
  });

  it('forgets every session of a user at once, and only theirs', async () => {
    const { cache, loads, loader } = setup();
    await cache.resolve('h1', loader('a'));
    await cache.resolve('h2', loader('a'));
    await cache.resolve('h3', loader('b'));
    await cache.forgetUser('a');
    await cache.resolve('h1', loader('a'));
    await cache.resolve('h2', loader('a'));
    await cache.resolve('h3', loader('b'));
    expect(loads).toEqual(['a', 'a', 'b', 'a', 'a']);
  });

  it('does not keep an answer read while a revocation happened', async () => {
    const { cache, loads, loader } = setup();
    let release!: () => void;
    const slow = async (): Promise<LoadedSession> => {
      await new Promise<void>((resolve) => (release = resolve));
      return loader('a')();
    };
    const pending = cache.resolve('h1', slow);
    await Promise.resolve();
    await cache.forgetUser('a');
    release();
    expect((await pending)?.publicKey).toBe('a');
    await cache.resolve('h1', loader('a'));
    expect(loads).toEqual(['a', 'a']);
  });

  it('keeps no answer for a dead token, and holds at most its size', async () => {
    const { cache, loads, loader } = setup();
    expect(await cache.resolve('dead', async () => null)).toBeNull();
    for (const key of ['a', 'b', 'c', 'd']) await cache.resolve(`h-${key}`, loader(key));
    await cache.resolve('h-a', loader('a'));
    await cache.resolve('h-d', loader('d'));
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'a']);
  });

  it('reads the database every time when turned off', async () => {
    const { cache, loads, loader } = setup(0);
    await cache.resolve('h1', loader('a'));
    await cache.resolve('h1', loader('a'));
    expect(loads).toEqual(['a', 'a']);
  });
});
