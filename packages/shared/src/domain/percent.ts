/**
 * SPEC §9: report chart percentages are floored and the axis runs 0 to 100. `part / whole` as a
 * whole percent, rounded down and held in 0–100; null when there is no whole. Exact for ratios of
 * integers (100 × 29 / 100 is 29, not 28.999…).
 */
export function flooredPercent(part: number, whole: number): number | null {
  if (!(whole > 0)) return null;
  return chartPercent((100 * part) / whole);
}

/** A percentage or score (0–100, maybe with decimals) as a chart shows it: floored, in 0–100. */
export function chartPercent(value: number): number {
  // A hair above the float error of a decimal score (57.3 × … ) before flooring.
  const floored = Math.floor(value + 1e-9);
  return Math.min(100, Math.max(0, floored));
}
