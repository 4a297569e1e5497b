// `npm run bench:export-memory [-- --small <where JSON>]`: the streamed deposits export (issue 30)
// at 100,000 rows against a small one, through the product server on BENCH_DATABASE_URL (the large
// centre). Each export runs in a fresh server: its resident memory after sign-in, the peak while
// the file streams (the kernel's VmHWM, reset just before) and after, the rows, bytes and seconds.
// Memory that stays flat as rows grow tenfold is a stream; memory that grows with them is not.
import { parseArgs } from 'node:util';
import { EXPORT_TOTAL_ROWS_HEADER } from '@tutoria/shared';
import { productEnv, signedHeaders, signIn, start, stop, targets } from './lib/children.ts';
import { resetRssPeak, rssOf } from './lib/memory.ts';

const { values: args } = parseArgs({
  options: {
    // Cash class deposits: a tenth of the large centre's 100,000 (one payment method of five, one type of two).
    small: {
      type: 'string',
      default:
        '[[{"column":"paymentMethod","comparison":"Equal","operand":"Cash"}],[{"column":"depositType","comparison":"Equal","operand":"Classroom"}]]',
    },
    formats: { type: 'string', default: 'csv,xlsx' },
  },
});
const target = targets('postgres')[0];
if (!target) throw new Error('Set BENCH_DATABASE_URL to the large centre on PostgreSQL');

interface Measure {
  label: string;
  format: string;
  rows: number;
  bytes: number;
  seconds: number;
  idleMiB: number;
  peakMiB: number;
  afterMiB: number;
}

async function exportOnce(label: string, where: unknown, format: string): Promise<Measure> {
  const product = await start('product-server.ts', productEnv(target!));
  try {
    const token = await signIn(product.port);
    const pid = product.child.pid;
    const idle = rssOf(pid);
    resetRssPeak(pid);
    const began = performance.now();
    const response = await fetch(`http://127.0.0.1:${product.port}/api/v1/deposit/exportDeposits`, {
      method: 'POST',
      headers: { ...signedHeaders(), authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format, where, order: [] }),
    });
    if (!response.ok || !response.body)
      throw new Error(`export: ${response.status} ${await response.text()}`);
    let bytes = 0;
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
    const seconds = (performance.now() - began) / 1000;
    const after = rssOf(pid);
    return {
      label,
      format,
      rows: Number(response.headers.get(EXPORT_TOTAL_ROWS_HEADER)),
      bytes,
      seconds,
      idleMiB: idle?.now ?? NaN,
      peakMiB: after?.peak ?? NaN,
      afterMiB: after?.now ?? NaN,
    };
  } finally {
    await stop(product.child);
  }
}

const measures: Measure[] = [];
for (const format of args.formats.split(',')) {
  // Alternated small, all, small, all: a warm database cache favours neither.
  for (const [label, where] of [
    ['small', JSON.parse(args.small)],
    ['all', []],
    ['small', JSON.parse(args.small)],
    ['all', []],
  ] as const) {
    const m = await exportOnce(label, where, format);
    console.log(
      `  ${m.format} ${m.label.padEnd(5)} ${String(m.rows).padStart(7)} rows  ${(m.bytes / 2 ** 20).toFixed(1).padStart(6)} MiB  ${m.seconds.toFixed(2)} s  ` +
        `RSS idle ${m.idleMiB.toFixed(0)} → peak ${m.peakMiB.toFixed(0)} → after ${m.afterMiB.toFixed(0)} MiB`,
    );
    measures.push(m);
  }
}
console.log(
  [
    '',
    '| format | rows | file | seconds | RSS after sign-in | peak while streaming | after |',
    '|---|---|---|---|---|---|---|',
    ...measures.map(
      (m) =>
        `| ${m.format} | ${m.rows.toLocaleString('en')} | ${(m.bytes / 2 ** 20).toFixed(1)} MiB | ${m.seconds.toFixed(2)} | ` +
        `${m.idleMiB.toFixed(0)} MiB | ${m.peakMiB.toFixed(0)} MiB | ${m.afterMiB.toFixed(0)} MiB |`,
    ),
  ].join('\n'),
);
