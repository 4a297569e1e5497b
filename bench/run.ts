// `npm run bench [-- --only users-list,getuser] [-- --db pglite|postgres] [-- --connections 10,50]`
// [-- --product-only] [-- --json results.json]
// For each case of bench/lib/cases.ts: the product endpoint (signed, validated, serialised) and a
// bare Fastify route replaying the SQL captured from that endpoint, each server in its own process,
// autocannon in a third. Prints req/s, p50/p95/p99 and product ÷ bare, and writes the table of each
// database into bench/README.md. BENCH_SECONDS sets each run's length (default 10); PostgreSQL
// runs when BENCH_DATABASE_URL is set. `--json` also writes every run's figures (with the product
// server's resident memory, peak and after the run) to a file, as `npm run bench:growth` reads
// them; `--product-only` skips the bare routes. Not a test: CI never runs it.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchCases } from './lib/cases.ts';
import {
  ask,
  benchDir,
  call,
  capture,
  cpuOf,
  dataSize,
  ensureData,
  load,
  type LoadResult,
  productEnv,
  signIn,
  signing,
  start,
  stop,
  studentCount,
  type Target,
  targets,
  untilQuiet,
} from './lib/children.ts';
import { resetRssPeak, rssOf } from './lib/memory.ts';

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    db: { type: 'string' },
    connections: { type: 'string', default: '10,50' },
    json: { type: 'string' },
    'product-only': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Unmeasured seconds of the same load before each run: a process runs its code unoptimised at first. */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 2);
/** BENCH_CPU_PROF: a profile of the product server over each measured run, and its request count, into that folder. */
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
/** Sampling interval of those profiles, µs (`--cpu-prof` samples every 1,000). */
const PROFILE_INTERVAL = Number(process.env.BENCH_CPU_PROF_INTERVAL ?? 250);
if (PROFILE_DIR) fs.mkdirSync(PROFILE_DIR, { recursive: true });
const connections = args.connections.split(',').map(Number);
const only = args.only?.split(',');
const cases = benchCases().filter((c) => !only || only.includes(c.name));
if (!cases.length)
  throw new Error(
    `No bench named ${args.only}; try ${benchCases()
      .map((c) => c.name)
      .join(', ')}`,
  );

interface Row {
  name: string;
  title: string;
  connections: number;
  product: LoadResult;
  /** Absent with `--product-only`. */
  bare?: LoadResult;
}

async function benchTarget(target: Target): Promise<{ rows: Row[]; size: string; captured: string }> {
  await ensureData(target);
  const size = await dataSize(target);
  const product = await start('product-server.ts', productEnv(target));
  const token = await signIn(product.port);
  const queries = await capture(product.child, product.port, token, cases);
  const capturedFile = path.join(benchDir, '..', '.bench-data', `captured-${target.kind}.json`);
  fs.mkdirSync(path.dirname(capturedFile), { recursive: true });
  fs.writeFileSync(capturedFile, JSON.stringify(queries, null, 1));

  const results = new Map<string, LoadResult>();
  const run = async (server: 'product' | 'bare', child: ChildProcess, port: number) => {
    for (const c of cases) {
      for (const n of connections) {
        const job = (seconds: number) => ({
          url:
            server === 'product'
              ? `http://127.0.0.1:${port}/api/v1/${c.path}`
              : `http://127.0.0.1:${port}/bare/${c.name}`,
          method: server === 'product' ? c.method : ('GET' as const),
          body: server === 'product' ? c.body : undefined,
          token,
          connections: n,
          seconds,
          sign: server === 'product' ? signing : null,
        });
        resetRssPeak(child.pid);
        if (WARM_UP_SECONDS > 0) await load(job(WARM_UP_SECONDS));
        const profiled = server === 'product' && PROFILE_DIR;
        if (profiled) await ask(child, { type: 'profile-start', intervalMicros: PROFILE_INTERVAL }, 'profiling');
        const cpuBefore = await cpuOf(child);
        const result = await load(job(SECONDS));
        result.cpuPerRequest = result.total ? ((await cpuOf(child)) - cpuBefore) / result.total : undefined;
        if (profiled) {
          const file = path.join(PROFILE_DIR, `${target.kind}-${c.name}-${n}`);
          await ask(child, { type: 'profile-stop', file: `${file}.cpuprofile` }, 'profiled');
          fs.writeFileSync(`${file}.json`, JSON.stringify({ requests: result.total, ...result }));
        }
        // Requests still queued when autocannon stops (PGlite has one connection) must not spill
        // into the next run: one more request waits behind them, then the server must be quiet.
        if (server === 'product') await call(port, c, token);
        else await fetch(`http://127.0.0.1:${port}/bare/${c.name}`);
        await untilQuiet(child);
        const rss = rssOf(child.pid);
        if (rss) Object.assign(result, { rssPeakMiB: rss.peak, rssEndMiB: rss.now });
        if (result.non2xx) throw new Error(`${server} ${c.name}: ${result.non2xx} non-2xx answers`);
        console.log(
          `  ${target.kind} ${server.padEnd(7)} ${c.name.padEnd(15)} ${String(n).padStart(2)} conn  ${line(result)}`,
        );
        results.set(`${server}/${c.name}/${n}`, result);
      }
    }
  };
  await run('product', product.child, product.port);
  await stop(product.child);
  if (!args['product-only']) {
    const bare = await start('bare-server.ts', { ...target.env, BENCH_CAPTURED: capturedFile });
    await run('bare', bare.child, bare.port);
    await stop(bare.child);
  }
  const rows = cases.flatMap((c) =>
    connections.map((n) => ({
      name: c.name,
      title: c.title,
      connections: n,
      product: results.get(`product/${c.name}/${n}`)!,
      bare: results.get(`bare/${c.name}/${n}`),
    })),
  );
  return { rows, size, captured: capturedFile };
}

