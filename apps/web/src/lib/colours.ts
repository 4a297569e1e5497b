/**
 * Text on one of SPEC §4's colours: near-black on the light yellow and green and on the amber of a
 * session waiting for its records (white on it read at 2:1, issue 31), white on the others.
 */
export function textOn(colour: string): string {
  return ['#FBC02D', '#30DD75', '#F59F00'].includes(colour) ? '#1b1f24' : '#ffffff';
}
