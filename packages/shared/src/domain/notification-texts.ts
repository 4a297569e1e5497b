import type { Language } from '../errors.ts';

/**
 * What a notification says (issue 12). A notification stores a key of this table and its
 * parameters, never a text: it is rendered in the reader's language each time it is read, so a
 * user who switches language reads their notifications in the new one.
 */
const en = {
  'class.created': 'New class {classroom} was set up for you.',
  'class.edited': 'Class {classroom} was changed.',
  'class.studentsAdded': 'Students were added to class {classroom}.',
  'class.studentRemoved': 'The students of class {classroom} changed.',
  'class.lessonsChanged': 'The lessons of class {classroom} changed.',
  'class.specificationsChanged': 'The courses of class {classroom} changed.',
  'class.disabled': 'Class {classroom} was disabled.',
  'class.archived': 'Class {classroom} was archived.',
  'class.unarchived': 'Class {classroom} was taken out of the archive.',
  'class.destroyed': 'Class {classroom} was deleted.',
  'session.added': '{count} new sessions in class {classroom}.',
  'session.moved': '{count} sessions of class {classroom} moved to a new time.',
  'session.cancelled': '{count} sessions of class {classroom} were cancelled.',
  'session.removed': '{count} sessions of class {classroom} were removed.',
  'timetable.added': '{count} available times were added to your timetable.',
  'timetable.moved': '{count} available times in your timetable changed.',
  'timetable.cancelled': '{count} available times in your timetable were cancelled.',
  'timetable.removed': '{count} available times were removed from your timetable.',
  'timetable.lessonNamesChanged': 'The lessons of {count} available times in your timetable changed.',
  'finance.depositConfirmed': 'A deposit for class {classroom} was confirmed.',
  'finance.settlementPaid': 'Your settlement for {period} was paid.',
  'finance.depositReversed': 'A confirmed deposit for class {classroom} was reversed.',
  'academic.homeworkGiven': 'New homework in class {classroom}: {subtitle}.',
  'academic.homeworkGraded': 'Your homework in class {classroom} was graded.',
  'academic.examResult': 'Your exam result in class {classroom} was recorded.',
  /** Written by a member of staff (createNotification): the text as they typed it. */
  'staff.message': '{text}',
  // finance: transfers (issue 11); {classroom} reads "source → destination".
  'finance.transferConfirmed': 'A transfer of credit ({classroom}) was confirmed.',
  'finance.transferReversed': 'A confirmed transfer of credit ({classroom}) was reversed.',
  // reminders (issue 12): {time} the session's span in the centre's time zone; {link} the online class's meeting link.
  'session.reminder': 'Reminder: a session of class {classroom} is on {time}.',
  'session.reminderOnline': 'Reminder: a session of class {classroom} is on {time}. Join online: {link}',
  // backups (issue 33): to every active Admin; {text} the error.
  'backup.failed': 'The nightly backup failed: {text}. Check the settings page and the server log.',
  // contracts (issue 28): a deposit of type Contract pays a contract, not a class.
  'finance.contractPaymentConfirmed': 'A payment for your contract was confirmed.',
  'finance.contractPaymentReversed': 'A confirmed payment for your contract was reversed.',
} as const;

export type NotificationKey = keyof typeof en;
export const notificationKeys = Object.keys(en) as NotificationKey[];

const zh: Record<NotificationKey, string> = {
  'class.created': '已为您开设新班级 {classroom}。',
  'class.edited': '班级 {classroom} 有变更。',
  'class.studentsAdded': '班级 {classroom} 新增了学生。',
  'class.studentRemoved': '班级 {classroom} 的学生有变动。',
  'class.lessonsChanged': '班级 {classroom} 的课节有变动。',
  'class.specificationsChanged': '班级 {classroom} 的课程有变动。',
  'class.disabled': '班级 {classroom} 已停用。',
  'class.archived': '班级 {classroom} 已归档。',
  'class.unarchived': '班级 {classroom} 已取消归档。',
  'class.destroyed': '班级 {classroom} 已被删除。',
  'session.added': '班级 {classroom} 新增了 {count} 节课。',
  'session.moved': '班级 {classroom} 有 {count} 节课改了时间。',
  'session.cancelled': '班级 {classroom} 有 {count} 节课已取消。',
  'session.removed': '班级 {classroom} 有 {count} 节课已移除。',
  'timetable.added': '您的课表新增了 {count} 个可用时间。',
  'timetable.moved': '您课表中的 {count} 个可用时间有变更。',
  'timetable.cancelled': '您课表中的 {count} 个可用时间已取消。',
  'timetable.removed': '您课表中的 {count} 个可用时间已删除。',
  'timetable.lessonNamesChanged': '您课表中 {count} 个可用时间的课程有变更。',
  'finance.depositConfirmed': '班级 {classroom} 的一笔缴费已确认。',
  'finance.settlementPaid': '您 {period} 的课酬已结算。',
  'finance.depositReversed': '班级 {classroom} 的一笔已确认缴费已被冲销。',
  'academic.homeworkGiven': '班级 {classroom} 有新作业：{subtitle}。',
  'academic.homeworkGraded': '您在班级 {classroom} 的作业已批改。',
  'academic.examResult': '您在班级 {classroom} 的考试成绩已录入。',
  'staff.message': '{text}',
  // finance: transfers (issue 11)
  'finance.transferConfirmed': '一笔余额转班（{classroom}）已确认。',
  'finance.transferReversed': '一笔已确认的余额转班（{classroom}）已被冲销。',
  // reminders (issue 12)
  'session.reminder': '提醒：班级 {classroom} 的课程时间为 {time}。',
  'session.reminderOnline': '提醒：班级 {classroom} 的课程时间为 {time}。线上课堂链接：{link}',
  // backups (issue 33)
  'backup.failed': '夜间备份失败：{text}。请查看设置页面和服务器日志。',
  // contracts (issue 28)
  'finance.contractPaymentConfirmed': '您合同的一笔付款已确认。',
  'finance.contractPaymentReversed': '您合同的一笔已确认付款已被冲销。',
};

const texts: Record<Language, Record<NotificationKey, string>> = { en, zh };

/** English says one thing differently from several (`count` 1); Chinese needs no singular. */
const enOne: Partial<Record<NotificationKey, string>> = {
  'session.added': 'A new session in class {classroom}.',
  'session.moved': 'A session of class {classroom} moved to a new time.',
  'session.cancelled': 'A session of class {classroom} was cancelled.',
  'session.removed': 'A session of class {classroom} was removed.',
  'timetable.added': 'An available time was added to your timetable.',
  'timetable.moved': 'An available time in your timetable changed.',
  'timetable.cancelled': 'An available time in your timetable was cancelled.',
  'timetable.removed': 'An available time was removed from your timetable.',
  'timetable.lessonNamesChanged': 'The lessons of an available time in your timetable changed.',
};
const singular: Record<Language, Partial<Record<NotificationKey, string>>> = { en: enOne, zh: {} };

export type NotificationParams = Record<string, string | number>;

export function isNotificationKey(key: string): key is NotificationKey {
  return key in en;
}

/** A stored notification in `language`; a key this build does not know shows its parameters' text, if any. */
export function renderNotification(language: Language, key: string, params: NotificationParams): string {
  const template = !isNotificationKey(key)
    ? String(params.text ?? key)
    : ((params.count === 1 ? singular[language][key] : undefined) ?? texts[language][key]);
  return template.replace(/\{(\w+)\}/g, (slot, name: string) =>
    name in params ? String(params[name]) : slot,
  );
}
