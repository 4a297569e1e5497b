import {
  notAvailableRoomColour,
  notAvailableStudentColour,
  sessionDisplayColours,
  slotColours,
} from '@tutoria/shared';
import { describe, expect, it } from 'vitest';
import { readableOn } from './colours';
import { contrastRatio, darkenUntil, textContrast } from './contrast';

describe('contrast ratio (WCAG 2.1)', () => {
  it('measures as the standard does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The audit's figures (issue 32): Mantine's teal light badge and its orange filled one.
    expect(contrastRatio('#087f5b', '#c3fae8')).toBeCloseTo(4.33, 1);
    expect(contrastRatio('#ffffff', '#f76707')).toBeCloseTo(3.04, 1);
  });

  it('darkens a colour until it reads, keeping its hue', () => {
    const darker = darkenUntil('#f76707', ['#ffffff']);
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(textContrast);
    expect(darker.slice(1, 3) > darker.slice(3, 5)).toBe(true); // still more red than green
  });
});

describe("SPEC §4's state colours carry readable text", () => {
  const stateColours = {
    ...Object.fromEntries(Object.entries(sessionDisplayColours).map(([key, colour]) => [`session ${key}`, colour])),
    ...Object.fromEntries(Object.entries(slotColours).map(([key, colour]) => [`slot ${key}`, colour])),
    'student busy': notAvailableStudentColour,
    'room busy': notAvailableRoomColour,
  };

  it.each(Object.entries(stateColours))('%s (%s)', (_state, colour) => {
    const { background, color } = readableOn(colour);
    expect(contrastRatio(background, color)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the SPEC colour itself wherever it already reads', () => {
    expect(readableOn('#FBC02D').background).toBe('#FBC02D');
    expect(readableOn('#3060DD')).toEqual({ background: '#3060DD', color: '#ffffff' });
    expect(readableOn('#EF2929').background).not.toBe('#EF2929');
  });
});
