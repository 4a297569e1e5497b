import type { BackupKind, BackupOverview } from '@tutoria/shared';

/** Each backup kind's words (settings.json `backups.kinds`). */
const kindKeys = {
  manual: 'backups.kinds.manual',
  nightly: 'backups.kinds.nightly',
  upgrade: 'backups.kinds.upgrade',
} as const satisfies Record<BackupKind, string>;

export const backupKindKey = (kind: BackupKind) => kindKeys[kind];

/**
 * The values of the nightly schedule's sentence (`backups.schedule.on`: "Every night at 02:30
 * (Asia/Shanghai), keeping the newest 14", `count` picks the plural), or null when nightly backups
 * are off. The time is shown as configured ("HH:MM" in the centre's zone, the app's own time
 * format), so a browser in another zone never shifts it.
 */
export function scheduleValues(
  schedule: BackupOverview['schedule'],
): { time: string; zone: string; count: number } | null {
  return schedule.enabled ? { time: schedule.time, zone: schedule.timeZone, count: schedule.keep } : null;
}

/** The alert's facts when the last nightly run failed (a newer nightly backup clears it), else null. */
export function nightlyFailure(
  lastNightly: BackupOverview['lastNightly'],
): { at: number; error: string } | null {
  if (!lastNightly?.failed) return null;
  return { at: lastNightly.at, error: lastNightly.error?.trim() || '—' };
}
