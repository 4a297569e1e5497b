// Benchmark: a user with 10,000 notifications (issue 12) among 300,000 of 300 users — the first
// page of `teacher_notifications`, an unread-only page, and the bell's unread count, through the
// whole stack; and the query plans, which must use the indexes (no scan of the user's rows for
// the count). Not a timed test: run with `npx tsx bench/notifications.bench.ts`.
// DATABASE_URL selects PostgreSQL, else PGlite; BENCH_SECONDS sets each run's length (10).
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { contract, renderNotification } from '@tutoria/shared';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { authSessions, users } from '../apps/server/src/db/schema/index.ts';
import { memoryCounterStore } from '../apps/server/src/lib/counter-store.ts';
import { randomToken, sha256 } from '../apps/server/src/lib/crypto.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 300;
const PER_USER = 1_000;
const HEAVY = 10_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-bench-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  API_RATE_LIMIT_PER_MINUTE: '100000000',
});
const database = await openDatabase(config);
await database.migrate();
const db = database.db;

const people = await db
  .insert(users)
  .values(
    Array.from({ length: USERS }, (_, i) => ({
      role: 'Teacher',
      fullName: `Teacher ${i}`,
      userName: `bench-t${i}`,
      passwordHash: 'x',
    })),
  )
  .returning({ publicKey: users.publicKey });
const heavy = people[0]!.publicKey;
const text = (n: number) =>
  ['en', 'zh']
    .map((l) => renderNotification(l as 'en', 'session.moved', { classroom: `Class ${n % 97}`, count: 1 }))
    .join('\n');
// Generated in the database: 10,000 for one user, 1,000 for each of the others, a third unread.
await db.execute(sql`insert into notifications (user_key, message_type, message_key, params, search_text, is_read, create_moment)
  select u.key, 'TimeTable', 'session.moved', jsonb_build_object('classroom', 'Class ' || (g % 97), 'count', 1), ${text(1)}, g % 3 <> 0,
    now() - (g || ' minutes')::interval
  from (select unnest(${sql.param(people.map((p) => p.publicKey))}::uuid[]) as key) u
  cross join lateral generate_series(1, case when u.key = ${heavy} then ${HEAVY} else ${PER_USER} end) g`);
await db.execute(sql`analyze notifications`);

const token = randomToken();
await db.insert(authSessions).values({
  userKey: heavy,
  accessTokenHash: sha256(token),
  refreshTokenHash: sha256(randomToken()),
  accessExpiresAt: new Date(Date.now() + 3600_000),
  refreshExpiresAt: new Date(Date.now() + 3600_000),
});

for (const [name, query] of [
  ['unread count', sql`explain select count(*) from notifications where user_key = ${heavy} and not is_read`],
  [
    'first page',
    sql`explain select * from notifications where user_key = ${heavy} order by create_moment desc, notification_id desc limit 10`,
  ],
] as const) {
  const plan = (await db.execute(query)) as unknown as { rows: { 'QUERY PLAN': string }[] };
  console.log(`\n${name}:\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
}

const app = await buildApp({
  config,
  database,
  store: memoryCounterStore(),
  logger: false,
  eventDispatch: 'manual',
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const secret = config.signingApps.get(config.webApplicationId)!;
const signed = () => {
  const nonce = `${Date.now()}-${randomBytes(16).toString('hex')}`;
  return {
    applicationid: config.webApplicationId,
    nonce,
    signature: createHmac('sha256', secret).update(nonce).digest('hex'),
  };
};

async function run(label: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const result = await autocannon({
    url,
    method,
    connections: 10,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...signed() } }) }],
  });
  console.log(
    `${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
  );
}

const page = (where: unknown[]) => ({ page: { index: 1, size: 10 }, where, order: [] });
await run(
  'teacher_notifications, first page',
  'POST',
  `${base}/api/v1/${contract.notifications.ownList.path}`,
  page([]),
);
await run(
  'teacher_notifications, unread',
  'POST',
  `${base}/api/v1/${contract.notifications.ownList.path}`,
  page([[{ column: 'isRead', comparison: 'Equal', operand: false }]]),
);
await run('unread count', 'GET', `${base}/api/v1/${contract.notifications.unreadCount.path}`);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
