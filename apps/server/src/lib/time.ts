/** Times travel as Unix epoch seconds (DESIGN §4). */
export const toEpoch = (date: Date) => Math.floor(date.getTime() / 1000);
export const fromEpoch = (seconds: number) => new Date(seconds * 1000);
