import { z } from 'zod';
import { epochSeconds } from './common.ts';

/** Backups (issue 33): what the Admin's settings page shows. Files are listed, never served. */
export const backupKind = z.enum(['manual', 'nightly', 'upgrade']);
export type BackupKind = z.infer<typeof backupKind>;

export const backupEntry = z.object({
  fileName: z.string(),
  createdAt: epochSeconds,
  sizeInBytes: z.number().int().min(0),
  kind: backupKind,
  encrypted: z.boolean(),
});
export type BackupEntry = z.infer<typeof backupEntry>;

export const backupOverview = z.object({
  /** Newest first. */
  backups: z.array(backupEntry),
  schedule: z.object({
    /** "HH:MM" in the centre's time zone. */
    time: z.string(),
    timeZone: z.string(),
    /** Nightly backups kept; older ones are deleted (manual and upgrade ones are kept). */
    keep: z.number().int(),
    enabled: z.boolean(),
    /** The next nightly run (epoch seconds), null when off. */
    nextRunAt: epochSeconds.nullable(),
  }),
  /** BACKUP_KEY is set: new backups are encrypted. */
  encryption: z.boolean(),
  lastBackup: backupEntry.nullable(),
  lastNightly: z
    .object({
      /** The last nightly run that finished failed (a newer nightly backup clears it). */
      failed: z.boolean(),
      error: z.string().nullable(),
      /** When that run finished (epoch seconds). */
      at: epochSeconds,
    })
    .nullable(),
});
export type BackupOverview = z.infer<typeof backupOverview>;

export const backupMade = z.object({
  isSuccess: z.literal(true),
  message: z.string(),
  backup: backupEntry,
});
export type BackupMade = z.infer<typeof backupMade>;