const line = (r: LoadResult) =>
  `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  ${cpuCell(r)} µs CPU/req  (${r.total} answered, ${r.errors} timed out)` +
  (r.rssPeakMiB === undefined
    ? ''
    : `  RSS peak ${r.rssPeakMiB.toFixed(0)} MiB, after ${r.rssEndMiB!.toFixed(0)} MiB`);
const cpuCell = (r: LoadResult) => (r.cpuPerRequest === undefined ? '—' : r.cpuPerRequest.toFixed(0));
const cell = (r: LoadResult | undefined) =>
  !r ? '—' : r.total ? `${r.rps.toFixed(0)} · ${r.p50}/${r.p95}/${r.p99}` : `none answered in ${SECONDS} s`;

function table(kind: string, size: string, rows: Row[]): string {
  const cpu = os.cpus();
  return [
    `### ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`,
    '',
    `${new Date().toISOString().slice(0, 10)} · ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} · ` +
      `${size} · ${SECONDS} s per run after ${WARM_UP_SECONDS} s of warm-up · req/s · p50/p95/p99 ms · ` +
      'each server process’s CPU time per answered request, µs',
    '',
    '| bench | conn | product | bare SQL | ratio | CPU/req product · bare | CPU ratio |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.title} | ${r.connections} | ${cell(r.product)} | ${cell(r.bare)} | ${r.product.total && r.bare?.total ? (r.product.rps / r.bare.rps).toFixed(2) : '—'} | ` +
        `${cpuCell(r.product)} · ${r.bare ? cpuCell(r.bare) : '—'} | ${r.product.cpuPerRequest && r.bare?.cpuPerRequest ? (r.bare.cpuPerRequest / r.product.cpuPerRequest).toFixed(2) : '—'} |`,
    ),
  ].join('\n');
}

/** Replaces the block of one database between its markers in bench/README.md. */
function writeReadme(kind: string, text: string) {
  const file = path.join(benchDir, 'README.md');
  const readme = fs.readFileSync(file, 'utf8');
  const open = `<!-- bench:${kind} -->`;
  const close = `<!-- /bench:${kind} -->`;
  const block = `${open}\n${text}\n${close}`;
  const from = readme.indexOf(open);
  const to = readme.indexOf(close);
  fs.writeFileSync(
    file,
    from >= 0 && to > from
      ? readme.slice(0, from) + block + readme.slice(to + close.length)
      : `${readme}\n${block}\n`,
  );
}

const runs: unknown[] = [];
for (const target of targets(args.db)) {
  console.log(
    `\n${target.kind}: ${cases.length} benches × ${connections.join(', ')} connections × ${SECONDS} s`,
  );
  const loadBefore = os.loadavg();
  const startedAt = new Date().toISOString();
  const { rows, size } = await benchTarget(target);
  const text = table(target.kind, size, rows);
  console.log(`\n${text}\n`);
  runs.push({
    database: target.kind,
    size,
    students: await studentCount(target),
    startedAt,
    finishedAt: new Date().toISOString(),
    loadAverage: { before: loadBefore, after: os.loadavg() },
    rows,
  });
  // A filtered or product-only run prints only: the README keeps whole tables.
  if (!only && !args['product-only']) writeReadme(target.kind, text);
}
if (args.json) {
  const cpu = os.cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()}`;
  fs.writeFileSync(
    args.json,
    `${JSON.stringify({ machine, seconds: SECONDS, warmUpSeconds: WARM_UP_SECONDS, connections, runs }, null, 1)}\n`,
  );
}
