import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { randomToken } from '../lib/crypto.ts';
import { connectRedis } from '../lib/redis.ts';
import { buildUser, sessionFor } from '../../test/factories.ts';
import { signedHeaders, TEST_APP_ID, TEST_SECRET } from '../../test/signing.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * docs/decisions.md "Limits per person, not per address (issue 31)": a signed-in user's calls
 * spend their own allowance wherever they come from; calls without a live session spend their
 * application's at their address. Every call here comes from inject's 127.0.0.1, as a centre's
 * people come from its one public address.
 */
const { auth, system } = contract;

async function withApp(env: Record<string, string>, run: (t: TestApp) => Promise<void>) {
  const t = await createTestApp(env);
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

const me = (t: TestApp, token: string, headers: Record<string, string> = {}) =>
  t.call(auth.getUser, {}, { token, headers });

async function statuses(times: number, call: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < times; i++) answers.push((await call()).statusCode);
  return answers;
}

const ok = (n: number) => Array<number>(n).fill(200);

describe('API limits per person, not per address', () => {
  it('gives two signed-in users behind one address an allowance each', async () => {
    await withApp(
      { API_RATE_LIMIT_PER_MINUTE: '5', API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '5' },
      async (t) => {
        const one = await sessionFor(t.db, await buildUser(t.db, { role: 'AcademicConsultant' }));
        const two = await sessionFor(t.db, await buildUser(t.db, { role: 'Teacher' }));
        const answers: number[] = [];
        for (let i = 0; i < 5; i++) {
          answers.push((await me(t, one)).statusCode, (await me(t, two)).statusCode);
        }
        // Ten calls from one address, twice the per-address size: none refused.
        expect(answers).toEqual(ok(10));
      },
    );
  });

  it('refuses a user who hammers with REQUESTS_EXCEEDED while another user on the address is served', async () => {
    await withApp({ API_RATE_LIMIT_PER_MINUTE: '5' }, async (t) => {
      const hammer = await sessionFor(t.db, await buildUser(t.db));
      const other = await sessionFor(t.db, await buildUser(t.db));
      expect(await statuses(5, () => me(t, hammer))).toEqual(ok(5));
      const refused = await me(t, hammer, { 'accept-language': 'en' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'REQUESTS_EXCEEDED' });
      expect(refused.headers['x-ratelimit-limit']).toBe('5');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const served = await me(t, other);
      expect(served.statusCode).toBe(200);
      expect(served.headers['x-ratelimit-remaining']).toBe('4');
    });
  });

  it('counts a user across addresses: a new address is no new allowance', async () => {
    await withApp({ API_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' }, async (t) => {
      const token = await sessionFor(t.db, await buildUser(t.db));
      const from = (address: string) => () => me(t, token, { 'x-forwarded-for': address });
      expect(await statuses(3, from('198.51.100.1'))).toEqual(ok(3));
      expect(await statuses(1, from('198.51.100.2'))).toEqual([429]);
    });
  });

  it('limits calls without a session per address, at the larger size, apart from signed-in users', async () => {
    const env = {
      API_RATE_LIMIT_PER_MINUTE: '3',
      API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '8',
      TRUST_PROXY: '127.0.0.1',
    };
    await withApp(env, async (t) => {
      const token = await sessionFor(t.db, await buildUser(t.db));
      // A signed-in user's calls spend none of the address's allowance.
      expect(await statuses(3, () => me(t, token))).toEqual(ok(3));
      const anonymous = () => t.call(system.clientConfig);
      expect(await statuses(8, anonymous)).toEqual(ok(8));
      const refused = await anonymous();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'REQUESTS_EXCEEDED' });
      expect(refused.headers['x-ratelimit-limit']).toBe('8');
      // Another address has its own; a signed-in user behind the refused one is still served.
      expect(
        (await t.call(system.clientConfig, {}, { headers: { 'x-forwarded-for': '198.51.100.7' } }))
          .statusCode,
      ).toBe(200);
      const other = await sessionFor(t.db, await buildUser(t.db));
      expect((await me(t, other)).statusCode).toBe(200);
    });
  });

  it('counts IPv6 callers per /64, as one household or office', async () => {
    await withApp({ API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' }, async (t) => {
      const from = (address: string) => () =>
        t.call(system.clientConfig, {}, { headers: { 'x-forwarded-for': address } });
      expect(await statuses(2, from('2001:db8:1:2::a'))).toEqual(ok(2));
      expect(await statuses(1, from('2001:db8:1:2::b'))).toEqual([429]);
      expect(await statuses(1, from('2001:db8:1:3::a'))).toEqual([200]);
    });
  });

  it('gives no fresh allowance to a made-up, revoked or overlong token: they spend the address’s', async () => {
    await withApp(
      { API_RATE_LIMIT_PER_MINUTE: '100', API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '4' },
      async (t) => {
        const user = await buildUser(t.db);
        const revoked = await sessionFor(t.db, user);
        expect((await t.call(auth.logout, {}, { token: revoked })).statusCode).toBe(200);
        const tokens = [randomToken(), randomToken(), revoked, 'x'.repeat(300)];
        const answers: number[] = [];
        for (const token of tokens) answers.push((await me(t, token)).statusCode);
        expect(answers).toEqual([401, 401, 401, 401]);
        const refused = await me(t, randomToken());
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 'REQUESTS_EXCEEDED' });
        // No token at all is no way out either; the live user is served.
        expect((await t.call(auth.getUser)).statusCode).toBe(429);
        expect((await me(t, await sessionFor(t.db, user))).statusCode).toBe(200);
      },
    );
  });

  it('counts calls without a session per application at an address; an unknown ApplicationId is none', async () => {
    const env = {
      SIGNING_APPS: `${TEST_APP_ID}:${TEST_SECRET},kiosk:kiosk-signing-secret`,
      API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '2',
    };
    await withApp(env, async (t) => {
      const signedAs = (applicationId: string, secret: string) => () =>
        t.call(auth.getUser, {}, { headers: signedHeaders(undefined, secret, applicationId) });
      expect(await statuses(3, signedAs(TEST_APP_ID, TEST_SECRET))).toEqual([401, 401, 429]);
      expect(await statuses(3, signedAs('kiosk', 'kiosk-signing-secret'))).toEqual([401, 401, 429]);
      // A made-up application shares the bucket of calls naming none: two, then refused.
      expect(await statuses(2, signedAs('made-up', 'whatever-secret'))).toEqual([403, 403]);
      expect(
        await statuses(1, () => t.call(system.clientConfig, {}, { headers: { applicationid: '' } })),
      ).toEqual([429]);
    });
  });

  it('counts an API path spelt in other letter case alike', async () => {
    await withApp({ API_RATE_LIMIT_PER_MINUTE: '2' }, async (t) => {
      const token = await sessionFor(t.db, await buildUser(t.db));
      const spelt = (path: string) => () => t.call(auth.getUser, {}, { token, path });
      expect(await statuses(2, spelt('USER/GETUSER'))).toEqual(ok(2));
      const shouting = await t.app.inject({
        method: 'GET',
        url: '/API/V1/user/getuser',
        headers: { ...signedHeaders(), authorization: `Bearer ${token}` },
      });
      expect(shouting.statusCode).toBe(429);
    });
  });

  it('never counts the web pages, only /api/', async () => {
    await withApp({ API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1' }, async (t) => {
      expect((await t.call(system.clientConfig)).statusCode).toBe(200);
      const page = await t.app.inject({ method: 'GET', url: '/auth/login' });
      expect(page.statusCode).not.toBe(429);
      expect(page.headers['x-ratelimit-limit']).toBeUndefined();
    });
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

describe.runIf(redisAnswers)('API limits shared through Redis', () => {
  it('counts one user’s calls to two app instances together', async () => {
    const connections = [connectRedis(redisUrl), connectRedis(redisUrl)];
    const one = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '4' }, { redis: connections[0] });
    const two = await createTestApp(
      { API_RATE_LIMIT_PER_MINUTE: '4' },
      { redis: connections[1], database: one.database },
    );
    try {
      const hammer = await sessionFor(one.db, await buildUser(one.db));
      const other = await sessionFor(one.db, await buildUser(one.db));
      const answers: number[] = [];
      for (let i = 0; i < 3; i++)
        answers.push((await me(one, hammer)).statusCode, (await me(two, hammer)).statusCode);
      expect(answers).toEqual([...ok(4), 429, 429]);
      expect((await me(two, other)).statusCode).toBe(200);
    } finally {
      await two.close();
      await one.close();
      connections.forEach((r) => r.disconnect());
    }
  });
});
