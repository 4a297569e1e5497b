import { describe, expect, it } from 'vitest';
import { nextNightlyRun } from './nightly-schedule.ts';

const next = (now: string, time: string, zone: string) => nextNightlyRun(new Date(now), time, zone).toISOString();

describe('the nightly backup time', () => {
  it('is the next wall-clock HH:MM in the centre’s zone', () => {
    expect(next('2026-05-01T10:00:00Z', '02:30', 'Asia/Shanghai')).toBe('2026-05-01T18:30:00.000Z');
    expect(next('2026-05-01T18:30:00Z', '02:30', 'Asia/Shanghai')).toBe('2026-05-02T18:30:00.000Z');
    expect(next('2026-05-01T18:29:00Z', '02:30', 'Asia/Shanghai')).toBe('2026-05-01T18:30:00.000Z');
    expect(next('2026-05-01T00:00:00Z', '23:59', 'UTC')).toBe('2026-05-01T23:59:00.000Z');
  });

  it('follows daylight saving: the same local time on both sides of a change', () => {
    // New York springs forward on 2026-03-08 (02:00 → 03:00) and falls back on 2026-11-01.
    expect(next('2026-03-07T12:00:00Z', '01:30', 'America/New_York')).toBe('2026-03-08T06:30:00.000Z');
    expect(next('2026-03-08T12:00:00Z', '01:30', 'America/New_York')).toBe('2026-03-09T05:30:00.000Z');
    // 02:30 does not exist that night: it runs an hour later by the clock, once.
    expect(next('2026-03-07T12:00:00Z', '02:30', 'America/New_York')).toMatch(/^2026-03-08T0[67]:30:00\.000Z$/);
    expect(next('2026-10-31T12:00:00Z', '03:30', 'America/New_York')).toBe('2026-11-01T08:30:00.000Z');
  });
});
