import { z } from 'zod';
import { entityId, epochSeconds, listResponse } from './common.ts';
import { extraChannel } from './notification-channels.ts';

/**
 * Failed background work (issue 33): jobs of the queue that ran out of attempts, kept with their
 * error for the Admin, and the centre's export. `kind` is the queue's own name (`reminders.send`,
 * `notification.deliver`, a backup's…): the browser words the kinds it knows and shows any other
 * as it is, so a kind added later is listed before it has words.
 */
export const knownJobKinds = [
  'reminders.plan',
  'reminders.send',
  'notification.deliver',
  'backups.nightly',
] as const;

/**
 * What a failed job concerned, as far as its area says (each field null when it does not apply):
 * a delivery's recipient and channel, a reminder's class and session start.
 */
export const failedJobSubject = z.object({
  person: z.string().nullable(),
  channel: extraChannel.nullable(),
  classroom: z.string().nullable(),
  moment: epochSeconds.nullable(),
});
export type FailedJobSubject = z.infer<typeof failedJobSubject>;

export const failedJob = z.object({
  jobId: entityId,
  kind: z.string(),
  subject: failedJobSubject,
  lastError: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When its last attempt failed. */
  failedAt: epochSeconds,
  createMoment: epochSeconds,
});
export type FailedJob = z.infer<typeof failedJob>;
export const failedJobList = listResponse(failedJob);

export const jobParams = z.strictObject({ jobId: entityId });

/** The name of the archive's column documentation inside it (and of its readme). */
export const CENTRE_EXPORT_COLUMNS_FILE = 'columns.csv';
