/**
 * A time zone's offsets from UTC over a span of time, as the server works them out once and sends
 * them with the browser's start-up settings (issue 9): the browser then finds a centre-zone offset
 * by a binary search, without `Intl`, whose first use costs a phone 100 ms or more of starting ICU.
 */
export interface ZoneOffsets {
  /** `[from, offset]`: the offset in minutes from that epoch second until the next entry's. */
  changes: [from: number, offsetMinutes: number][];
  /** The epoch second the table stops at (exclusive); later instants are worked out by `Intl`. */
  until: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter that writes only a zone's offset ("GMT+05:45"): a quarter of the cost of the wall clock's parts. */
function offsetFormat(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      timeZoneName: 'longOffset',
      hour: 'numeric',
    });
    formats.set(zone, format);
  }
  return format;
}

const OFFSET = /GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** How far a zone's wall clock is from UTC at an instant (epoch ms), in whole minutes, by `Intl`. */
export function offsetByIntl(ms: number, zone: string): number {
  const [, sign, hours, minutes, seconds] = OFFSET.exec(offsetFormat(zone).format(ms)) ?? [];
  if (!sign) return 0;
  const total = Number(hours) * 60 + Number(minutes) + Math.round(Number(seconds ?? 0) / 60);
  return sign === '-' ? -total : total;
}

const DAY_SECONDS = 86_400;

/**
 * Every change of a zone's offset between two epoch seconds. Looks once a day (Recife kept daylight saving for
 * one week of October 2000; no zone has changed and changed back within a day), then narrows each change down to its second.
 */
export function zoneOffsetsBetween(zone: string, from: number, until: number): ZoneOffsets {
  const at = (second: number) => offsetByIntl(second * 1000, zone);
  const changes: ZoneOffsets['changes'] = [[from, at(from)]];
  let before = from;
  let offset = changes[0]![1];
  for (let day = from + DAY_SECONDS; ; day += DAY_SECONDS) {
    const probe = Math.min(day, until - 1);
    const next = at(probe);
    if (next !== offset) {
      // The change lies in (before, probe]: the first second showing the new offset.
      let low = before;
      let high = probe;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (at(middle) === offset) low = middle;
        else high = middle;
      }
      changes.push([high, at(high)]);
      offset = at(high);
      // Look again from the change, in case the day held a second one.
      day = high;
      before = high;
      continue;
    }
    if (probe >= until - 1) break;
    before = probe;
  }
  return { changes, until };
}

/** The offset at an instant (epoch ms) from a table, or `undefined` outside the span it covers. */
export function offsetFromTable(table: ZoneOffsets, ms: number): number | undefined {
  const second = Math.floor(ms / 1000);
  const { changes } = table;
  if (!changes.length || second < changes[0]![0] || second >= table.until) return undefined;
  let low = 0;
  let high = changes.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (changes[middle]![0] <= second) low = middle;
    else high = middle - 1;
  }
  return changes[low]![1];
}
