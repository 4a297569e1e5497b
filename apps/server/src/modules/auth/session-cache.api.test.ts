import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { users } from '../../db/schema/index.ts';
import { connectRedis, type Redis } from '../../lib/redis.ts';
import { buildUser, sessionFor, TEST_PASSWORD } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const { auth, users: u } = contract;

/** Each revocation path, on the very next request of the user (the session lookup is cached). */
function revocations(first: () => TestApp, second: () => TestApp) {
  const me = (app: TestApp, token: string) => app.call(auth.getUser, {}, { token });
  let admin: string;
  beforeAll(async () => {
    admin = await sessionFor(first().db, await buildUser(first().db, { role: 'Admin' }));
  });

  /** A signed-in user whose session both apps have looked up (and cached). */
  async function cachedUser(role: 'Teacher' | 'Student' = 'Teacher') {
    const user = await buildUser(first().db, { role });
    const token = (
      await first().call(auth.login, { body: { userName: user.userName, password: TEST_PASSWORD } })
    ).json().access_token as string;
    expect((await me(first(), token)).statusCode).toBe(200);
    expect((await me(second(), token)).statusCode).toBe(200);
    return { user, token };
  }

  it('a logout ends the session on the next request', async () => {
    const { token } = await cachedUser();
    expect((await first().call(auth.logout, {}, { token })).statusCode).toBe(200);
    expect((await me(second(), token)).statusCode).toBe(401);
    expect((await me(first(), token)).statusCode).toBe(401);
  });

  it('disabling, archiving or resetting the password of a user ends their sessions on the next request', async () => {
    const disabled = await cachedUser();
    await first().call(u.disable, { body: { publicKey: disabled.user.publicKey } }, { token: admin });
    expect((await me(second(), disabled.token)).statusCode).toBe(401);
    const archived = await cachedUser();
    await first().call(
      u.archive,
      { body: { publicKey: archived.user.publicKey, archived: true } },
      { token: admin },
    );
    expect((await me(second(), archived.token)).statusCode).toBe(401);
    const reset = await cachedUser();
    const res = await first().call(
      u.resetPassword,
      { body: { publicKey: reset.user.publicKey, password: 'Fresh#2024', confirmPassword: 'Fresh#2024' } },
      { token: admin },
    );
    expect(res.statusCode).toBe(200);
    expect((await me(second(), reset.token)).statusCode).toBe(401);
  });

  it('a role or a permission change counts on the next request', async () => {
    const { user, token } = await cachedUser();
    const trail = () => second().call(u.auditTrail, { query: { publicKey: user.publicKey } }, { token });
    expect((await trail()).statusCode).toBe(403);
    await first().call(
      u.setPermissions,
      { body: { publicKey: user.publicKey, permissions: ['users.readAudit'] } },
      { token: admin },
    );
    expect((await me(second(), token)).json().permissions).toContain('users.readAudit');
    expect((await trail()).statusCode).toBe(200);
    await first().call(
      u.setPermissions,
      { body: { publicKey: user.publicKey, permissions: [] } },
      { token: admin },
    );
    expect((await trail()).statusCode).toBe(403);
    await first().call(
      u.edit,
      { body: { publicKey: user.publicKey, role: 'SchedulingAdmin' } },
      { token: admin },
    );
    const after = (await me(second(), token)).json();
    expect(after.role).toBe('SchedulingAdmin');
    expect(after.permissions).toContain('classes.manage');
  });

  it('a renewal stops the old access token on the next request', async () => {
    const user = await buildUser(first().db);
    const tokens = (
      await first().call(auth.login, { body: { userName: user.userName, password: TEST_PASSWORD } })
    ).json();
    expect((await me(second(), tokens.access_token)).statusCode).toBe(200);
    const renewed = await first().call(auth.renew, { body: { refresh_token: tokens.refresh_token } });
    expect(renewed.statusCode).toBe(200);
    expect((await me(second(), tokens.access_token)).statusCode).toBe(401);
    expect((await me(second(), renewed.json().access_token)).statusCode).toBe(200);
  });
}

describe('one process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  revocations(
    () => t,
    () => t,
  );

  it('reuses a lookup: a change typed into the database counts within SESSION_CACHE_SECONDS, not at once', async () => {
    const user = await buildUser(t.db);
    const token = await sessionFor(t.db, user);
    expect((await t.call(auth.getUser, {}, { token })).statusCode).toBe(200);
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.publicKey, user.publicKey));
    expect((await t.call(auth.getUser, {}, { token })).statusCode).toBe(200);
    const fresh = await createTestApp({ SESSION_CACHE_SECONDS: '0' }, { database: t.database });
    try {
      expect((await fresh.call(auth.getUser, {}, { token })).statusCode).toBe(401);
    } finally {
      await fresh.close();
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

describe.runIf(redisAnswers)('two app instances on one database and Redis', () => {
  let one: TestApp;
  let two: TestApp;
  let connections: Redis[];
  beforeAll(async () => {
    connections = [connectRedis(redisUrl), connectRedis(redisUrl)];
    one = await createTestApp({}, { redis: connections[0] });
    two = await createTestApp({}, { redis: connections[1], database: one.database });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    connections.forEach((r) => r.disconnect());
  });
  revocations(
    () => one,
    () => two,
  );

  it('a revocation whose message was lost still counts on the next request', async () => {
    const user = await buildUser(one.db);
    const token = await sessionFor(one.db, user);
    expect((await two.call(auth.getUser, {}, { token })).statusCode).toBe(200);
    // What a process does, minus the message: the change, then the shared revision moves on.
    await one.db.update(users).set({ status: 'disabled' }).where(eq(users.publicKey, user.publicKey));
    await connections[0]!.incr('tutoria:sessions:revision');
    expect((await two.call(auth.getUser, {}, { token })).statusCode).toBe(401);
  });
});
