// Benchmark: `GET user/getuser` through the whole stack (signature, nonce store, session lookup,
// Zod serialisation) against a bare Fastify route running the same SQL. Not a timed test:
// run with `npm run bench`, read the ratio. DATABASE_URL selects PostgreSQL, else PGlite.
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { memoryCounterStore } from '../apps/server/src/lib/counter-store.ts';
import { sha256 } from '../apps/server/src/lib/crypto.ts';
import { findLiveSessionByAccessHash, lastSuccessfulLogin } from '../apps/server/src/modules/auth/auth.repo.ts';
import { accountByKey as findUserByKey } from '../apps/server/src/modules/users/users.repo.ts';
import { seedBenchUsers } from './seed-users.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', API_RATE_LIMIT_PER_MINUTE: '100000000' });
const database = await openDatabase(config);
await database.migrate();
const token = await seedBenchUsers(database.db);

const app = await buildApp({ config, database, store: memoryCounterStore(), logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

// The same SQL, no signature, no validation, no serialisation schema.
const bare = Fastify();
bare.get('/bare', async (request) => {
  const session = await findLiveSessionByAccessHash(database.db, sha256(String(request.headers.authorization).slice(7)));
  const user = await findUserByKey(database.db, session!.publicKey);
  const lastLogin = await lastSuccessfulLogin(database.db, session!.publicKey);
  return { ...user, passwordHash: undefined, lastLogin };
});
await bare.listen({ port: 0, host: '127.0.0.1' });

const secret = config.signingApps.get(config.webApplicationId)!;
const signed = () => {
  const nonce = `${Date.now()}-${randomBytes(16).toString('hex')}`;
  return { applicationid: config.webApplicationId, nonce, signature: createHmac('sha256', secret).update(nonce).digest('hex') };
};

async function run(url: string, sign: boolean) {
  const result = await autocannon({
    url,
    connections: 10,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...(sign ? signed() : {}) } }) }],
  });
  if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return result;
}

const full = await run(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1/user/getuser`, true);
const base = await run(`http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`, false);
console.log(`database: ${database.kind}, ${SECONDS}s each, 10 connections`);
console.log(`user/getuser  ${full.requests.average.toFixed(0)} req/s  p50 ${full.latency.p50} ms  p99 ${full.latency.p99} ms`);
console.log(`bare SQL      ${base.requests.average.toFixed(0)} req/s  p50 ${base.latency.p50} ms  p99 ${base.latency.p99} ms`);
console.log(`ratio         ${(full.requests.average / base.requests.average).toFixed(2)} of the bare route`);
await app.close();
await bare.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
