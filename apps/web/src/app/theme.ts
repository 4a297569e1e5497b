import { createTheme, type CSSVariablesResolver, type MantineThemeColors } from '@mantine/core';
import { contrastRatio, darkenUntil, firstReadable } from '@/lib/contrast';

/** Latin faces first; Chinese pages put the CJK faces first (see styles/global.css). */
const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, "Noto Sans CJK SC", "Noto Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7: white text on it reaches WCAG AA's 4.5:1 (shade 6 gives 4.3:1).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  cursorType: 'pointer',
  components: {
    // Mantine keeps every Select's closed list in the page (display: none) by default, and
    // floating-ui then places each one as the page mounts: a style recalculation of the whole page
    // per list, ≈ 170 ms of a phone's main thread on the users page with its filters (issue 9).
    // The list is made when it opens instead; `aria-controls` names it only while open anyway.
    // (A plain object, not `Combobox.extend`, so the sign-in page loads no Combobox code.)
    Combobox: { defaultProps: { keepMounted: false } },
  },
  colors: {
    // A soft neutral for page backgrounds, lighter than Mantine's gray.
    canvas: [
      '#f8f9fc',
      '#f1f3f9',
      '#e4e8f2',
      '#d0d6e6',
      '#b5bfd6',
      '#98a3c2',
      '#7b87ab',
      '#606c91',
      '#485274',
      '#323a57',
    ],
  },
});

/** What text is drawn on: cards and inputs (white), the page (canvas), striped and hovered rows (gray). */
const textBackgrounds = ['#ffffff', '#f8f9fc', '#f1f3f9', '#f1f3f5'];

/**
 * Every palette colour's variables in the light scheme, at WCAG AA for text (4.5:1): white text on
 * `filled` (badges, buttons), the light variant's text on its tint, and `c="teal"` text on the
 * page's backgrounds. Each keeps its hue: the first shade from 7 that reads, else shade 9 darkened
 * (Mantine's own reach 2.1–4.3:1 for yellow, orange, teal, red; issue 32). `contrast.test.ts`
 * checks every colour.
 */
export function readableColourVariables(colours: MantineThemeColors): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colours)) {
    if (name === 'dark') continue; // the dark scheme's greys, not drawn in the light scheme
    const filled = firstReadable(shades.slice(7), ['#ffffff']);
    const text = firstReadable(shades.slice(7), textBackgrounds);
    variables[`--mantine-color-${name}-filled`] = filled;
    variables[`--mantine-color-${name}-filled-hover`] = darkenUntil(filled, ['#ffffff'], contrastRatio(filled, '#ffffff') + 1);
    variables[`--mantine-color-${name}-light-color`] = firstReadable(shades.slice(8), [shades[1]!]);
    variables[`--mantine-color-${name}-text`] = text;
    variables[`--mantine-color-${name}-outline`] = text;
  }
  return variables;
}

/**
 * Dimmed text darker than Mantine's gray.6 (3.3:1 on white): #5c636a reads 6.1:1 on white and
 * 5:1 on the canvas backgrounds, WCAG AA for body text. Placeholders (gray.5, 2.1:1) likewise.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    ...readableColourVariables(resolved.colors),
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': darkenUntil(resolved.colors.gray[5], textBackgrounds),
  },
  dark: {},
});
