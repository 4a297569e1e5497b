import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { errorsPlugin } from './errors.ts';
import { languagePlugin } from './language.ts';

async function appThatThrows(error: unknown) {
  const app = Fastify({ logger: false });
  await app.register(languagePlugin);
  await app.register(errorsPlugin);
  app.get('/api/v1/boom', async () => {
    throw error;
  });
  return app;
}

describe('error handler (DESIGN §4)', () => {
  it('never shows internals on a 5xx', async () => {
    const app = await appThatThrows(new Error('connection string postgres://secret@db failed'));
    const res = await app.inject({ method: 'GET', url: '/api/v1/boom', headers: { 'accept-language': 'zh' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toMatchObject({ isSuccess: false, code: 'INTERNAL_ERROR', message: '服务器出现问题，请稍后重试。' });
  });

  it('maps a typed error to its status, text and fields', async () => {
    const app = await appThatThrows(new AppError('FAILED_VALIDATION', { fields: [{ field: 'userName', key: 'duplicate' }] }));
    const res = await app.inject({ method: 'GET', url: '/api/v1/boom' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'FAILED_VALIDATION',
      message: 'User name is already in use.',
      Message: 'User name is already in use.',
      details: [{ field: 'userName', message: 'User name is already in use.' }],
    });
  });

  it('gives a record out of scope the not-found answer', async () => {
    const app = await appThatThrows(new AppError('FETCH_DATA_FAILED'));
    const res = await app.inject({ method: 'GET', url: '/api/v1/boom' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Could not fetch data.');
  });
});
