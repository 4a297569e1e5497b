import { contrastRatio, darkenUntil, textContrast } from './contrast';

const nearBlack = '#1b1f24';

/**
 * Text on one of SPEC §4's state colours (a session's, a slot's): white or near-black, whichever
 * reads better; `background` is the colour darkened when neither reaches 4.5:1 (the red of a
 * cancelled session reads 4.2:1 with white), so the state keeps its hue.
 */
export function readableOn(colour: string): { background: string; color: string } {
  const text = contrastRatio('#ffffff', colour) >= contrastRatio(nearBlack, colour) ? '#ffffff' : nearBlack;
  if (contrastRatio(text, colour) >= textContrast) return { background: colour, color: text };
  return { background: darkenUntil(colour, ['#ffffff']), color: '#ffffff' };
}
