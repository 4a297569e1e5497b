import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Endpoint, EndpointInput, Language } from '@tutoria/shared';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database, Db } from '../src/db/client.ts';
import type { EventBus } from '../src/events/event-bus.ts';
import type { JobQueue } from '../src/lib/jobs/job-queue.ts';
import { type CounterStore, memoryCounterStore } from '../src/lib/counter-store.ts';
import type { Redis } from '../src/lib/redis.ts';
import { signedHeaders, TEST_APP_ID, TEST_SECRET } from './signing.ts';
import { openTestDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  store: CounterStore;
  /** The app's event bus, dispatching only when a test drains it. */
  events: EventBus;
  /** The app's job queue, running jobs only when a test drains it. */
  jobs: JobQueue;
  /** Calls a contract entry the way the browser does: signed, with a token and a language. */
  call<E extends Endpoint>(endpoint: E, input?: Partial<EndpointInput<E>>, options?: CallOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  language?: Language;
  headers?: Record<string, string>;
  /** Send the raw body as is (for malformed-input tests). */
  rawBody?: string;
  /** Use this spelling instead of the canonical path. */
  path?: string;
  method?: string;
}

export interface TestAppOptions {
  /** The clock of the counter store (sign-in limits, nonces), so a test can move time on. */
  now?: () => number;
  /** Logger options for buildApp (a test that reads the log passes a stream). */
  logger?: object;
  /** A Redis connection: the app's event bus then tells every app's listeners through it (notifications' fan-out). */
  redis?: Redis;
  /** Another test app's database: two app instances on one database (scale-out); the first one closes it. */
  database?: Database;
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    SIGNING_APPS: `${TEST_APP_ID}:${TEST_SECRET}`,
    WEB_APPLICATION_ID: TEST_APP_ID,
    DATA_DIR: '/nonexistent-test-data',
    WEB_DIST: '/nonexistent-web-dist',
    API_RATE_LIMIT_PER_MINUTE: '100000',
    API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '100000',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    ...env,
  });
  const store = memoryCounterStore(options.now);
  const app = await buildApp({ config, database, store, redis: options.redis, logger: options.logger ?? false, eventDispatch: 'manual' });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    store,
    events: app.events,
    jobs: app.jobs,
    call(endpoint, input = {}, options = {}) {
      const { query, body, params } = input as { query?: Record<string, unknown>; body?: unknown; params?: Record<string, string> };
      let path = options.path ?? endpoint.path;
      for (const [key, value] of Object.entries(params ?? {})) path = path.replace(`:${key}`, encodeURIComponent(value));
      const search = query
        ? new URLSearchParams(
            Object.entries(query)
              .filter(([, v]) => v !== undefined)
              .map(([k, v]) => [k, String(v)] as [string, string]),
          ).toString()
        : '';
      const headers: Record<string, string> = {
        ...signedHeaders(),
        'accept-language': options.language ?? 'en',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      };
      const hasBody = options.rawBody !== undefined || body !== undefined;
      if (hasBody) headers['content-type'] = 'application/json';
      return app.inject({
        method: (options.method ?? endpoint.method) as 'GET',
        url: `/api/v1/${path}${search ? `?${search}` : ''}`,
        headers,
        ...(hasBody ? { payload: options.rawBody ?? JSON.stringify(body) } : {}),
      });
    },
    async close() {
      await app.close();
      if (!options.database) await database.close();
      await store.close();
    },
  };
}
