import { describe, expect, it } from 'vitest';
import { kindKey, subjectWords } from './job-words';

const none = { person: null, channel: null, classroom: null, moment: null };

describe('a failed job in words', () => {
  it('names the kinds it knows and leaves any other as the queue names it', () => {
    expect(kindKey('notification.deliver')).toBe('kinds.notificationDeliver');
    expect(kindKey('reminders.send')).toBe('kinds.remindersSend');
    expect(kindKey('backups.nightly')).toBe('kinds.backupsNightly');
    expect(kindKey('exports.weekly')).toBeNull();
    expect(kindKey('toString')).toBeNull();
  });

  it('says what each concerned from the fields its area gave', () => {
    expect(subjectWords({ ...none, person: 'Wen Li', channel: 'webhook' })).toEqual({
      key: 'subject.delivery',
      values: { person: 'Wen Li', channel: 'webhook' },
    });
    expect(subjectWords({ ...none, person: 'Wen Li' })?.key).toBe('subject.person');
    expect(subjectWords({ ...none, classroom: 'Algebra', moment: 1_800_000_000 })).toEqual({
      key: 'subject.reminder',
      values: { classroom: 'Algebra', moment: 1_800_000_000 },
    });
    expect(subjectWords({ ...none, classroom: 'Algebra' })?.key).toBe('subject.classroom');
    expect(subjectWords({ ...none, moment: 0 })?.key).toBe('subject.moment');
    expect(subjectWords(none)).toBeNull();
  });
});
