import dayjs from 'dayjs';
import { centreZone, inCentre, toEpoch } from '@/lib/time';

export interface WeekRange {
  from: number;
  to: number;
}

/**
 * The Monday-to-Monday week in the centre's zone that holds an instant (epoch seconds): what the
 * page's loader asks for and what the calendar's day or week view falls in, so both ask the same.
 * Each Monday is read as that day's midnight in the zone, so a daylight-saving change inside the
 * week moves neither end.
 */
export function weekOf(seconds: number): WeekRange {
  const day = inCentre(seconds);
  const monday = day.subtract((day.day() + 6) % 7, 'day').format('YYYY-MM-DD');
  const next = dayjs(monday).add(7, 'day').format('YYYY-MM-DD');
  return { from: toEpoch(dayjs.tz(monday, centreZone())), to: toEpoch(dayjs.tz(next, centreZone())) };
}

export const thisWeek = (): WeekRange => weekOf(Math.floor(Date.now() / 1000));
