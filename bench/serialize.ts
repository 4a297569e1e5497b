// `npm run bench:serialize [-- --db pglite|postgres]`: what writing each bench case's answer costs,
// the checked way (Zod encodes it against the response schema, then JSON.stringify: the product's
// serialiser before 2026-11-25, and still outside production), with fast-json-stringify compiled
// from the same schema (the product in production), and with a bare JSON.stringify (the bare routes).
// Each case's answer is fetched once from the product on the large data; the timing is in-process.
import { parseArgs } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { allEndpoints, type Endpoint } from '@tutoria/shared';
import { fastJsonSchema } from '../apps/server/src/http/response-serializer.ts';
import { benchCases } from './lib/cases.ts';
import { call, ensureData, productEnv, signIn, start, stop, targets } from './lib/children.ts';

const { values: args } = parseArgs({ options: { db: { type: 'string' } } });
const WARM_UP = 300;
const TIMES = 1000;

/** CPU µs per call of `write`, after a warm-up. */
function microsPerCall(write: () => unknown): number {
  for (let i = 0; i < WARM_UP; i++) write();
  const before = process.cpuUsage();
  for (let i = 0; i < TIMES; i++) write();
  const spent = process.cpuUsage(before);
  return Math.round((spent.user + spent.system) / TIMES);
}

function endpointAt(path: string): Endpoint {
  const wanted = path.split('?')[0]!.toLowerCase();
  const endpoint = allEndpoints.find(
    (e) =>
      e.path.toLowerCase() === wanted ||
      e.aliases?.some((alias) => (typeof alias === 'string' ? alias : alias.path).toLowerCase() === wanted),
  );
  if (!endpoint) throw new Error(`No contract entry at ${path}`);
  return endpoint;
}

const target = targets(args.db).at(-1)!;
await ensureData(target);
const product = await start('product-server.ts', productEnv(target));
const token = await signIn(product.port);
const rows = [
  '| case | answer | Zod + JSON.stringify | fast-json-stringify | JSON.stringify |',
  '|---|---|---|---|---|',
];
for (const c of benchCases()) {
  const answer = await call(product.port, c, token);
  const schema = endpointAt(c.path).response;
  const fast = fastJsonStringify(fastJsonSchema(schema));
  const bytes = JSON.stringify(answer).length;
  const checked = microsPerCall(() => JSON.stringify(z.encode(schema, answer)));
  const written = microsPerCall(() => fast(answer));
  const bare = microsPerCall(() => JSON.stringify(answer));
  rows.push(`| ${c.title} | ${bytes.toLocaleString('en')} B | ${checked} µs | ${written} µs | ${bare} µs |`);
}
await stop(product.child);
console.log(`${target.kind}, CPU µs per answer written (${TIMES} times after ${WARM_UP}):\n`);
console.log(rows.join('\n'));
