/** A number typed in a NumberInput ('' while empty). */
export const typedNumber = (value: number | string | null | undefined) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/** How far the held hours reach into the suggested ones, 0–100, floored (SPEC §9). */
export const progressPercent = (actual: number, suggested: number) =>
  suggested > 0 ? Math.min(100, Math.floor((actual / suggested) * 100)) : actual > 0 ? 100 : 0;
