// Lighthouse scores (issue 9): performance and accessibility of the sign-in page and of the users
// page (`--set users`, the default) or of every main page of issue 30 on the large centre
// (`--set main`: each signed in as the role that uses it), in Debian's Chromium, on Lighthouse's mobile preset (its default: a slow 4G network and a
// 4× slower CPU, simulated) and on its desktop preset. Not a timed test: run
// `npm run bench:lighthouse -- --base-url URL` against a running server (`npm start`, or on the
// large centre after `npm run seed:large`) and read the scores; `--runs N` audits each page N
// times, alternating, and reports the median (a single run moves by ±5 points on a shared
// machine); `--only part,part` audits only the set's pages whose path holds one of them;
// `--write` replaces the generated block of bench/README.md's "Lighthouse" section.
// `--preset mobile|desktop` audits one preset, and `--long-tasks` prints each run's longest
// main-thread tasks and the scripts that cost most.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { largeKey } from '../apps/server/src/seed/large-sql.ts';

const { values: args } = parseArgs({
  options: {
    'base-url': { type: 'string', default: process.env.BASE_URL ?? 'http://127.0.0.1:3000' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'Demo@1234' },
    data: { type: 'string', default: 'the demo centre' },
    runs: { type: 'string', default: '1' },
    write: { type: 'boolean', default: false },
    set: { type: 'string', default: 'users' },
    only: { type: 'string' },
    preset: { type: 'string' },
    'long-tasks': { type: 'boolean', default: false },
  },
});
const baseUrl = args['base-url'].replace(/\/$/, '');
const README = new URL('./README.md', import.meta.url);
const categories = ['performance', 'accessibility'];
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs');

/** A page to audit and who is signed in to see it (null: nobody). */
interface Audited {
  path: string;
  user: string | null;
}

const SETS: Record<string, Audited[]> = {
  users: [
    { path: '/auth/login', user: null },
    { path: '/admin/panel/users', user: args.user },
  ],
  // Issue 30's main pages on the `seed:large` centre; every classroom there has 100 sessions.
  main: [
    { path: '/admin/panel/adminSchedule', user: 'admin' },
    { path: `/admin/panel/class/${largeKey('classroom', 0)}`, user: 'admin' },
    { path: '/admin/panel/class/table', user: 'admin' },
    { path: '/admin/finance/deposit', user: 'admin' },
    { path: '/admin/finance/debtors', user: 'admin' },
    { path: '/admin/panel/notifications', user: 'admin' },
    { path: '/admin/panel/dashboard', user: 'admin' },
    { path: '/admin/panel/teacherSchedule', user: 'teacher' },
    { path: '/panel/classes', user: 'student' },
    { path: '/panel/reports', user: 'student' },
  ],
};
const set = SETS[args.set];
if (!set) throw new Error(`--set is one of ${Object.keys(SETS).join(', ')}`);
/** `--only a,b`: the set's pages whose path contains one of these. */
const pages = args.only
  ? set.filter((p) => args.only!.split(',').some((part) => p.path.includes(part)))
  : set;
const presets = (['mobile', 'desktop'] as const).filter((p) => !args.preset || p === args.preset);
if (!presets.length) throw new Error('--preset is mobile or desktop');

interface Score {
  page: string;
  preset: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  /** First contentful paint, largest contentful paint, total blocking time and speed index, in ms (simulated). */
  fcp: number;
  lcp: number;
  tbt: number;
  speedIndex: number;
  /** Cumulative layout shift (no unit). */
  cls: number;
  failedAudits: string[];
}

