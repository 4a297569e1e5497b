// Child process: the product server as `npm run serve` builds it (default logger at LOG_LEVEL, the
// app's own plugins), on the benchmark data. It can record the SQL of one request: the parent sends
// `capture-start`, makes the request, sends `capture-stop` and gets back every statement sent to
// the database driver in between, text and parameters, exactly as the product sent them.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { memoryCounterStore } from '../apps/server/src/lib/counter-store.ts';
import type { CapturedQuery, ParentMessage } from './lib/children.ts';
import { cpuMicros } from './lib/cpu.ts';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();

type Query = (
  query: string | { text: string; name?: string },
  params?: unknown[],
  ...rest: unknown[]
) => Promise<unknown>;
const client = (database.db as unknown as { $client: { query: Query } }).$client;
const send = client.query.bind(client);
let captured: CapturedQuery[] | null = null;
/**
 * Set while a request is served: only its statements are captured. The event and job workers'
 * (outbox poll, job claims, a reminders plan scanning the week's sessions) belong to no request;
 * captured by chance, the bare route replayed them on every request (issue 30).
 */
const inRequest = new AsyncLocalStorage<true>();
client.query = (query, params, ...rest) => {
  const text = typeof query === 'string' ? query : query.text;
  const name = typeof query === 'string' ? undefined : query.name;
  if (captured && inRequest.getStore())
    captured.push({ text, params: params ?? [], ...(name ? { name } : {}) });
  return send(query, params, ...rest);
};

const app = await buildApp({ config, database, store: memoryCounterStore() });
await app.ready();
const server = http.createServer((request, reply) => inRequest.run(true, () => app.routing(request, reply)));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

// BENCH_CPU_PROF: the parent profiles each measured run alone (start-up, capture and warm-up left out).
const inspector = new Session();
inspector.connect();

process.on('message', (message: ParentMessage) => {
  if (message.type === 'profile-start')
    void inspector
      .post('Profiler.enable')
      .then(() => inspector.post('Profiler.setSamplingInterval', { interval: message.intervalMicros }))
      .then(() => inspector.post('Profiler.start'))
      .then(() => process.send!({ type: 'profiling' }));
  if (message.type === 'profile-stop')
    void inspector.post('Profiler.stop').then(({ profile }) => {
      fs.writeFileSync(message.file, JSON.stringify(profile));
      process.send!({ type: 'profiled' });
    });
  if (message.type === 'capture-start') {
    captured = [];
    process.send!({ type: 'capturing' });
  }
  if (message.type === 'capture-stop') {
    process.send!({ type: 'captured', queries: JSON.parse(JSON.stringify(captured)) });
    captured = null;
  }
  if (message.type === 'cpu') process.send!(cpuMicros());
  if (message.type === 'stop')
    void new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    })
      .then(() => app.close())
      .then(() => database.close())
      .then(() => process.exit(0));
});
process.send!({ type: 'ready', port: (server.address() as { port: number }).port, kind: database.kind });
