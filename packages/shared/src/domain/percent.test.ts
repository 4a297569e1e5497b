import { describe, expect, it } from 'vitest';
import { chartPercent, flooredPercent } from './percent.ts';

describe('floored percentages (SPEC §9)', () => {
  it('floors a ratio to a whole percent', () => {
    expect(flooredPercent(1, 3)).toBe(33);
    expect(flooredPercent(2, 3)).toBe(66);
    expect(flooredPercent(29, 100)).toBe(29);
    expect(flooredPercent(999, 1000)).toBe(99);
    expect(flooredPercent(3, 3)).toBe(100);
    expect(flooredPercent(0, 5)).toBe(0);
  });

  it('has no percent without a whole', () => {
    expect(flooredPercent(0, 0)).toBeNull();
    expect(flooredPercent(1, -1)).toBeNull();
  });

  it('keeps a score on the 0–100 axis, floored', () => {
    expect(chartPercent(85.88)).toBe(85);
    expect(chartPercent(57.3)).toBe(57);
    expect(chartPercent(0.29 * 100)).toBe(29);
    expect(chartPercent(100)).toBe(100);
    expect(chartPercent(130)).toBe(100);
    expect(chartPercent(-4)).toBe(0);
  });
});
