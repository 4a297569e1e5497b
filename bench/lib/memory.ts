import fs from 'node:fs';

/**
 * A server's resident memory from Linux's /proc (issue 30): the kernel keeps the peak (VmHWM) and
 * resets it on `5 > clear_refs`, so a run's peak is exact without sampling. Elsewhere the figures
 * are undefined and the tables show a dash.
 */
export interface Rss {
  /** Resident set now, MiB. */
  now: number;
  /** The highest resident set since the last `resetRssPeak`, MiB. */
  peak: number;
}

const mib = (kB: string | undefined) => (kB === undefined ? undefined : Number(kB) / 1024);

export function rssOf(pid: number | undefined): Rss | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const now = mib(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
    const peak = mib(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    return now === undefined || peak === undefined ? undefined : { now, peak };
  } catch {
    return undefined;
  }
}

/** Starts a new peak at the process's current resident set. */
export function resetRssPeak(pid: number | undefined): void {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the peak then covers the process's whole life.
  }
}
