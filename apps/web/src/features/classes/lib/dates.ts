import dayjs from 'dayjs';
import { centreZone, toEpoch } from '@/lib/time';

/** A picked date range (YYYY-MM-DD, inclusive) as [start, end) epoch seconds in the centre's zone. */
export function rangeToEpoch(from: string | null, to: string | null): { from: number; to: number } | null {
  if (!from) return null;
  const start = dayjs.tz(`${from} 00:00`, centreZone());
  const end = dayjs.tz(`${to ?? from} 00:00`, centreZone()).add(1, 'day');
  return { from: toEpoch(start), to: toEpoch(end) };
}
