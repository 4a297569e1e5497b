import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { selectRow } from '../../apps/server/src/db/sql.ts';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo-users.ts';
import type { BenchCase } from './cases.ts';
import type { CpuMessage } from './cpu.ts';

export const benchDir = path.join(import.meta.dirname, '..');
const repo = path.join(benchDir, '..');

export interface CapturedQuery {
  text: string;
  params: unknown[];
  /** A named prepared statement's name (the product's per-request reads, `db/prepared.ts`). */
  name?: string;
}
export type ParentMessage =
  | { type: 'capture-start' }
  | { type: 'capture-stop' }
  | { type: 'cpu' }
  | { type: 'stop' }
  | { type: 'profile-start'; intervalMicros: number }
  | { type: 'profile-stop'; file: string };

/** Sends a server a message and waits for the answer of that `type`. */
export function ask(child: ChildProcess, message: ParentMessage, answer: string): Promise<void> {
  return new Promise((resolve) => {
    const heard = (m: { type?: string }) => {
      if (m.type !== answer) return;
      child.off('message', heard);
      resolve();
    };
    child.on('message', heard);
    child.send(message);
  });
}

/** The CPU time a server process has used so far, in µs (its own `process.cpuUsage`). */
export function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const answer = (message: Partial<CpuMessage>) => {
      if (message.type !== 'cpu') return;
      child.off('message', answer);
      resolve(message.micros!);
    };
    child.on('message', answer);
    child.send({ type: 'cpu' } satisfies ParentMessage);
  });
}
/** A server is quiet when it spends under a tenth of a core over a quarter of a second. */
const QUIET_WINDOW_MS = 250;
const QUIET_SHARE = 0.1;

/**
 * Waits until a server has worked off what a run left queued. A last request after the run is not
 * enough on PGlite: each queued request runs several statements one after another on its one
 * connection, so the last request's statements interleave with theirs and it can finish long
 * before them (the admin timetable at 50 connections left ≈ 45 s of work that starved the next
 * three runs). Gives up after `maxSeconds`.
 */
export async function untilQuiet(child: ChildProcess, maxSeconds = 300): Promise<void> {
  const deadline = Date.now() + maxSeconds * 1000;
  let before = await cpuOf(child);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_WINDOW_MS));
    const now = await cpuOf(child);
    if (now - before < QUIET_WINDOW_MS * 1000 * QUIET_SHARE) return;
    before = now;
  }
}

