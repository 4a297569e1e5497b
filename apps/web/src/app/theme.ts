import { createTheme } from '@mantine/core';

/** Latin faces first; Chinese pages put the CJK faces first (see styles/global.css). */
const fontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, "Noto Sans CJK SC", "Noto Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 6,
  defaultRadius: 'md',
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  cursorType: 'pointer',
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
