import type { FailedJob, knownJobKinds } from '@tutoria/shared';

type KnownKind = (typeof knownJobKinds)[number];

/** The words of each kind the browser knows (settings.json `kinds`); another kind shows as it is. */
const kindKeys = {
  'reminders.plan': 'kinds.remindersPlan',
  'reminders.send': 'kinds.remindersSend',
  'notification.deliver': 'kinds.notificationDeliver',
  'backups.nightly': 'kinds.backupsNightly',
} as const satisfies Record<KnownKind, string>;

export type KindKey = (typeof kindKeys)[KnownKind];

export function kindKey(kind: string): KindKey | null {
  return Object.hasOwn(kindKeys, kind) ? kindKeys[kind as KnownKind] : null;
}

export type SubjectKey =
  'subject.delivery' | 'subject.person' | 'subject.reminder' | 'subject.classroom' | 'subject.moment';

/**
 * What a failed job concerned, as a text key and its values (the caller words the channel and the
 * moment): a delivery's channel and recipient, a reminder's class and time; null when its area says
 * nothing (a backup: its kind says it all).
 */
export function subjectWords(subject: FailedJob['subject']): {
  key: SubjectKey;
  values: { person?: string; classroom?: string; moment?: number; channel?: 'email' | 'webhook' };
} | null {
  const { person, channel, classroom, moment } = subject;
  if (person && channel) return { key: 'subject.delivery', values: { person, channel } };
  if (person) return { key: 'subject.person', values: { person } };
  if (classroom && moment !== null) return { key: 'subject.reminder', values: { classroom, moment } };
  if (classroom) return { key: 'subject.classroom', values: { classroom } };
  if (moment !== null) return { key: 'subject.moment', values: { moment } };
  return null;
}
