/**
 * An iCalendar (RFC 5545) writer for the calendar feeds: CRLF line ends, content lines folded at
 * 75 octets (never inside a UTF-8 character), TEXT values escaped, times in UTC (`Z`).
 */

export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  url: string | null;
  description: string | null;
  cancelled: boolean;
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks in a TEXT value. */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** `YYYYMMDDTHHMMSSZ` (RFC 5545 §3.3.5, form 2: UTC). */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();

/** RFC 5545 §3.1: lines longer than 75 octets continue on the next line after CRLF and a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; a continuation line holds 74 after its leading space.
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** One calendar: its name (`X-WR-CALNAME`), a product id and its events, published read-only. */
export function writeCalendar(calendar: { name: string; stamp: Date; events: CalendarEvent[] }): string {
  const stamp = utcStamp(calendar.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tutoria//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utcStamp(event.start)}`,
      `DTEND:${utcStamp(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.url) lines.push(`URL:${event.url}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    lines.push(`STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`, 'TRANSP:OPAQUE', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
