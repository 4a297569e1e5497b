// Lighthouse scores (issue 9): performance and accessibility of the sign-in page and of the users
// page, in Debian's Chromium, on Lighthouse's mobile preset (its default: a slow 4G network and a
// 4× slower CPU, simulated) and on its desktop preset. Not a timed test: run
// `npm run bench:lighthouse -- --base-url URL` against a running server (`npm start`, or on the
// large centre after `npm run seed:large`) and read the scores; `--write` replaces the
// "Lighthouse" section of bench/README.md with them.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    'base-url': { type: 'string', default: process.env.BASE_URL ?? 'http://127.0.0.1:3000' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'Demo@1234' },
    data: { type: 'string', default: 'the demo centre' },
    write: { type: 'boolean', default: false },
  },
});
const baseUrl = args['base-url'].replace(/\/$/, '');
const README = new URL('./README.md', import.meta.url);
const categories = ['performance', 'accessibility'];

interface Score {
  page: string;
  preset: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  /** First contentful paint, largest contentful paint and total blocking time, in ms (simulated). */
  fcp: number;
  lcp: number;
  tbt: number;
  failedAudits: string[];
}

/** Signs in once in the browser Lighthouse drives, so the signed-in page finds its token stored. */
async function signIn(port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel(/user name|用户名/i).fill(args.user);
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
    failedAudits,
  };
}

function table(scores: Score[]): string {
  const rows = scores.map(
    (s) =>
      `| \`${s.page}\` | ${s.preset} | ${s.performance} | ${s.accessibility} | ${s.fcp} / ${s.lcp} / ${s.tbt} | ${s.failedAudits.join(', ') || '—'} |`,
  );
  return [
    '| page | preset | performance | accessibility | FCP / LCP / TBT ms | failed audits |',
    '|---|---|---:|---:|---:|---|',
    ...rows,
  ].join('\n');
}

function writeReadme(scores: Score[]): void {
  const [load1] = os.loadavg();
  const section = [
    '## Lighthouse',
    '',
    `Written by \`npm run bench:lighthouse -- --write\` (Lighthouse 12, Debian's Chromium, headless) on ${args.data},`,
    `${new Date().toISOString().slice(0, 10)}, load average ${load1!.toFixed(1)} on ${os.cpus().length} cores. Targets: performance ≥ 95, accessibility 100.`,
    "Lighthouse simulates its throttling from the page's real timings, so a busy machine lowers the performance score.",
    '',
    table(scores),
    '',
  ].join('\n');
  const text = fs.readFileSync(README, 'utf8');
  const start = text.indexOf('## Lighthouse');
  const next = start < 0 ? -1 : text.indexOf('\n## ', start + 1);
  const updated =
    start < 0
      ? `${text.trimEnd()}\n\n${section}`
      : `${text.slice(0, start)}${section}${next < 0 ? '' : text.slice(next + 1)}`;
  fs.writeFileSync(README, updated);
}

async function main() {
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
  const scores: Score[] = [];
  try {
    for (const preset of ['mobile', 'desktop'] as const)
      scores.push(await audit(chrome.port, '/auth/login', preset, false));
    await signIn(chrome.port);
    for (const preset of ['mobile', 'desktop'] as const)
      scores.push(await audit(chrome.port, '/admin/panel/users', preset, true));
  } finally {
    await chrome.kill();
  }
  console.log(table(scores));
  if (args.write) writeReadme(scores);
}

await main();
