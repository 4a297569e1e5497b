// The side-by-side measurement of issue 31: the screens of bench/lib/side-by-side-cases.ts timed in
// Debian's Chromium (playwright-core) against running Tutoria servers on the large centre, in
// alternating runs, medians compared with the established school system's figures the issue
// quotes. Not a timed test. `npm run bench:side-by-side -- --target http://127.0.0.1:3000`;
// several `--target label=url` (two builds, say) are measured turn by turn; `--write` replaces the
// block of bench/README.md between the `bench:side-by-side` markers with the table.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './lib/chromium.ts';
import { drawnProbe, type SideBySideCase, sideBySideCases } from './lib/side-by-side-cases.ts';

const { values: args } = parseArgs({
  options: {
    target: { type: 'string', multiple: true, default: [process.env.BASE_URL ?? 'http://127.0.0.1:3000'] },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'Demo@1234' },
    runs: { type: 'string', default: '9' },
    /** Some cases only: names containing any of these, comma-separated. */
    only: { type: 'string' },
    data: { type: 'string', default: 'the large centre (`npm run seed:large`)' },
    write: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
const README = new URL('./README.md', import.meta.url);

interface Target {
  label: string;
  url: string;
  page?: Page;
  context?: BrowserContext;
}
const targets: Target[] = args.target.map((spec) => {
  const at = spec.indexOf('=');
  return at > 0 && !spec.slice(0, at).includes('/')
    ? { label: spec.slice(0, at), url: spec.slice(at + 1).replace(/\/$/, '') }
    : { label: 'Tutoria', url: spec.replace(/\/$/, '') };
});
const cases = sideBySideCases.filter(
  (c) => !args.only || args.only.split(',').some((part) => c.name.includes(part.trim())),
);
if (!cases.length)
  throw new Error(`No case matches ${args.only}: ${sideBySideCases.map((c) => c.name).join('; ')}`);

/** A desktop window signed in through the form, the drawn-rows probe installed in every document. */
async function signedIn(browser: Browser, target: Target): Promise<Page> {
  target.context = await browser.newContext({ baseURL: target.url, viewport: { width: 1440, height: 900 } });
  await target.context.addInitScript(drawnProbe);
  const page = await target.context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel(/user name|用户名/i).fill(args.user);
  await page.getByLabel(/^(password|密码)$/i).fill(args.password);
  await page.getByRole('button', { name: /^(sign in|登录)$/i }).click();
  await page.waitForURL(/\/(admin\/)?panel/);
  return page;
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : '—');

const browser = await launchChromium();
const chromiumVersion = browser.version();
/** results[case][target] = one array of parts per run. */
const results = new Map<SideBySideCase, Map<Target, number[][]>>();
try {
  for (const target of targets) {
    target.page = await signedIn(browser, target);
    // One unmeasured pass: the pages' code in the browser's cache, the server's statements prepared.
    for (const c of cases) await c.run(target.page);
  }
  for (let run = 0; run < runs; run++) {
    for (const c of cases) {
      // Turn by turn: each target's run of a case beside the others', then the next case.
      const order = run % 2 ? [...targets].reverse() : targets;
      for (const target of order) {
        const parts = await c.run(target.page!);
        const byTarget = results.get(c) ?? new Map<Target, number[][]>();
        byTarget.set(target, [...(byTarget.get(target) ?? []), parts]);
        results.set(c, byTarget);
        console.error(`${c.name} · ${target.label} · run ${run + 1}: ${parts.map(ms).join(' / ')} ms`);
      }
    }
  }
} finally {
  await browser.close();
}

const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
const machine = `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ')} at the end`;
const lines = [
  `${date} UTC · ${machine} · ${args.data} · signed in as \`${args.user}\` · Chromium ${chromiumVersion}, 1440 × 900 · ${runs} alternating runs, medians (ms); the runs in order after them`,
  '',
  '| screen | build | median | runs | parts (medians) | the peer (issue 31) |',
  '|---|---|---|---|---|---|',
];
for (const c of cases) {
  for (const target of targets) {
    const done = results.get(c)?.get(target) ?? [];
    const first = done.map((parts) => parts[0]!);
    const parts = c.parts
      .slice(1)
      .map((name, i) => `${name} ${ms(median(done.map((p) => p[i + 1]!)))}`)
      .join(' · ');
    const figures = c.peer
      ? [
          c.peer.median !== undefined ? `${c.peer.median}` : null,
          c.peer.range ? `(${c.peer.range[0]}–${c.peer.range[1]})` : null,
          c.peer.target !== undefined ? `target ≤ ${c.peer.target}` : null,
        ]
          .filter(Boolean)
          .join(' ')
      : '';
    const peer = c.peer ? `${figures} — ${c.peer.note}` : '';
    lines.push(
      `| ${c.name} (${c.parts[0]}) | ${target.label} | **${ms(median(first))}** | ${first.map(ms).join(', ')} | ${parts || '—'} | ${peer} |`,
    );
  }
}
const block = lines.join('\n');
console.log(block);

if (args.write) {
  const readme = fs.readFileSync(README, 'utf8');
  const start = '<!-- bench:side-by-side -->';
  const end = '<!-- /bench:side-by-side -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bench/README.md has no ${start} … ${end} block`);
  fs.writeFileSync(README, `${readme.slice(0, from + start.length)}\n${block}\n${readme.slice(to)}`);
  console.log('\nWritten into bench/README.md.');
}
