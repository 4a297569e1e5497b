// `npm run bench:limits [-- --db pglite|postgres] [-- --seconds 120] [-- --users 40] [-- --page-seconds 10]
//   [-- --hammer-connections 4]`
// Issue 31, limits per person: an office of signed-in people behind one address (every call from
// 127.0.0.1), each opening a page of their usual round every `--page-seconds` with that page's real
// calls (bench/lib/browsing.ts), for `--seconds` (BENCH_LIMITS_SECONDS, default 120), on the
// `seed:large` centre and the product's default API limits. From half-time on, one more user calls
// the API as fast as they can (bench/lib/hammer.ts). Counts the office's 429s (there must be none)
// and the hammer's, and writes a row per database into bench/README.md (`<!-- bench:limits -->`).
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-users.ts';
import {
  type BrowsingPage,
  type BrowsingRole,
  classList,
  largeLogin,
  office,
  type PageCall,
  type PageContext,
  rounds,
  startUpCalls,
} from './lib/browsing.ts';
import {
  benchDir,
  dataSize,
  ensureData,
  productEnv,
  signedHeaders,
  start,
  stop,
  type Target,
  targets,
} from './lib/children.ts';
import type { HammerJob, HammerResult } from './lib/hammer.ts';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string' },
    seconds: { type: 'string', default: process.env.BENCH_LIMITS_SECONDS ?? '120' },
    users: { type: 'string', default: '40' },
    'page-seconds': { type: 'string', default: '10' },
    'hammer-connections': { type: 'string', default: '4' },
  },
});
const SECONDS = Number(args.seconds);
const PAGE_MS = Number(args['page-seconds']) * 1000;
const USERS = Number(args.users);
const HAMMER_CONNECTIONS = Number(args['hammer-connections']);
/** The hammer starts at half-time: the office's pages before it are the yardstick for those during it. */
const HAMMER_FROM = SECONDS / 2;
/** A student the office does not hold (101, 103 and their multiples are not active). */
const HAMMER_LOGIN = largeLogin('student', 42);

interface Answer {
  status: number;
  ms: number;
  text: string;
}

interface Person {
  userName: string;
  role: BrowsingRole;
  token: string;
  round: BrowsingPage[];
  classroomId: string;
}

interface Tally {
  pages: number;
  calls: number;
  refused: number;
  /** Any other answer than 200 or 429, as `status path` (the bench's own mistake if any). */
  others: string[];
  /** Page load times (every call of the page answered), before and during the hammer. */
  pageMs: { before: number[]; during: number[] };
}

async function send(
  port: number,
  call: PageCall,
  options: { token?: string; signed?: boolean } = {},
): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/${call.path}`, {
    method: call.method,
    headers: {
      ...(options.signed === false ? {} : signedHeaders()),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const text = await response.text();
  return { status: response.status, ms: performance.now() - started, text };
}

/** The live stream as an EventSource opens it (a ticket, no token, no signature), closed once it answered. */
async function openStream(port: number, ticket: string): Promise<Answer> {
  const started = performance.now();
  const controller = new AbortController();
  const response = await fetch(
    `http://127.0.0.1:${port}/api/v1/notification/stream?ticket=${encodeURIComponent(ticket)}`,
    {
      signal: controller.signal,
    },
  );
  controller.abort();
  return { status: response.status, ms: performance.now() - started, text: '' };
}

/** One full page load: the start-up calls and the page's own, at once as the browser sends them. */
async function openPage(port: number, person: Person, page: BrowsingPage, tally: Tally): Promise<number> {
  const started = performance.now();
  const context: PageContext = { classroomId: person.classroomId, now: Math.floor(Date.now() / 1000) };
  const count = (call: string) => (answer: Answer) => {
    tally.calls += 1;
    if (answer.status === 429) tally.refused += 1;
    else if (answer.status !== 200) tally.others.push(`${answer.status} ${call}`);
    return answer;
  };
  const ticketCall: PageCall = { method: 'POST', path: 'notification/streamTicket' };
  const withStream = send(port, ticketCall, { token: person.token })
    .then(count(ticketCall.path))
    .then((answer) =>
      answer.status === 200
        ? openStream(port, (JSON.parse(answer.text) as { ticket: string }).ticket).then(
            count('notification/stream'),
          )
        : answer,
    );
  const settings = send(port, { method: 'GET', path: 'system/clientConfig' }, { signed: false }).then(
    count('system/clientConfig'),
  );
  const own = [...startUpCalls(person.role), ...page.calls(context)].map((call) =>
    send(port, call, { token: person.token }).then(count(call.path)),
  );
  await Promise.all([settings, withStream, ...own]);
  tally.pages += 1;
  return performance.now() - started;
}

async function signIn(port: number, userName: string): Promise<string> {
  const answer = await send(port, {
    method: 'POST',
    path: 'user/login',
    body: { userName, password: DEMO_PASSWORD },
  });
  if (answer.status !== 200) throw new Error(`sign-in of ${userName}: ${answer.status} ${answer.text}`);
  return (JSON.parse(answer.text) as { access_token: string }).access_token;
}

