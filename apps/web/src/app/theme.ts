import { createTheme, type CSSVariablesResolver } from '@mantine/core';

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

/**
 * Dimmed text darker than Mantine's gray.6 (3.3:1 on white): #5c636a reads 6.1:1 on white and
 * 5:1 on the canvas backgrounds, WCAG AA for body text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});
