// Browser benchmark (issue 9): what the sign-in page costs on the wire, and how long the users
// list, the class table and the schedule week take from navigation to a rendered table, in Debian's
// Chromium through playwright-core. Not a timed test: run `npm run bench:web -- --base-url URL`
// against a running server (seed it with `npm run seed:large` for the large centre) and read the
// numbers; `--write` replaces the "Browser" section of bench/README.md with them.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { largeKey } from '../apps/server/src/seed/large-sql.ts';
import { launchChromium } from './lib/chromium.ts';

const { values: args } = parseArgs({
  options: {
    'base-url': { type: 'string', default: process.env.BASE_URL ?? 'http://127.0.0.1:3000' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: 'Demo@1234' },
    runs: { type: 'string', default: '5' },
    data: { type: 'string', default: 'the demo centre' },
    write: { type: 'boolean', default: false },
    /** Some screens only, by name (`--only "schedule week"`). */
    only: { type: 'string' },
  },
});
const baseUrl = args['base-url'].replace(/\/$/, '');
const runs = Number(args.runs);
const README = new URL('./README.md', import.meta.url);

interface Transfer {
  requests: number;
  bytes: number;
  jsBytes: number;
  cssBytes: number;
  uncompressed: string[];
}

/** A cold visit of the sign-in page: every response's bytes on the wire, until the form is there. */
async function signInPageTransfer(browser: Browser): Promise<Transfer & { formMs: number; loadMs: number }> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  const responses: Promise<void>[] = [];
  const t: Transfer = { requests: 0, bytes: 0, jsBytes: 0, cssBytes: 0, uncompressed: [] };
  page.on('requestfinished', (request) => {
    responses.push(
      (async () => {
        const sizes = await request.sizes();
        const response = await request.response();
        const encoding = response ? await response.headerValue('content-encoding') : null;
        const path = new URL(request.url()).pathname;
        const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
        t.requests += 1;
        t.bytes += bytes;
        if (path.endsWith('.js')) t.jsBytes += sizes.responseBodySize;
        if (path.endsWith('.css')) t.cssBytes += sizes.responseBodySize;
        if (/\.(js|css|html)$/.test(path) && !encoding) t.uncompressed.push(path);
      })(),
    );
  });
  const start = Date.now();
  await page.goto('/auth/login');
  await page.getByRole('button', { name: /^(sign in|登录)$/i }).waitFor();
  const formMs = Date.now() - start;
  await page.waitForLoadState('networkidle');
  await Promise.all(responses);
  // Run in the page (this file is type-checked without the DOM library).
  const loadMs = await page.evaluate<number>(
    `Math.round(performance.getEntriesByType('navigation')[0]?.duration ?? 0)`,
  );
  await context.close();
  return { ...t, formMs, loadMs };
}

async function signedInPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel(/user name|用户名/i).fill(args.user);
  await page.getByLabel(/^(password|密码)$/i).fill(args.password);
  await page.getByRole('button', { name: /^(sign in|登录)$/i }).click();
  await page.waitForURL(/\/(admin\/)?panel/);
  return page;
}

interface Screen {
  name: string;
  path: string;
  /** The element whose arrival counts as "rendered": the table's first row, or the calendar's week grid. */
  selector: string;
  /**
   * Rendered at the frame after the last change in how many elements match, once none came for
   * `SETTLE_MS` (a calendar draws its events in more than one pass); otherwise at the first one.
   */
  settle?: boolean;
  /** The answer the screen draws: its arrival (`responseEnd`) starts the "drawing" time. */
  data?: string;
  /** The admin timetable's answer is cut to its first teachers' this many available times. */
  events?: number;
}

const ADMIN_WEEK = 'teacherTimeTable/getTeacherTimeTableForAdmin';
const TEACHER_WEEK = 'teacherTimeTable/getTeacherTimeTableForTeacher';
const WEEK_EVENTS = 500;
const SETTLE_MS = 1000;

/** A table's rows of data: not the empty row mantine-datatable draws while a list has none (yet). */
const ROWS = 'table tbody tr:not(.mantine-datatable-empty-row)';