/** Signs in once in the browser Lighthouse drives, so the signed-in page finds its token stored. */
async function signIn(port: number, user: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel(/user name|用户名/i).fill(user);
  await page.getByLabel(/^(password|密码)$/i).fill(args.password);
  await page.getByRole('button', { name: /^(sign in|登录)$/i }).click();
  await page.waitForURL(/\/(admin|panel)\//, { timeout: 30_000 });
  await page.close();
  await browser.close();
}

async function audit(port: number, path: string, preset: Score['preset'], signedIn: boolean): Promise<Score> {
  const flags: Flags = {
    port,
    onlyCategories: categories,
    output: 'json',
    logLevel: 'error',
    // The signed-in page needs the stored token; the sign-in page is measured from a clean slate.
    disableStorageReset: signedIn,
  };
  const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(`${baseUrl}${path}`, flags, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { lhr } = result;
  if (args['long-tasks']) printLongTasks(path, preset, lhr);
  const failedAudits = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  // A run Lighthouse could not finish scores 0: say why rather than print a zero.
  if (lhr.runtimeError) failedAudits.unshift(`run failed: ${lhr.runtimeError.code}`);
  return {
    page: path,
    preset,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
    lcp: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    speedIndex: Math.round(lhr.audits['speed-index']?.numericValue ?? 0),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    failedAudits,
  };
}

/** Lighthouse's longest tasks (simulated on mobile: 4× the machine's) and the scripts that cost most. */
function printLongTasks(
  path: string,
  preset: string,
  lhr: { audits: Record<string, { details?: unknown }> },
) {
  type Items = { items?: Record<string, unknown>[] };
  const items = (id: string) => (lhr.audits[id]?.details as Items | undefined)?.items ?? [];
  const file = (url: unknown) => String(url).replace(baseUrl, '');
  const ms = (value: unknown) => Math.round(Number(value));
  console.log(`${path} ${preset}: long tasks (start ms, duration ms, script)`);
  for (const task of items('long-tasks').slice(0, 12))
    console.log(`  ${ms(task.startTime)}\t${ms(task.duration)}\t${file(task.url)}`);
  console.log('  scripts (total ms, scripting ms, parse and compile ms)');
  for (const script of items('bootup-time').slice(0, 6))
    console.log(
      `  ${ms(script.total)}\t${ms(script.scripting)}\t${ms(script.scriptParseCompile)}\t${file(script.url)}`,
    );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One page and preset over all runs: the median of each number, every run's score, audits failed in any. */
function summary(all: Score[]): Score & { scores: number[] } {
  return {
    ...all[0]!,
    performance: median(all.map((s) => s.performance)),
    accessibility: median(all.map((s) => s.accessibility)),
    fcp: median(all.map((s) => s.fcp)),
    lcp: median(all.map((s) => s.lcp)),
    tbt: median(all.map((s) => s.tbt)),
    speedIndex: median(all.map((s) => s.speedIndex)),
    cls: median(all.map((s) => s.cls)),
    failedAudits: [...new Set(all.flatMap((s) => s.failedAudits))],
    scores: all.map((s) => s.performance),
  };
}

function table(scores: Score[]): string {
  const groups = new Map<string, Score[]>();
  for (const score of scores) {
    const key = `${score.page} ${score.preset}`;
    groups.set(key, [...(groups.get(key) ?? []), score]);
  }
  const rows = [...groups.values()]
    .map(summary)
    .map(
      (s) =>
        `| \`${s.page}\` | ${s.preset} | ${s.performance} | ${runs > 1 ? s.scores.join(', ') : '—'} | ${s.accessibility} | ${s.fcp} / ${s.lcp} / ${s.tbt} / ${s.speedIndex} | ${s.cls} | ${s.failedAudits.join(', ') || '—'} |`,
    );
  return [
    '| page | preset | performance (median) | each run | accessibility | FCP / LCP / TBT / SI ms (medians) | CLS | failed audits |',
    '|---|---|---:|---|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
}

const TARGETS =
  args.set === 'users'
    ? 'performance ≥ 95, accessibility 100'
    : 'performance ≥ 90 on mobile and 100 on desktop, accessibility 100 (issue 30)';
const marker = args.set === 'users' ? 'lighthouse' : `lighthouse-${args.set}`;
const START = `<!-- ${marker}:start -->`;
const END = `<!-- ${marker}:end -->`;

function writeReadme(scores: Score[]): void {
  const [load1] = os.loadavg();
  const block = [
    START,
    `Written by \`npm run bench:lighthouse -- --set ${args.set} --runs ${runs} --write\` (Lighthouse 12, Debian's Chromium, headless) on ${args.data},`,
    `${new Date().toISOString().slice(0, 10)}, load average ${load1!.toFixed(1)} on ${os.cpus().length} cores, ${runs} run${runs > 1 ? 's' : ''} of each page and preset, alternating. Targets: ${TARGETS}.`,
    "Lighthouse simulates its throttling from the page's real timings, so a busy machine lowers the performance score.",
    '',
    table(scores),
    END,
  ].join('\n');
  const text = fs.readFileSync(README, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`bench/README.md has no ${START} … ${END} block to replace`);
  fs.writeFileSync(README, `${text.slice(0, start)}${block}${text.slice(end + END.length)}`);
}

/** One Chromium per signed-in user: the stored token of one role must not carry over to the next. */
async function auditAs(user: string | null, paths: string[], scores: Score[]) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  });
  try {
    if (user) await signIn(chrome.port, user);
    for (const path of paths)
      for (let run = 0; run < runs; run++)
        for (const preset of presets) scores.push(await audit(chrome.port, path, preset, user !== null));
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const scores: Score[] = [];
  const users = [...new Set(pages!.map((p) => p.user))];
  for (const user of users)
    await auditAs(
      user,
      pages!.filter((p) => p.user === user).map((p) => p.path),
      scores,
    );
  console.log(table(scores));
  if (args.write) writeReadme(scores);
}

await main();
