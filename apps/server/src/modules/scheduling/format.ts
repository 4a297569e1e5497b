import { fromEpoch } from '../../lib/time.ts';

/**
 * How a time shows inside a server message, the same in every language: `2026-11-23 14:00–15:30` in
 * the centre's time zone (epoch seconds in).
 */
export function formatSpan(start: number, end: number, timeZone: string): string {
  const day = formatParts(fromEpoch(start), timeZone);
  const endParts = formatParts(fromEpoch(end), timeZone);
  const sameDay = day.date === endParts.date;
  return `${day.date} ${day.time}–${sameDay ? endParts.time : `${endParts.date} ${endParts.time}`}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatParts(date: Date, timeZone: string): { date: string; time: string } {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