export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  body?: unknown;
  token: string;
  connections: number;
  seconds: number;
  sign: { applicationId: string; secret: string } | null;
}
export interface LoadResult {
  rps: number;
  /** The server's CPU time per answered request, in µs (set by the runner around the load). */
  cpuPerRequest?: number;
  /** The product server's resident memory over the run (warm-up included) and after it, MiB (Linux). */
  rssPeakMiB?: number;
  rssEndMiB?: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** Where a benchmark database lives: the env its processes get. */
export interface Target {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
}

const APP_ID = 'tutoria-bench';
const SECRET = 'tutoria-bench-secret';

/** PGlite under BENCH_DATA_DIR (./.bench-data), PostgreSQL at BENCH_DATABASE_URL when set. */
export function targets(only: string | undefined): Target[] {
  const all: Target[] = [
    { kind: 'pglite', env: { DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(repo, '.bench-data') } },
  ];
  if (process.env.BENCH_DATABASE_URL)
    all.push({ kind: 'postgres', env: { DATABASE_URL: process.env.BENCH_DATABASE_URL } });
  return all.filter((t) => !only || t.kind === only);
}

/** Seeds the large centre (npm run seed:large) into a target that has no users yet. */
export async function ensureData(target: Target): Promise<void> {
  let seeded: boolean;
  if (target.kind === 'pglite') {
    seeded = fs.existsSync(path.join(target.env.DATA_DIR!, 'pglite', 'PG_VERSION'));
  } else {
    const client = new pg.Client({ connectionString: target.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client
      .query('select count(*)::int as n from users')
      .catch(() => ({ rows: [{ n: 0 }] }));
    await client.end();
    seeded = rows[0].n > 0;
  }
  if (seeded) return;
  console.log(`Seeding the large centre on ${target.kind} (a few minutes)…`);
  const result = spawnSync('npx', ['tsx', path.join(repo, 'apps/server/src/seed/large.ts')], {
    stdio: 'inherit',
    env: { ...process.env, ...target.env },
  });
  if (result.status !== 0) throw new Error('seed:large failed');
}

/** The size of a target's centre, for the tables (read before its server starts: PGlite has one user). */
export async function dataSize(target: Target): Promise<string> {
  const database = await openDatabase({
    dataDir: target.env.DATA_DIR ?? '',
    databaseUrl: target.env.DATABASE_URL,
  });
  const row = await selectRow<{ users: number; classrooms: number; sessions: number }>(
    database.db,
    sql`select (select count(*) from users)::int as users, (select count(*) from classrooms)::int as classrooms,
      (select count(*) from classroom_sessions)::int as sessions`,
  );
  await database.close();
  return `${row!.users.toLocaleString('en')} users, ${row!.classrooms.toLocaleString('en')} classrooms, ${row!.sessions.toLocaleString('en')} sessions`;
}

/** The students of a target's centre: the x axis of `npm run bench:growth`. */
export async function studentCount(target: Target): Promise<number> {
  const database = await openDatabase({
    dataDir: target.env.DATA_DIR ?? '',
    databaseUrl: target.env.DATABASE_URL,
  });
  const row = await selectRow<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from users where role = 'Student'`,
  );
  await database.close();
  return row!.n;
}

/** Starts a TypeScript child with an IPC channel and waits for its `ready` message. */
export async function start(
  script: string,
  env: Record<string, string>,
  execArgv: string[] = [],
): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(benchDir, script), [], {
    execArgv: ['--import', 'tsx', ...execArgv],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { type: string; port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, port };
}

export async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' } satisfies ParentMessage);
  await exited;
}

/** The env of the product server: the bench's own signing app, limits out of the way, logs as in production. */
export function productEnv(target: Target): Record<string, string> {
  return {
    ...target.env,
    NODE_ENV: 'production',
    SIGNING_APPS: `${APP_ID}:${SECRET}`,
    WEB_APPLICATION_ID: APP_ID,
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '100000000',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    DEMO: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };
}

export const signing = { applicationId: APP_ID, secret: SECRET };

/** A fresh nonce, signed with the bench's application secret, as the browser sends it. */
export function signedHeaders(): Record<string, string> {
  const nonce = `${Date.now()}-${randomBytes(16).toString('hex')}`;
  return {
    applicationid: APP_ID,
    nonce,
    signature: createHmac('sha256', SECRET).update(nonce).digest('hex'),
  };
}

/** One signed request, as the browser makes it. */
export async function call(
  port: number,
  c: Pick<BenchCase, 'path' | 'body'> & { method: BenchCase['method'] | 'PUT' },
  token?: string,
) {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/${c.path}`, {
    method: c.method,
    headers: {
      ...signedHeaders(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(c.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: c.body === undefined ? undefined : JSON.stringify(c.body),
  });
  if (!response.ok) throw new Error(`${c.path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Signs in as the large centre's `admin` through the product. */
export async function signIn(port: number): Promise<string> {
  const tokens = (await call(port, {
    method: 'POST',
    path: 'user/login',
    body: { userName: 'admin', password: DEMO_PASSWORD },
  })) as { access_token: string };
  return tokens.access_token;
}

/** The SQL the product sends for one request of each case (after one warm-up request). */
export async function capture(child: ChildProcess, port: number, token: string, cases: BenchCase[]) {
  const captured: Record<string, CapturedQuery[]> = {};
  for (const c of cases) {
    await call(port, c, token);
    const capturing = new Promise((resolve) => child.once('message', resolve));
    child.send({ type: 'capture-start' } satisfies ParentMessage);
    await capturing;
    const answer = new Promise<CapturedQuery[]>((resolve) =>
      child.once('message', (m: { queries: CapturedQuery[] }) => resolve(m.queries)),
    );
    await call(port, c, token);
    child.send({ type: 'capture-stop' } satisfies ParentMessage);
    captured[c.name] = await answer;
  }
  return captured;
}

/** Runs autocannon in its own process. */
export async function load(job: LoadJob): Promise<LoadResult> {
  const child = fork(path.join(benchDir, 'load.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const result = new Promise<LoadResult>((resolve, reject) => {
    child.once('message', (m: LoadResult) => resolve(m));
    child.once('exit', (code) => (code ? reject(new Error(`load exited with ${code}`)) : undefined));
  });
  child.send(job);
  return result;
}
