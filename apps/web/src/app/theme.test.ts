import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@/lib/contrast';
import { cssVariablesResolver, theme } from './theme';

const resolvedTheme = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(resolvedTheme).light;
const textBackgrounds = ['#ffffff', '#f8f9fc', '#f1f3f9', '#f1f3f5'];

describe('every badge and text colour of the light theme reads at 4.5:1', () => {
  const names = Object.keys(resolvedTheme.colors).filter((name) => name !== 'dark');

  it.each(names)('%s: white on filled, its text on the light tint and on the page', (name) => {
    const shades = resolvedTheme.colors[name]!;
    expect(contrastRatio('#ffffff', light[`--mantine-color-${name}-filled`]!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', light[`--mantine-color-${name}-filled-hover`]!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shades[1]!, light[`--mantine-color-${name}-light-color`]!)).toBeGreaterThanOrEqual(4.5);
    for (const background of textBackgrounds) {
      expect(contrastRatio(background, light[`--mantine-color-${name}-text`]!)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(background, light[`--mantine-color-${name}-outline`]!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('dimmed text and placeholders', () => {
    for (const background of textBackgrounds) {
      expect(contrastRatio(background, light['--mantine-color-dimmed']!)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(background, light['--mantine-color-placeholder']!)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
