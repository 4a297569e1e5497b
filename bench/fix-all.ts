// `npm run bench:fix-all [-- --db pglite|postgres]`: "fix reservation for all classes" (issue 11,
// target ≤ 60 s) timed through the product — `PUT deposit/fixConfirmationForAll` as `admin` on the
// `seed:large` centre, every live classroom in its own transaction — with the load average before
// and after. On a freshly seeded centre it must change nothing (the seed posts what the product
// would). Prints the result and writes it into bench/README.md between `<!-- bench:fix-all -->` markers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchDir, call, ensureData, productEnv, signIn, start, stop, targets } from './lib/children.ts';

const { values: args } = parseArgs({ options: { db: { type: 'string' } } });
const load = () => os.loadavg()[0]!.toFixed(1);

const lines: string[] = [];
for (const target of targets(args.db)) {
  await ensureData(target);
  const product = await start('product-server.ts', productEnv(target));
  const token = await signIn(product.port);
  const before = load();
  const started = performance.now();
  const result = (await call(
    product.port,
    { method: 'PUT', path: 'deposit/fixConfirmationForAll' },
    token,
  )) as {
    classrooms: unknown[];
  };
  const seconds = (performance.now() - started) / 1000;
  await stop(product.child);
  const line = `| ${target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${new Date().toISOString().slice(0, 10)} | ${seconds.toFixed(1)} s | ${result.classrooms.length} | ${before} → ${load()} |`;
  console.log(line);
  lines.push(line);
}

const file = path.join(benchDir, 'README.md');
const readme = fs.readFileSync(file, 'utf8');
const open = '<!-- bench:fix-all -->';
const close = '<!-- /bench:fix-all -->';
const from = readme.indexOf(open);
const to = readme.indexOf(close);
if (from >= 0 && to > from) {
  const kept = readme
    .slice(from + open.length, to)
    .split('\n')
    .filter(
      (l) =>
        l.startsWith('| ') &&
        !lines.some((n) => n.split(' | ')[0] === l.split(' | ')[0]) &&
        !l.startsWith('| database'),
    );
  const table = [
    '| database | date | time | classrooms changed | load average (1 min) before → after |',
    '|---|---|---|---|---|',
    ...kept,
    ...lines,
  ];
  fs.writeFileSync(file, `${readme.slice(0, from)}${open}\n${table.join('\n')}\n${readme.slice(to)}`);
}
