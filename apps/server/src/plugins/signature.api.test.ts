import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { buildUser, sessionFor } from '../../test/factories.ts';
import { makeNonce, signedHeaders, TEST_APP_ID } from '../../test/signing.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await sessionFor(t.db, await buildUser(t.db));
});
afterAll(() => t.close());

const getUser = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/user/getuser', headers: { authorization: `Bearer ${token}`, ...headers } });

describe('request signature on every call (DESIGN §4)', () => {
  it('accepts a signed call', async () => {
    expect((await getUser(signedHeaders())).statusCode).toBe(200);
  });

  it('refuses a replayed nonce, nothing done twice', async () => {
    const headers = signedHeaders();
    expect((await getUser(headers)).statusCode).toBe(200);
    const replay = await getUser(headers);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'INVALID_PAYLOAD', message: 'The request nonce is malformed, stale or already used.' });
  });

  it('refuses missing headers, an unknown application, a bad signature and a stale nonce', async () => {
    const missing = await getUser({});
    expect(missing.json()).toMatchObject({ code: 'INVALID_PAYLOAD' });
    expect(missing.json().message).toMatch(/not signed/);
    const unknown = await getUser({ ...signedHeaders(), applicationid: 'intruder' });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().message).toBe('The calling application is not known to this server.');
    const bad = await getUser({ ...signedHeaders(), signature: 'ab'.repeat(32) });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().message).toBe('The request signature is not valid.');
    const stale = await getUser(signedHeaders(makeNonce(Date.now() - 10 * 60_000)));
    expect(stale.statusCode).toBe(400);
  });

  it('checks the signature before the session, in the caller language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/getuser', headers: { 'accept-language': 'zh-CN' } });
    expect(res.json().message).toBe('请求未签名：需要 ApplicationId、Nonce 和 Signature 请求头。');
  });

  it('lets health and the client config through unsigned', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', databaseAnswers: true });
    expect(['pglite', 'postgres']).toContain(health.json().database);
    const config = await t.app.inject({ method: 'GET', url: '/api/v1/system/clientConfig' });
    expect(config.json()).toMatchObject({ appName: 'Tutoria', applicationId: TEST_APP_ID });
  });

  it('matches paths case-insensitively and serves aliases', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/USER/GetUser',
      headers: { authorization: `Bearer ${token}`, ...signedHeaders() },
    });
    expect(res.statusCode).toBe(200);
    const alias = await t.call(contract.auth.permissionsPerRole, { query: {} }, { token, path: 'permissions_per_role' });
    expect(alias.statusCode).toBe(200);
  });

  it('answers unknown API paths with ROUTE_NOT_FOUND', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no/such/thing', headers: signedHeaders() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'ROUTE_NOT_FOUND', message: 'Endpoint does not exist' });
  });

  it('sends strict security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain('/api/v1/user/login');
    // Aliases are listed too, as the same operation (issue 26; spec-spellings.api.test.ts checks each).
    expect(paths).toContain('/api/v1/auth_change_password');
  });
});
