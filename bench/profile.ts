// `npm run bench:profile -- <dir> [<dir after>]`: the product server's CPU per request by area of
// the request path, from the profiles `BENCH_CPU_PROF=<dir> npm run bench …` wrote (one per
// measured run, with its request count). Given two folders (the build before and after a change),
// each cell reads "before → after". Prints a Markdown table, µs of CPU per answered request.
import fs from 'node:fs';
import path from 'node:path';
import { AREAS, type Area, areasOf, type CpuProfile } from './lib/profile-areas.ts';

interface Run {
  areas: Map<Area, number>;
  requests: number;
  /** The process's CPU per request as the bench measured it (`process.cpuUsage`, every thread). */
  cpuPerRequest: number;
}

function runsOf(dir: string): Map<string, Run> {
  const runs = new Map<string, Run>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort()) {
    const name = file.slice(0, -'.cpuprofile'.length);
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const { requests, cpuPerRequest } = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as {
      requests: number;
      cpuPerRequest: number;
    };
    runs.set(name, { areas: areasOf(profile), requests, cpuPerRequest });
  }
  return runs;
}

const dirs = process.argv.slice(2).filter((arg) => arg !== '--');
if (!dirs.length || dirs.length > 2) throw new Error('Usage: npm run bench:profile -- <dir> [<dir after>]');
const [before, after] = dirs.map(runsOf) as [Map<string, Run>, Map<string, Run> | undefined];
const names = [...before.keys()].filter((name) => !after || after.has(name));

const sampled = (run: Run) => [...run.areas.values()].reduce((a, b) => a + b, 0);
/**
 * An area's share of the samples times the process's CPU per request: the samples are wall-clock
 * time, so on a loaded machine they also count the moments the thread waited for a core.
 */
const perRequest = (run: Run, area: Area) => ((run.areas.get(area) ?? 0) / sampled(run)) * run.cpuPerRequest;
const cell = (name: string, value: (run: Run) => number) => {
  const b = Math.round(value(before.get(name)!));
  return after ? `${b} → ${Math.round(value(after.get(name)!))}` : String(b);
};

const rows = [
  `| area, µs per request | ${names.join(' | ')} |`,
  `|---|${names.map(() => '---:').join('|')}|`,
  ...AREAS.map((area) => `| ${area} | ${names.map((n) => cell(n, (r) => perRequest(r, area))).join(' | ')} |`),
  `| **process CPU per request** | ${names.map((n) => cell(n, (r) => r.cpuPerRequest)).join(' | ')} |`,
  `| main thread's samples per request (wall clock) | ${names.map((n) => cell(n, (r) => sampled(r) / r.requests)).join(' | ')} |`,
  `| requests in the run | ${names.map((n) => cell(n, (r) => r.requests)).join(' | ')} |`,
];
console.log(rows.join('\n'));
