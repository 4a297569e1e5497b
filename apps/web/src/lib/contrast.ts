/**
 * WCAG 2.1 contrast (1.4.3): relative luminance and contrast ratio of sRGB colours, and the
 * darkening that brings a colour to a ratio while keeping its hue. Text needs 4.5:1.
 */
export const textContrast = 4.5;

function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((digit) => digit + digit).join('') : value;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;
}

export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((part) => {
    const unit = part / 255;
    return unit <= 0.03928 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour, darkened towards black in small steps until it reads `ratio` against every background. */
export function darkenUntil(colour: string, backgrounds: readonly string[], ratio = textContrast): string {
  const rgb = channels(colour);
  for (let step = 0; step <= 100; step += 1) {
    const candidate = toHex(rgb.map((part) => part * (1 - step / 100)));
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= ratio)) return candidate;
  }
  return '#000000';
}

/** The first of `shades` reading `ratio` against every background, else the last one darkened until it does. */
export function firstReadable(
  shades: readonly string[],
  backgrounds: readonly string[],
  ratio = textContrast,
): string {
  const readable = shades.find((shade) =>
    backgrounds.every((background) => contrastRatio(shade, background) >= ratio),
  );
  return readable ?? darkenUntil(shades[shades.length - 1]!, backgrounds, ratio);
}
