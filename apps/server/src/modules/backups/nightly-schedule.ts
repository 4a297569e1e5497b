import { offsetByIntl } from '@tutoria/shared';

/**
 * The next moment the wall clock of `zone` shows `time` ("HH:MM") after `now`. A time a daylight-
 * saving jump skips runs an hour later that night; one it repeats runs once (the first).
 */
export function nextNightlyRun(now: Date, time: string, zone: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const local = new Date(now.getTime() + offsetByIntl(now.getTime(), zone) * 60_000);
  for (let day = 0; day < 3; day++) {
    const wall = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + day, hours, minutes);
    // The offset at the guessed instant, then once more at the corrected one (a change in between).
    let at = wall - offsetByIntl(wall, zone) * 60_000;
    at = wall - offsetByIntl(at, zone) * 60_000;
    if (at > now.getTime()) return new Date(at);
  }
  throw new Error(`No ${time} in ${zone} within two days`);
}
