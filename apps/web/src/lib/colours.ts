/** Text on one of SPEC §4's colours: near-black on the light yellow and green, white on the others. */
export function textOn(colour: string): string {
  return ['#FBC02D', '#30DD75'].includes(colour) ? '#1b1f24' : '#ffffff';
}
