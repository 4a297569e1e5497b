import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offsetByIntl, offsetFromTable, zoneOffsetsBetween } from './zone-offsets.ts';

const seconds = (...date: [number, number, number, number?, number?]) => Date.UTC(...date) / 1000;
const from = seconds(2015, 0, 1);
const until = seconds(2036, 0, 1);

describe('offsetByIntl', () => {
  it('reads whole, half, quarter and negative offsets, and UTC itself', () => {
    const july = Date.UTC(2026, 6, 1);
    expect(offsetByIntl(july, 'UTC')).toBe(0);
    expect(offsetByIntl(july, 'Asia/Shanghai')).toBe(480);
    expect(offsetByIntl(july, 'Asia/Kolkata')).toBe(330);
    expect(offsetByIntl(july, 'Asia/Kathmandu')).toBe(345);
    expect(offsetByIntl(july, 'America/St_Johns')).toBe(-150);
    expect(offsetByIntl(july, 'Europe/London')).toBe(60);
    expect(offsetByIntl(Date.UTC(2026, 0, 1), 'Europe/London')).toBe(0);
  });
});

describe('zoneOffsetsBetween and offsetFromTable', () => {
  const zones = [
    'UTC',
    'Asia/Shanghai',
    'Europe/London',
    'America/St_Johns',
    'Australia/Adelaide',
    'Pacific/Chatham',
  ];
  const tables = new Map(zones.map((zone) => [zone, zoneOffsetsBetween(zone, from, until)]));

  it('gives the same offset as Intl at any instant of the span', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: from * 1000, max: until * 1000 - 1 }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          expect(offsetFromTable(tables.get(zone)!, ms)).toBe(offsetByIntl(ms, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('changes at the very second daylight saving starts and ends', () => {
    const london = tables.get('Europe/London')!;
    const spring = seconds(2026, 2, 29, 1) * 1000;
    const autumn = seconds(2026, 9, 25, 1) * 1000;
    expect([offsetFromTable(london, spring - 1000), offsetFromTable(london, spring)]).toEqual([0, 60]);
    expect([offsetFromTable(london, autumn - 1000), offsetFromTable(london, autumn)]).toEqual([60, 0]);
    // Two changes a year, and a zone without daylight saving has one entry.
    expect(london.changes.length).toBe(1 + 2 * 21);
    expect(tables.get('Asia/Shanghai')!.changes).toEqual([[from, 480]]);
  });

  it('finds two changes a week apart (Recife kept daylight saving for one week in 2000)', () => {
    const recife = zoneOffsetsBetween('America/Recife', seconds(2000, 9, 1), seconds(2000, 10, 1));
    expect(recife.changes).toEqual([
      [seconds(2000, 9, 1), -180],
      [seconds(2000, 9, 8, 3), -120],
      [seconds(2000, 9, 15, 2), -180],
    ]);
  });

  it('answers nothing outside its span, so the caller asks Intl', () => {
    const table = tables.get('Europe/London')!;
    expect(offsetFromTable(table, from * 1000 - 1)).toBeUndefined();
    expect(offsetFromTable(table, until * 1000)).toBeUndefined();
    expect(offsetFromTable({ changes: [], until: 0 }, Date.now())).toBeUndefined();
  });
});