const screens: Screen[] = [
  { name: 'users list', path: '/admin/panel/users', selector: ROWS },
  { name: 'class table', path: '/admin/panel/class/table', selector: ROWS },
  // FullCalendar 7 hashes its class names: the calendar is the "Schedule" region's grid table.
  {
    name: 'schedule week',
    path: '/admin/panel/adminSchedule',
    selector: '[role="region"][aria-label="Schedule"] :is(table, [role="table"], [role="grid"])',
  },
  // The "schedule week with 500 events": the week's events drawn (`.tutoria-event` is the
  // schedule page's own content of an event; a crowded hour shows 3 and "+N more"), timed from
  // the answer's arrival too.
  {
    name: `schedule week of ${WEEK_EVENTS} events`,
    path: '/admin/panel/adminSchedule',
    selector: '.tutoria-event',
    settle: true,
    data: ADMIN_WEEK,
    events: WEEK_EVENTS,
  },
  // issue 30: the admin week's first screen as the page asks it (its first teachers since the
  // week is paged), and a teacher's own week (`--user` a teacher): every event drawn.
  {
    name: 'admin week drawn',
    path: '/admin/panel/adminSchedule',
    selector: '.tutoria-event',
    settle: true,
    data: ADMIN_WEEK,
  },
  {
    name: "a teacher's week drawn",
    path: '/admin/panel/teacherSchedule',
    selector: '.tutoria-event',
    settle: true,
    data: TEACHER_WEEK,
  },
  // issue 30's other main pages, as the admin (the first row, card or figure of each drawn).
  {
    name: 'class details (100 sessions)',
    path: `/admin/panel/class/${largeKey('classroom', 0)}`,
    selector: '[data-testid="session-card"]',
    data: 'classRoom/getClassroom',
  },
  { name: 'deposits', path: '/admin/finance/deposit', selector: ROWS, data: 'deposit/getAll' },
  { name: 'debtors', path: '/admin/finance/debtors', selector: ROWS },
  { name: 'notifications', path: '/admin/panel/notifications', selector: ROWS },
  {
    name: 'dashboard',
    path: '/admin/panel/dashboard',
    selector: '[data-testid="week-hours-table"] tbody tr',
  },
];

interface Timetable {
  availableTimes: unknown[];
}

/**
 * Keeps the first teachers' available times of the admin week, `events` of them in all: the whole
 * week is asked for the page's first page of teachers (issue 30), then cut.
 */
async function cutAdminWeek(page: Page, events: number): Promise<void> {
  await page.route(`**/${ADMIN_WEEK}**`, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.delete('limit');
    url.searchParams.delete('after');
    const response = await route.fetch({ url: url.toString() });
    const timetables = (await response.json()) as Timetable[];
    let left = events;
    const cut = timetables
      .map((timetable) => {
        const availableTimes = timetable.availableTimes.slice(0, Math.max(left, 0));
        left -= availableTimes.length;
        return { ...timetable, availableTimes };
      })
      .filter((timetable) => timetable.availableTimes.length > 0);
    if (left > 0)
      throw new Error(`The admin week holds ${events - left} available times, fewer than ${events}`);
    await route.fulfill({ response, json: cut });
  });
}

interface ScreenTiming {
  /** performance.mark at the navigation → performance.mark at the first frame after the element arrived. */
  rendered: number;
  /** The screen's answer arrived → that same frame. */
  drawing?: number;
}

/**
 * Runs in the page (this file is type-checked without the DOM library): marks `nav`, starts a
 * client-side navigation (as a person moves between screens; the page's code is cached after the
 * first run), marks `rendered` in the first animation frame after the selector matches.
 */
