import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, formatMessage } from '@tutoria/shared';
import { authSessions, loginAttempts } from '../../db/schema/index.ts';
import { buildUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * docs/decisions.md "Sign-in limits": a lock per account and address, an account-wide throttle
 * whose wait doubles, and a way in for the owner. The app trusts inject's address as a proxy, so
 * each test picks the client's address with X-Forwarded-For; the store's clock is moved, not waited.
 */
let t: TestApp;
let now = Date.now();
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' }, { now: () => now });
});
afterAll(() => t.close());

const WRONG = 'Wrong@1234';
const throttledText = formatMessage('en', 'loginThrottled');
let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;

const login = (userName: string, password: string, ip: string) =>
  t.call(contract.auth.login, { body: { userName, password } }, { headers: { 'x-forwarded-for': ip } });

const sessionsOf = async (publicKey: string) =>
  (await t.db.select().from(authSessions).where(eq(authSessions.userKey, publicKey))).length;

describe('sign-in limits', () => {
  it('locks the attacking address out, even with the right password, while the owner signs in from elsewhere', async () => {
    const victim = await buildUser(t.db, { role: 'Admin' });
    const attacker = freshAddress();
    for (let i = 0; i < 5; i++)
      expect((await login(victim.userName, WRONG, attacker)).json().code).toBe('INVALID_GRANT');

    const locked = await login(victim.userName, TEST_PASSWORD, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'REQUESTS_EXCEEDED',
      message: formatMessage('en', 'tooManyLogins', { minutes: 15 }),
    });
    expect(await sessionsOf(victim.publicKey)).toBe(0);

    const owner = await login(victim.userName.toUpperCase(), TEST_PASSWORD, freshAddress());
    expect(owner.statusCode).toBe(200);
    expect(await sessionsOf(victim.publicKey)).toBe(1);

    const history = await t.db
      .select()
      .from(loginAttempts)
      .where(and(eq(loginAttempts.userKey, victim.publicKey), eq(loginAttempts.success, false)));
    expect(history).toHaveLength(6);
  });

  it('lifts the address lock when the window has passed', async () => {
    const user = await buildUser(t.db);
    const address = freshAddress();
    for (let i = 0; i < 5; i++) await login(user.userName, WRONG, address);
    expect((await login(user.userName, TEST_PASSWORD, address)).statusCode).toBe(429);
    now += 15 * 60_000 + 1000;
    expect((await login(user.userName, TEST_PASSWORD, address)).statusCode).toBe(200);
  });

  it('throttles a spread attack after the threshold, each further failure doubling the wait', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < 9; i++)
      expect((await login(user.userName, WRONG, freshAddress())).statusCode).toBe(400);
    // The tenth failure starts the throttle: a 1-second wait, refused for every new address.
    expect((await login(user.userName, WRONG, freshAddress())).statusCode).toBe(400);
    const refused = await login(user.userName, TEST_PASSWORD, freshAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'REQUESTS_EXCEEDED', message: throttledText });
    expect(await sessionsOf(user.publicKey)).toBe(0);

    for (const wait of [1, 2, 4, 8]) {
      now += (wait - 1) * 1000;
      expect((await login(user.userName, WRONG, freshAddress())).statusCode, `${wait}s`).toBe(429);
      now += 1000;
      expect((await login(user.userName, WRONG, freshAddress())).statusCode, `after ${wait}s`).toBe(400);
    }
  });

  it('keeps a distributed attacker far below 100 password checks an hour', async () => {
    const user = await buildUser(t.db);
    let checked = 0;
    for (let step = 0; step < 120; step++, now += 30_000) {
      const res = await login(user.userName, WRONG, freshAddress());
      if (res.statusCode === 400) checked++;
      else expect(res.statusCode).toBe(429);
    }
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(checked).toBeLessThanOrEqual(25);
  });

  it('lets the owner in from an address they signed in from, while the account is throttled', async () => {
    const user = await buildUser(t.db);
    const home = freshAddress();
    expect((await login(user.userName, TEST_PASSWORD, home)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await login(user.userName, WRONG, freshAddress());
    expect((await login(user.userName, TEST_PASSWORD, freshAddress())).statusCode).toBe(429);

    expect((await login(user.userName, TEST_PASSWORD, home)).statusCode).toBe(200);
    expect(await sessionsOf(user.publicKey)).toBe(2);
    // A trusted address that fails loses the exemption until its failures are forgotten.
    expect((await login(user.userName, WRONG, home)).statusCode).toBe(400);
    expect((await login(user.userName, TEST_PASSWORD, home)).json()).toMatchObject({
      message: throttledText,
    });
  });

  it('keeps accounts apart, whatever the user name spells', async () => {
    const user = await buildUser(t.db);
    const address = freshAddress();
    for (let i = 0; i < 10; i++) await login(`${user.userName}:${address}`, WRONG, address);
    for (let i = 0; i < 10; i++) await login(`${user.userName}:x`, WRONG, freshAddress());
    expect((await login(user.userName, TEST_PASSWORD, address)).statusCode).toBe(200);
  });
});

/**
 * issue 26: a centre's students and staff share one public address, so the per-address limit
 * counts failures, never successes; an account that signed in from the address lately (and has
 * not failed there since) is not held back by other people's failures.
 */
describe('the per-address limit (LOGIN_MAX_ATTEMPTS_PER_IP)', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ TRUST_PROXY: '127.0.0.1', LOGIN_MAX_ATTEMPTS_PER_IP: '3' });
  });
  afterAll(() => small.close());
  const signIn = (userName: string, password: string, ip: string) =>
    small.call(contract.auth.login, { body: { userName, password } }, { headers: { 'x-forwarded-for': ip } });

  it('never counts successful sign-ins: a whole class signs in from one address', async () => {
    const centre = freshAddress();
    const students = await Promise.all(Array.from({ length: 6 }, () => buildUser(small.db)));
    const statuses: number[] = [];
    for (const student of students)
      statuses.push((await signIn(student.userName, TEST_PASSWORD, centre)).statusCode);
    expect(statuses).toEqual(Array<number>(6).fill(200));
    const sessions = await small.db.select().from(authSessions);
    expect(sessions.filter((s) => students.some((u) => u.publicKey === s.userKey))).toHaveLength(6);
  });

  it('refuses a newcomer after that many failures from the address; recent users and other addresses get in', async () => {
    const centre = freshAddress();
    const regular = await buildUser(small.db);
    const newcomer = await buildUser(small.db);
    expect((await signIn(regular.userName, TEST_PASSWORD, centre)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await signIn(`nobody-${i}-${regular.userName}`, WRONG, centre)).statusCode).toBe(400);

    const refused = await signIn(newcomer.userName, TEST_PASSWORD, centre);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'REQUESTS_EXCEEDED',
      message: formatMessage('en', 'tooManyLogins', { minutes: 15 }),
    });
    const newcomerSessions = await small.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userKey, newcomer.publicKey));
    expect(newcomerSessions).toHaveLength(0);
    expect((await signIn(regular.userName, TEST_PASSWORD, centre)).statusCode).toBe(200);
    expect((await signIn(newcomer.userName, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);

    // A regular who fails from the address loses the exemption there.
    expect((await signIn(regular.userName, WRONG, centre)).statusCode).toBe(400);
    expect((await signIn(regular.userName, TEST_PASSWORD, centre)).statusCode).toBe(429);
  });
});
