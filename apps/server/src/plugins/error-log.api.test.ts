import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { buildUser, sessionFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * docs/decisions.md "Logs": a statement that fails in the database is logged with its SQLSTATE, its
 * first words and the request id, never with the values the request sent (nor the row the
 * database quotes back in `detail`).
 */
let t: TestApp;
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'info', stream: capture } });
  // A rule only this test has, so a normal sign-up fails in the database, past every check of the service.
  await t.db.execute(
    sql`alter table users add constraint test_no_marker check (full_name not like '%Marker%')`,
  );
});
afterAll(() => t.close());

describe('logging a failed statement', () => {
  it('keeps the SQLSTATE, the statement start and the request id, and none of the values', async () => {
    const token = await sessionFor(t.db, await buildUser(t.db, { role: 'Admin' }));
    const unique = randomBytes(6).toString('hex');
    const body = {
      fullName: `Marker ${unique}`,
      nickName: `nick${unique}`,
      userName: `user${unique}`,
      password: 'Secret#Pass1',
      role: 'Teacher' as const,
      phoneNumber: `+8613${parseInt(unique.slice(0, 8), 16).toString().padStart(9, '0').slice(0, 9)}`,
      emailAddress: `mail${unique}@example.com`,
    };
    const res = await t.call(contract.users.register, { body }, { token });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL_ERROR');

    const log = lines.join('\n');
    for (const value of [
      unique,
      body.userName,
      body.emailAddress,
      body.phoneNumber,
      body.nickName,
      'Secret#Pass1',
    ]) {
      expect(log, value).not.toContain(value);
    }
    expect(log).not.toMatch(/Failing row|params:/);

    const failure = entries().find((e) => e.msg === 'unhandled error')!;
    expect(failure.err).toMatchObject({
      type: 'DatabaseError',
      code: '23514',
      constraint: 'test_no_marker',
      statement: expect.stringMatching(/^insert into "users" \(/),
    });
    expect((failure.err as { statement: string }).statement.length).toBeLessThanOrEqual(60);
    // One line per request, written as it ends (issue 9): its path and status under the same id.
    const requestLines = entries().filter((e) => e.reqId === failure.reqId && e.req);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'POST', url: '/api/v1/user/register' },
      res: { statusCode: 500 },
    });
  });

  it('logs request paths without their query string', async () => {
    const token = await sessionFor(t.db, await buildUser(t.db, { role: 'Admin' }));
    const key = '0c6e4d1e-9a4b-4b7e-8f00-5d1f0e2a9c11';
    await t.call(contract.users.get, { query: { publicKey: key } }, { token });
    expect(lines.join('\n')).not.toContain(key);
    expect(
      entries().some(
        (e) => (e.req as { url?: string } | undefined)?.url === '/api/v1/user/getUserByPublicKey',
      ),
    ).toBe(true);
  });
});
