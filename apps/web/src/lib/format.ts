import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { getClientConfig } from './client-config';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Display formats of SPEC §9. */
export const dateFormats = {
  date: 'YYYY-MM-DD',
  long: 'YYYY-MM-DD, h:mm a',
  yearMonth: 'YYYY-MM',
  time: 'HH:mm',
} as const;

/** Server times are epoch seconds; they are shown in the centre's time zone. */
export function formatEpoch(seconds: number, format: keyof typeof dateFormats = 'long'): string {
  return dayjs(seconds * 1000)
    .tz(getClientConfig().timeZone)
    .format(dateFormats[format]);
}
