import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { logSafeRequest } from './log.ts';

const request = (url: string) =>
  ({ method: 'GET', url, host: 'x', ip: '127.0.0.1' }) as unknown as FastifyRequest;

describe('logSafeRequest', () => {
  it('drops the query string and a parent report link id', () => {
    expect(logSafeRequest(request('/api/v1/Report/GetParentReport?reportId=secret')).url).toBe(
      '/api/v1/Report/GetParentReport',
    );
    expect(logSafeRequest(request('/parent/report/AbC_123-xyz')).url).toBe('/parent/report/…');
    expect(logSafeRequest(request('/admin/panel/users')).url).toBe('/admin/panel/users');
  });
});
