// `npm run bench:growth`: how cost grows with the centre (issue 30). Reads the results that
// `npm run bench -- --db postgres --product-only --json bench/growth/<scale>.json` wrote at each
// `SEED_SCALE` (one file per scale; files at the same scale merge) and the SQL's own execution time
// that `npm run bench:explain -- --db postgres --json bench/growth/sql-<scale>.json` wrote (less
// noisy on a loaded machine), draws p50 per case against the centre's students into
// bench/growth.svg and writes the table between the growth markers of bench/README.md. List pages and a user's own pages must stay flat; reports may grow with the
// period they cover (and the centre they sum); nothing may grow with the centre's whole history.
import fs from 'node:fs';
import path from 'node:path';
import { benchDir, type LoadResult } from './lib/children.ts';
import { growthSvg, type Series } from './lib/growth-svg.ts';

/** `npm run bench:explain -- --json`: each case's statements' execution time, ms. */
type SqlFile = Record<string, { students: number; cases: Record<string, number> }>;

interface RunFile {
  machine: string;
  seconds: number;
  connections: number[];
  runs: {
    database: string;
    students: number;
    size: string;
    startedAt: string;
    loadAverage: { before: number[]; after: number[] };
    rows: { name: string; title: string; connections: number; product: LoadResult }[];
  }[];
}

/** What each case is, for its colour and what it may do as the centre grows. */
const kinds: Record<string, 'list' | 'own' | 'report' | 'week'> = {
  'users-list': 'list',
  'users-students': 'list',
  'users-search': 'list',
  'class-table': 'list',
  'deposits-list': 'list',
  debtors: 'list',
  balances: 'list',
  transfers: 'list',
  'settlements-list': 'list',
  'settlements-teacher': 'list',
  'contracts-list': 'list',
  'contracts-consultant': 'list',
  'side-costs-list': 'list',
  'classes-profit-year': 'report',
  getuser: 'own',
  'class-details': 'own',
  'student-exams': 'own',
  'class-records': 'own',
  'student-balance': 'own',
  'class-charges': 'own',
  notifications: 'own',
  'notifications-unread': 'own',
  'unread-count': 'own',
  'student-overview': 'own',
  'student-money': 'own',
  'report-roll-call-class-year': 'own',
  'report-roll-call-student-year': 'own',
  'sessions-week': 'week',
  'timetable-week': 'week',
  'timetable-week-page': 'week',
  'report-roll-call-day': 'week',
  'report-roll-call-day-lesson-type': 'week',
  dashboard: 'week',
  'staff-tasks': 'week',
};
const kindOf = (name: string) => kinds[name] ?? 'report';

/** p50 at the largest centre over p50 at the smallest: under this a case is flat (run-to-run noise). */
const FLAT = 1.5;

const dir = path.join(benchDir, 'growth');
const read = (prefix: boolean) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f.startsWith('sql-') === prefix)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as unknown);
const files = read(false) as RunFile[];
const sqlMs = new Map<string, number>();
for (const file of read(true) as SqlFile[]) {
  const postgres = file.postgres;
  if (postgres)
    for (const [name, ms] of Object.entries(postgres.cases)) sqlMs.set(`${postgres.students}/${name}`, ms);
}
const runs = files.flatMap((f) =>
  f.runs.filter((r) => r.database === 'postgres').map((r) => ({ ...r, connections: f.connections })),
);
const scales = [...new Set(runs.map((r) => r.students))].sort((a, b) => a - b);
/** `students/case/connections` → the product's figures (a later file wins). */
const results = new Map<string, LoadResult>();
const titles = new Map<string, string>();
for (const run of runs)
  for (const row of run.rows) {
    results.set(`${run.students}/${row.name}/${row.connections}`, row.product);
    titles.set(row.name, row.title);
  }
const ms = (value: number | undefined) =>
  value === undefined ? '—' : String(value >= 10 ? Math.round(value) : Math.round(value * 10) / 10);
/** p50; a run that answered nothing in its seconds counts as those seconds (a lower bound). */
const p50 = (students: number, name: string, n: number) => {
  const r = results.get(`${students}/${name}/${n}`);
  if (!r) return undefined;
  return r.total ? r.p50 : (files[0]?.seconds ?? 0) * 1000;
};
const p50Cell = (students: number, name: string, n: number) =>
  results.get(`${students}/${name}/${n}`)?.total === 0
    ? `none in ${files[0]?.seconds} s`
    : ms(p50(students, name, n));
const sql = (students: number, name: string) => sqlMs.get(`${students}/${name}`);
const growth = (at: (students: number) => number | undefined) => {
  const first = at(scales[0]!);
  const last = at(scales.at(-1)!);
  return first && last ? last / first : undefined;
};
const ratio = (name: string, n: number) => growth((s) => p50(s, name, n));
const sqlRatio = (name: string) => growth((s) => sql(s, name));