const inPage = (screen: Screen) => `new Promise((resolve) => {
  performance.clearMarks(); performance.clearMeasures();
  performance.clearResourceTimings();
  const selector = ${JSON.stringify(screen.selector)};
  const settle = ${screen.settle ? SETTLE_MS : 0};
  const data = ${JSON.stringify(screen.data ?? null)};
  const result = {};
  let seen = 0;
  let quiet;
  const frame = () => requestAnimationFrame(() => {
    performance.clearMarks('rendered');
    performance.mark('rendered');
    result.rendered = performance.measure('rendered', 'nav', 'rendered').duration;
    const answer = data && performance.getEntriesByType('resource').filter((e) => e.name.includes(data)).at(-1);
    if (answer) result.drawing = performance.now() - answer.responseEnd;
    if (!settle) resolve(result);
  });
  const watch = new MutationObserver(() => {
    const count = document.querySelectorAll(selector).length;
    if (count === 0 || count === seen) return;
    seen = count;
    frame();
    if (!settle) return watch.disconnect();
    clearTimeout(quiet);
    quiet = setTimeout(() => { watch.disconnect(); resolve(result); }, settle);
  });
  watch.observe(document.body, { childList: true, subtree: true });
  performance.mark('nav');
  history.pushState(null, '', ${JSON.stringify(screen.path)});
  dispatchEvent(new PopStateEvent('popstate'));
})`;

async function timeScreen(page: Page, screen: Screen): Promise<ScreenTiming[]> {
  const timings: ScreenTiming[] = [];
  if (screen.events) await cutAdminWeek(page, screen.events);
  for (let run = 0; run < runs; run++) {
    await page.goto('/admin/panel/account');
    await page.locator('input[type="password"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    timings.push(await page.evaluate<ScreenTiming>(inPage(screen)));
    console.error(`${screen.name}, run ${run + 1}: ${JSON.stringify(timings.at(-1))}`);
  }
  await page.unrouteAll();
  return timings;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const browser = await launchChromium();
try {
  const login = await signInPageTransfer(browser);
  const page = await signedInPage(browser);
  const timings: { screen: Screen; runs: ScreenTiming[] }[] = [];
  const chosen = args.only
    ? screens.filter((screen) => args.only!.split(',').includes(screen.name))
    : screens;
  for (const screen of chosen) timings.push({ screen, runs: await timeScreen(page, screen) });
  const ms = (values: (number | undefined)[]) => values.map((v) => Math.round(v ?? 0));

  const date = new Date().toISOString().slice(0, 10);
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load ${os.loadavg()[0]!.toFixed(1)}`;
  const lines = [
    `Measured ${date} on ${machine}; ${args.data}; server at ${baseUrl}; Chromium ${browser.version()}, ${runs} runs each (median, then all).`,
    '',
    '| `/auth/login`, first visit | value |',
    '|---|---|',
    `| bytes on the wire (${login.requests} requests, headers included) | ${kib(login.bytes)} |`,
    `| JavaScript on the wire (Brotli) | ${kib(login.jsBytes)} |`,
    `| CSS on the wire | ${kib(login.cssBytes)} |`,
    `| files sent uncompressed | ${login.uncompressed.length ? login.uncompressed.join(', ') : 'none'} |`,
    `| navigation to the sign-in form / load event | ${login.formMs} ms / ${login.loadMs} ms |`,
    '',
    '| screen | navigation → rendered (median) | runs (ms) | answer arrived → drawn (median; runs) |',
    '|---|---|---|---|',
    ...timings.map((t) => {
      const rendered = ms(t.runs.map((r) => r.rendered));
      const drawing = ms(t.runs.map((r) => r.drawing));
      const drawn = t.screen.data ? `${median(drawing)} ms; ${drawing.join(', ')}` : '—';
      return `| ${t.screen.name} | ${median(rendered)} ms | ${rendered.join(', ')} | ${drawn} |`;
    }),
  ];
  console.log(lines.join('\n'));
  if (args.write) {
    const readme = fs.readFileSync(README, 'utf8');
    const section = `<!-- browser:start -->\n${lines.join('\n')}\n<!-- browser:end -->`;
    const marked = /<!-- browser:start -->[\s\S]*<!-- browser:end -->/;
    fs.writeFileSync(
      README,
      marked.test(readme)
        ? readme.replace(marked, section)
        : `${readme.trimEnd()}\n\n## Browser\n\n${section}\n`,
    );
  }
} finally {
  await browser.close();
}
