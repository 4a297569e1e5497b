import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { getClientConfig } from '@/lib/client-config';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Times are epoch seconds on the wire and shown in the centre's time zone (DESIGN §4). */
export const centreZone = () => getClientConfig().timeZone;
export const toEpoch = (date: Date | Dayjs) =>
  Math.floor((date instanceof Date ? date.getTime() : date.valueOf()) / 1000);
export const fromEpoch = (seconds: number) => new Date(seconds * 1000);
export const inCentre = (seconds: number) => dayjs(seconds * 1000).tz(centreZone());

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
