// Child process: a bare Fastify route per benchmark replaying the SQL captured from the product
// (the same statements, the same parameters, in the same order), on the raw driver — no signature,
// no session check beyond the captured lookup, no validation, no response schema. The yardstick.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { pgliteExtensions } from '../apps/server/src/db/client.ts';
import { nameMarkedStatements } from '../apps/server/src/db/prepared.ts';
import { keepMarkedStatementsPrepared } from '../apps/server/src/db/prepared-pglite.ts';
import type { CapturedQuery, ParentMessage } from './lib/children.ts';
import { cpuMicros } from './lib/cpu.ts';

const captured = JSON.parse(fs.readFileSync(process.env.BENCH_CAPTURED!, 'utf8')) as Record<
  string,
  CapturedQuery[]
>;
type Run = (query: CapturedQuery) => Promise<unknown[]>;
let run: Run;
let close: () => Promise<void>;
if (process.env.DATABASE_URL) {
  // The product's pool size (openPostgres).
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  // A statement the product prepared is prepared here too, under its name, and a list's marked
  // statement is named as the product's pool names it: the same work in PostgreSQL.
  pool.on('connect', nameMarkedStatements);
  run = async ({ text, params, name }) => (await pool.query({ text, values: params, name })).rows;
  close = () => pool.end();
} else {
  const pglite = await PGlite.create(path.join(process.env.DATA_DIR!, 'pglite'), {
    extensions: pgliteExtensions,
  });
  keepMarkedStatementsPrepared(pglite);
  run = async ({ text, params }) => (await pglite.query(text, params)).rows;
  close = () => pglite.close();
}

const app = Fastify();
for (const [name, queries] of Object.entries(captured)) {
  app.all(`/bare/${name}`, async () => {
    const results: unknown[][] = [];
    for (const q of queries) results.push(await run(q));
    return { results };
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });

process.on('message', (message: ParentMessage) => {
  if (message.type === 'cpu') process.send!(cpuMicros());
  if (message.type === 'stop')
    void app
      .close()
      .then(close)
      .then(() => process.exit(0));
});
process.send!({ type: 'ready', port: (app.server.address() as { port: number }).port });
