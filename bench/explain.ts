// `npm run bench:explain [-- --db pglite|postgres]`: captures the SQL of every bench case from the
// product (as `npm run bench` does), then runs EXPLAIN (ANALYZE, BUFFERS) of each statement with its
// parameters on the large data and writes bench/EXPLAIN.md, flagging sequential scans of big tables.
// `--json <file>` writes each case's execution time (its statements summed) and the centre's
// students there instead, for `npm run bench:growth` (issue 30).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../apps/server/src/db/client.ts';
import { benchCases } from './lib/cases.ts';
import {
  benchDir,
  capture,
  ensureData,
  productEnv,
  signIn,
  start,
  stop,
  studentCount,
  type Target,
  targets,
} from './lib/children.ts';

const { values: args } = parseArgs({ options: { db: { type: 'string' }, json: { type: 'string' } } });
/** Tables of more than this many rows must not be read by a sequential scan. */
const BIG = 10_000;

/** Per database: each case's statements' execution time summed, ms. */
const executionMs: Record<string, { students: number; cases: Record<string, number> }> = {};

async function explainTarget(target: Target): Promise<string> {
  await ensureData(target);
  const cases = benchCases();
  const product = await start('product-server.ts', productEnv(target));
  const captured = await capture(product.child, product.port, await signIn(product.port), cases);
  await stop(product.child);

  let run: (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
  let close: () => Promise<void>;
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.env.DATABASE_URL });
    await client.connect();
    run = async (text, params) => (await client.query(text, params)).rows;
    close = () => client.end();
  } else {
    const pglite = await PGlite.create(path.join(target.env.DATA_DIR!, 'pglite'), {
      extensions: pgliteExtensions,
    });
    run = async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows;
    close = () => pglite.close();
  }
  const big = new Set(
    (await run(`select relname from pg_class where relkind = 'r' and reltuples > ${BIG}`, [])).map((r) =>
      String(r.relname),
    ),
  );
  const out: string[] = [`## ${target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`, ''];
  const times: Record<string, number> = {};
  executionMs[target.kind] = { students: await studentCount(target), cases: times };
  const problems: string[] = [];
  for (const c of cases) {
    out.push(`### ${c.name}: ${c.title}`, '');
    for (const [i, q] of captured[c.name]!.entries()) {
      const plan = (await run(`explain (analyze, buffers) ${q.text}`, q.params))
        .map((r) => String(r['QUERY PLAN']))
        .join('\n');
      const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]!).filter((t) => big.has(t));
      if (seqScans.length)
        problems.push(`${c.name} #${i + 1}: sequential scan of ${[...new Set(seqScans)].join(', ')}`);
      const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
      times[c.name] = (times[c.name] ?? 0) + Number(time ?? 0);
      out.push(
        `Statement ${i + 1} (${time ?? '?'} ms${seqScans.length ? `, **sequential scan of ${[...new Set(seqScans)].join(', ')}**` : ''}):`,
        '',
        '```sql',
        q.text,
        '```',
        '',
        '```',
        plan,
        '```',
        '',
      );
    }
  }
  await close();
  out.splice(
    2,
    0,
    problems.length
      ? `Sequential scans of big tables:\n\n${problems.map((p) => `- ${p}`).join('\n')}\n`
      : `No sequential scan of a table over ${BIG.toLocaleString('en')} rows.\n`,
  );
  console.log(
    `${target.kind}: ${problems.length ? problems.join('; ') : 'no sequential scan of a big table'}`,
  );
  return out.join('\n');
}

const sections: string[] = [];
for (const target of targets(args.db)) sections.push(await explainTarget(target));
if (args.json) fs.writeFileSync(args.json, `${JSON.stringify(executionMs, null, 1)}\n`);
else
  fs.writeFileSync(
    path.join(benchDir, 'EXPLAIN.md'),
    [
      '# EXPLAIN (ANALYZE, BUFFERS) of the benchmarked statements',
      '',
      `Written by \`npm run bench:explain\` on ${new Date().toISOString().slice(0, 10)}, on the \`seed:large\` centre. Each statement is the one the product sent for the bench case (captured from the driver), with its parameters.`,
      '',
      ...sections,
    ].join('\n'),
  );
