import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import fc from 'fast-check';
import { zoneOffsetsBetween } from '@tutoria/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testClientConfig } from '../../test/client-config';
import { setClientConfig } from './client-config';
import { zoneOffsetMinutes } from './time';

dayjs.extend(utc);
dayjs.extend(timezone);

// Whole-hour, half-hour and 45-minute zones, both hemispheres' daylight saving, and none.
const zones = [
  'UTC',
  'Asia/Shanghai',
  'Europe/London',
  'America/New_York',
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Adelaide',
  'Pacific/Chatham',
];

describe('zoneOffsetMinutes', () => {
  it("equals dayjs's tz() offset at any instant from 1980 to 2100 in every kind of zone", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1980, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          expect(zoneOffsetMinutes(ms, zone)).toBe(dayjs(ms).tz(zone).utcOffset());
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('changes at the very second daylight saving starts and ends', () => {
    // London: 2026-03-29 01:00 UTC forward, 2026-10-25 01:00 UTC back.
    const spring = Date.UTC(2026, 2, 29, 1, 0, 0);
    const autumn = Date.UTC(2026, 9, 25, 1, 0, 0);
    expect([
      zoneOffsetMinutes(spring - 1000, 'Europe/London'),
      zoneOffsetMinutes(spring, 'Europe/London'),
    ]).toEqual([0, 60]);
    expect([
      zoneOffsetMinutes(autumn - 1000, 'Europe/London'),
      zoneOffsetMinutes(autumn, 'Europe/London'),
    ]).toEqual([60, 0]);
  });

  it('changes at the very minute a change off the quarter hour happens', () => {
    // St. John's left its double daylight time (UTC−1:30) at 00:01 local on 1988-10-30: 01:31 UTC.
    const end = Date.UTC(1988, 9, 30, 1, 31, 0);
    expect([
      zoneOffsetMinutes(end - 1000, 'America/St_Johns'),
      zoneOffsetMinutes(end, 'America/St_Johns'),
      zoneOffsetMinutes(Date.UTC(1988, 9, 30, 1, 43, 23), 'America/St_Johns'),
    ]).toEqual([-90, -210, -210]);
  });

  describe("in the centre's zone, with the start-up settings' table", () => {
    afterEach(() => {
      setClientConfig(testClientConfig());
      vi.restoreAllMocks();
    });

    it('answers from the table without Intl, and other zones as before', () => {
      const zone = 'Europe/Berlin';
      const from = Date.UTC(2020, 0, 1) / 1000;
      const until = Date.UTC(2030, 0, 1) / 1000;
      setClientConfig({
        ...testClientConfig(),
        timeZone: zone,
        timeZoneOffsets: zoneOffsetsBetween(zone, from, until),
      });
      const intl = vi.spyOn(Intl, 'DateTimeFormat');
      // Berlin: +60 in winter, +120 in summer; 2027-03-28 01:00 UTC forward.
      const change = Date.UTC(2027, 2, 28, 1, 0, 0);
      expect([zoneOffsetMinutes(change - 1000, zone), zoneOffsetMinutes(change, zone)]).toEqual([60, 120]);
      expect(intl).not.toHaveBeenCalled();
      // Outside the table, and another zone, are worked out by Intl.
      expect(zoneOffsetMinutes(Date.UTC(2035, 6, 1, 12), zone)).toBe(120);
      expect(zoneOffsetMinutes(Date.UTC(2027, 6, 1, 12, 7), 'Asia/Kathmandu')).toBe(345);
    });
  });
});