/** Signs the office in and finds each staff member a class of theirs to open (the first of their class list). */
async function signInOffice(port: number): Promise<Person[]> {
  const people: Person[] = [];
  for (const { userName, role } of office(USERS)) {
    const token = await signIn(port, userName);
    const list = classList[role];
    let classroomId = '';
    if (list) {
      const answer = await send(port, list, { token });
      classroomId =
        (JSON.parse(answer.text) as { data: { classroomId: string }[] }).data[0]?.classroomId ?? '';
    }
    const round = rounds[role].filter((page) => classroomId || page.name !== 'class details');
    people.push({ userName, role, token, round, classroomId });
  }
  return people;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** A person's pages: one every PAGE_MS from a random moment of the first, from a random page of their round. */
async function browse(port: number, person: Person, startedAt: number, tally: Tally): Promise<void> {
  const offset = Math.random() * PAGE_MS;
  let next = Math.floor(Math.random() * person.round.length);
  for (let k = 0; ; k++) {
    const at = startedAt + offset + k * PAGE_MS;
    if (at >= startedAt + SECONDS * 1000) return;
    await sleep(at - performance.now());
    const during = performance.now() - startedAt >= HAMMER_FROM * 1000;
    const ms = await openPage(port, person, person.round[next++ % person.round.length]!, tally);
    tally.pageMs[during ? 'during' : 'before'].push(ms);
  }
}

function runHammer(job: HammerJob): Promise<HammerResult> {
  const child = fork(path.join(benchDir, 'lib/hammer.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (result: HammerResult) => resolve(result));
    child.once('exit', (code) => (code ? reject(new Error(`hammer exited with ${code}`)) : undefined));
    child.send(job);
  });
}

function percentiles(values: number[]): string {
  if (!values.length) return '—';
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!);
  return `${at(0.5)}/${at(0.95)}`;
}

const loadAverage = () => os.loadavg()[0]!.toFixed(1);
const number = (n: number) => n.toLocaleString('en');

async function benchTarget(target: Target): Promise<string> {
  await ensureData(target);
  const size = await dataSize(target);
  // The product's own limits (600 a minute per user, 6,000 per address without a session), not the other benches'.
  const env = productEnv(target);
  delete env.API_RATE_LIMIT_PER_MINUTE;
  delete env.API_RATE_LIMIT_PER_ADDRESS_PER_MINUTE;
  const product = await start('product-server.ts', env);
  try {
    const people = await signInOffice(product.port);
    const hammerToken = await signIn(product.port, HAMMER_LOGIN);
    const tally: Tally = { pages: 0, calls: 0, refused: 0, others: [], pageMs: { before: [], during: [] } };
    const loadBefore = loadAverage();
    console.log(
      `${target.kind}: ${people.length} people browsing for ${SECONDS} s, the hammer from ${HAMMER_FROM} s…`,
    );
    const startedAt = performance.now();
    const hammering = sleep(HAMMER_FROM * 1000).then(() =>
      runHammer({
        port: product.port,
        token: hammerToken,
        connections: HAMMER_CONNECTIONS,
        seconds: SECONDS - HAMMER_FROM,
      }),
    );
    await Promise.all(people.map((person) => browse(product.port, person, startedAt, tally)));
    const hammer = await hammering;
    const loadAfter = loadAverage();
    const minutes = (performance.now() - startedAt) / 60_000;
    const others = [...new Set(tally.others)];
    console.log(
      `  office: ${tally.pages} pages, ${tally.calls} calls (${Math.round(tally.calls / minutes)} a minute from one address), ` +
        `${tally.refused} refused (429), ${tally.others.length} other answers${others.length ? `: ${others.slice(0, 5).join(', ')}` : ''}`,
    );
    console.log(
      `  page load p50/p95 ms: ${percentiles(tally.pageMs.before)} before the hammer, ${percentiles(tally.pageMs.during)} during it`,
    );
    console.log(
      `  hammer (${HAMMER_CONNECTIONS} calls in flight, ${SECONDS - HAMMER_FROM} s): ${hammer.served} served, ${hammer.refused} refused (429, ` +
        `first after ${hammer.firstRefusalAfter?.toFixed(1) ?? '—'} s), ${hammer.failed} failed · load average ${loadBefore} → ${loadAfter}`,
    );
    if (tally.refused) process.exitCode = 1;
    const cpu = os.cpus();
    return (
      `| ${target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC | ` +
      `${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB | ${size} | ` +
      `${people.length} · ${PAGE_MS / 1000} s · ${SECONDS} s | ${number(tally.pages)} · ${number(tally.calls)} (${number(Math.round(tally.calls / minutes))}/min) | ` +
      `**${tally.refused}** · ${tally.others.length} | ${percentiles(tally.pageMs.before)} · ${percentiles(tally.pageMs.during)} | ` +
      `${number(hammer.served)} · ${number(hammer.refused)} (first after ${hammer.firstRefusalAfter?.toFixed(1) ?? '—'} s) | ${loadBefore} → ${loadAfter} |`
    );
  } finally {
    await stop(product.child);
  }
}

/** Keeps the other databases' rows between the markers, replaces this one's. */
function writeReadme(rows: string[]): void {
  const file = path.join(benchDir, 'README.md');
  const readme = fs.readFileSync(file, 'utf8');
  const open = '<!-- bench:limits -->';
  const close = '<!-- /bench:limits -->';
  const from = readme.indexOf(open);
  const to = readme.indexOf(close);
  if (from < 0 || to < from) return;
  const database = (row: string) => row.split(' | ')[0];
  const kept = readme
    .slice(from + open.length, to)
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('| ') &&
        !line.startsWith('| database') &&
        !rows.some((row) => database(row) === database(line)),
    );
  const table = [
    '| database | when | machine | data | people · a page every · length | pages · calls (a minute, one address) | office 429s · other answers | page load p50/p95 ms before · during the hammer | hammer served · refused (429) | load average (1 min) before → after |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...kept,
    ...rows,
  ];
  fs.writeFileSync(file, `${readme.slice(0, from)}${open}\n${table.join('\n')}\n${readme.slice(to)}`);
}

const rows: string[] = [];
for (const target of targets(args.db)) rows.push(await benchTarget(target));
writeReadme(rows);