const series: Series[] = [...titles.keys()].map((name) => {
  const grows = ratio(name, 1);
  return {
    name,
    kind: kindOf(name),
    points: scales.flatMap((s) => {
      const value = p50(s, name, 1);
      return value === undefined ? [] : [[s, value] as [number, number]];
    }),
    label: grows !== undefined && grows >= FLAT ? `${name} ×${grows.toFixed(1)}` : undefined,
  };
});
fs.writeFileSync(
  path.join(benchDir, 'growth.svg'),
  growthSvg('p50 per case against the centre’s size: PostgreSQL, product server, 1 connection', series),
);

const times = (value: number | undefined) => (value === undefined ? '—' : `×${value.toFixed(1)}`);
/** Grows when its latency and its SQL both grow; one alone is named, to be read (noise, or the answer's size). */
const verdict = (name: string) => {
  const latency = (ratio(name, 1) ?? 0) >= FLAT;
  const query = (sqlRatio(name) ?? 0) >= FLAT;
  if (latency && query) return `**grows** (${kindOf(name)})`;
  if (latency) return 'latency only';
  if (query) return 'SQL only';
  return 'flat';
};
const worst = (name: string) => Math.max(ratio(name, 1) ?? 0, sqlRatio(name) ?? 0);
const header = scales.map((s) => s.toLocaleString('en')).join(' / ');
const byGrowth = [...titles.keys()].sort((a, b) => worst(b) - worst(a));
const table = [
  `| case | kind | p50 ms, 1 conn (${header} students) | p50 ms, 10 conn | SQL ms (EXPLAIN ANALYZE) | growth: 1 conn · 10 conn · SQL | verdict |`,
  '|---|---|---|---|---|---|---|',
  ...byGrowth.map(
    (name) =>
      `| ${titles.get(name)} (\`${name}\`) | ${kindOf(name)} | ${scales.map((s) => p50Cell(s, name, 1)).join(' / ')} | ` +
      `${scales.map((s) => p50Cell(s, name, 10)).join(' / ')} | ${scales.map((s) => ms(sql(s, name))).join(' / ')} | ` +
      `${times(ratio(name, 1))} · ${times(ratio(name, 10))} · ${times(sqlRatio(name))} | ${verdict(name)} |`,
  ),
];

/** The product server's resident memory in the 50-connection runs of each scale. */
const memory = scales.flatMap((s) => {
  const rows = [...titles.keys()].flatMap((name) => {
    const r = results.get(`${s}/${name}/50`);
    return r?.rssPeakMiB === undefined ? [] : [{ name, peak: r.rssPeakMiB, end: r.rssEndMiB! }];
  });
  if (!rows.length) return [];
  const top = [...rows].sort((a, b) => b.peak - a.peak);
  const last = rows.at(-1)!;
  return [
    `| ${s.toLocaleString('en')} | ${top[0]!.peak.toFixed(0)} (\`${top[0]!.name}\`) | ${top
      .slice(1, 4)
      .map((t) => `${t.name} ${t.peak.toFixed(0)}`)
      .join(', ')} | ${last.end.toFixed(0)} (after \`${last.name}\`, the last run) |`,
  ];
});
const memoryTable = memory.length
  ? [
      '',
      'The product server’s resident memory (RSS, MiB) in the 50-connection runs, each run’s peak read from the kernel (VmHWM, reset before the run):',
      '',
      '| students | highest peak | next peaks | after the runs |',
      '|---|---|---|---|',
      ...memory,
    ]
  : [];

const sources = runs.map(
  (r) =>
    `${r.size} (${r.students.toLocaleString('en')} students), ${r.connections.join(' and ')} connections: ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC, load ${r.loadAverage.before[0]!.toFixed(2)} → ${r.loadAverage.after[0]!.toFixed(2)}`,
);
const text = [
  `${files[0]?.machine ?? ''} · PostgreSQL 15 · product server only · ${files[0]?.seconds ?? '?'} s per run · growth = p50 at the largest centre ÷ p50 at the smallest; flat under ×${FLAT}`,
  '',
  ...sources.map((s) => `- ${s}`),
  '',
  ...table,
  ...memoryTable,
].join('\n');
console.log(text);

const readme = path.join(benchDir, 'README.md');
const open = '<!-- growth -->';
const close = '<!-- /growth -->';
const current = fs.readFileSync(readme, 'utf8');
const from = current.indexOf(open);
const to = current.indexOf(close);
if (from >= 0 && to > from)
  fs.writeFileSync(
    readme,
    `${current.slice(0, from)}${open}\n${text}\n${close}${current.slice(to + close.length)}`,
  );
else console.log(`\n(no ${open} … ${close} block in bench/README.md: printed only)`);
