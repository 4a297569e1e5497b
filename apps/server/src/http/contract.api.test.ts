import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type Endpoint, rolePermissions, roles } from '@tutoria/shared';
import { buildUser, sessionFor, tableCounts } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Generated from the contract (DESIGN §3, §10): every entry × every role, allowed or refused
 * exactly as its declared access says; every entry with input refuses unknown fields.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const guarded = allEndpoints.filter((e) => e.access !== 'public');
const mayCall = (endpoint: Endpoint, role: (typeof roles)[number]) =>
  endpoint.access === 'signedIn' || (rolePermissions[role] as readonly string[]).includes(endpoint.access);

describe.each(guarded.map((e) => [e.name, e] as const))('%s', (_name, endpoint) => {
  it('refuses a caller without a session: 401, status code 6', async () => {
    const res = await t.call(endpoint);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'UNAUTHORIZED', statusCode: 6 });
  });

  it.each(roles.map((role) => [role, mayCall(endpoint, role)] as const))('%s allowed: %s', async (role, allowed) => {
    const token = await sessionFor(t.db, await buildUser(t.db, { role }));
    const res = await t.call(endpoint, {}, { token });
    if (allowed) {
      expect(res.statusCode).not.toBe(401);
      // A file answer (the centre's export, issue 33) is no JSON: it was served, so not refused.
      if (String(res.headers['content-type']).includes('json')) expect(res.json()?.code).not.toBe('ACCESS_DENIED');
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ACCESS_DENIED', message: 'You are not allowed to do the current action' });
    }
  });
});

const withInput = allEndpoints.filter((e) => e.body || e.query);
describe.each(withInput.map((e) => [e.name, e] as const))('%s bad input', (_name, endpoint) => {
  it('refuses an unknown field with FAILED_VALIDATION and writes nothing', async () => {
    const token = await sessionFor(t.db, await buildUser(t.db, { role: 'Admin' }));
    const before = await tableCounts(t.db);
    const res = endpoint.body
      ? await t.call(endpoint, {}, { token, rawBody: JSON.stringify({ unexpectedField: 1 }) })
      : await t.call(endpoint, {}, { token, path: `${endpoint.path}?unexpectedField=1` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('FAILED_VALIDATION');
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
