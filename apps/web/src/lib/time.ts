import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { offsetByIntl, offsetFromTable } from '@tutoria/shared';
import { getClientConfig, peekClientConfig } from '@/lib/client-config';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are epoch seconds on the wire and shown in the centre's time zone (DESIGN §4). */
export const centreZone = () => getClientConfig().timeZone;
export const toEpoch = (date: Date | Dayjs) =>
  Math.floor((date instanceof Date ? date.getTime() : date.valueOf()) / 1000);
export const fromEpoch = (seconds: number) => new Date(seconds * 1000);
export const inCentre = (seconds: number) => dayjs(seconds * 1000).tz(centreZone());

/** A zone's offset per quarter hour of UTC, or NaN for a quarter its offset changes within. */
const knownOffsets = new Map<string, number>();
/** Most zones change their offset on a quarter hour of UTC (every offset is whole quarter hours). */
const QUARTER_HOUR_MS = 15 * 60_000;
const MINUTE_MS = 60_000;

function remember(key: string, compute: () => number): number {
  const known = knownOffsets.get(key);
  if (known !== undefined) return known;
  const offset = compute();
  if (knownOffsets.size >= 20_000) knownOffsets.clear();
  knownOffsets.set(key, offset);
  return offset;
}

/**
 * How far a zone's wall clock is from UTC at an instant, in minutes. The centre's zone comes from
 * the table the start-up settings carry (issue 9: a page's first date then starts no `Intl`, which
 * cost a phone ≈ 100 ms). Other zones and instants outside the table: dayjs's `tz()` builds a new
 * `Intl` formatter on every call (≈ 0.2 ms) and a week of the admin schedule formats 2,800 session
 * times, so this keeps one formatter per zone and each quarter hour's offset. A quarter whose two
 * ends differ holds a change that is not on a quarter hour (Newfoundland changed at 00:01 local
 * time until 2011): there the minute decides.
 */
export function zoneOffsetMinutes(ms: number, zone: string): number {
  const config = peekClientConfig();
  const fromTable = config?.timeZone === zone ? offsetFromTable(config.timeZoneOffsets, ms) : undefined;
  if (fromTable !== undefined) return fromTable;
  const quarter = Math.floor(ms / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const offset = remember(`${zone} ${quarter}`, () => {
    const start = offsetByIntl(quarter, zone);
    return offsetByIntl(quarter + QUARTER_HOUR_MS, zone) === start ? start : Number.NaN;
  });
  if (!Number.isNaN(offset)) return offset;
  const minute = Math.floor(ms / MINUTE_MS) * MINUTE_MS;
  return remember(`${zone} minute ${minute}`, () => offsetByIntl(minute, zone));
}

/**
 * The same wall-clock times every week in the centre's zone (so daylight-saving changes keep
 * 09:00 at 09:00), while they start before `until` (exclusive) or for `weeks` weeks.
 */
export function repeatWeekly<T extends { start: number; end: number }>(
  times: readonly T[],
  options: { until?: number | null; weeks?: number | null },
): T[] {
  const out: T[] = [];
  const maxWeeks = options.weeks ?? 104;
  for (let week = 0; week < maxWeeks; week++) {
    let added = false;
    for (const time of times) {
      const start = toEpoch(inCentre(time.start).add(week, 'week'));
      const end = toEpoch(inCentre(time.end).add(week, 'week'));
      if (week > 0 && options.until != null && start >= options.until) continue;
      out.push({ ...time, start, end });
      added = true;
    }
    if (!added) break;
    if (options.until == null && options.weeks == null) break;
  }
  return out;
}
