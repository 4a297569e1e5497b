import { eq } from 'drizzle-orm';
import {
  languages,
  type MessageType,
  type NotificationKey,
  type NotificationParams,
  renderNotification,
} from '@tutoria/shared';
import type { Queryable } from '../db/client.ts';
import { classrooms, notifications, users } from '../db/schema/index.ts';

interface DemoNotification {
  messageType: MessageType;
  key: NotificationKey;
  params: NotificationParams;
  isRead: boolean;
  hoursAgo: number;
}

/** Per user: each type of notification, one read and one unread, over the past week. */
function demoNotificationsFor(classroom: string, period: string): DemoNotification[] {
  return [
    { messageType: 'Classroom', key: 'class.created', params: { classroom }, isRead: true, hoursAgo: 160 },
    {
      messageType: 'Classroom',
      key: 'class.studentsAdded',
      params: { classroom },
      isRead: false,
      hoursAgo: 30,
    },
    {
      messageType: 'TimeTable',
      key: 'session.added',
      params: { classroom, count: 6 },
      isRead: true,
      hoursAgo: 150,
    },
    {
      messageType: 'TimeTable',
      key: 'session.moved',
      params: { classroom, count: 1 },
      isRead: false,
      hoursAgo: 3,
    },
    {
      messageType: 'Financial',
      key: 'finance.depositConfirmed',
      params: { classroom },
      isRead: true,
      hoursAgo: 96,
    },
    {
      messageType: 'Financial',
      key: 'finance.settlementPaid',
      params: { period },
      isRead: false,
      hoursAgo: 20,
    },
    {
      messageType: 'Academic',
      key: 'academic.homeworkGiven',
      params: { classroom, subtitle: 'Past paper 3, questions 1–8' },
      isRead: true,
      hoursAgo: 72,
    },
    {
      messageType: 'Academic',
      key: 'academic.examResult',
      params: { classroom },
      isRead: false,
      hoursAgo: 6,
    },
    {
      messageType: 'General',
      key: 'staff.message',
      params: { text: 'Welcome to the new term! Timetables for the spring term are now open.' },
      isRead: true,
      hoursAgo: 120,
    },
    {
      messageType: 'General',
      key: 'staff.message',
      params: { text: 'The centre is closed on Friday for staff training.' },
      isRead: false,
      hoursAgo: 1,
    },
  ];
}

/** Notifications of every type, read and unread, for each active demo user (issue 12). */
export async function seedDemoNotifications(tx: Queryable, now = new Date()): Promise<void> {
  const people = await tx.select({ key: users.publicKey }).from(users).where(eq(users.status, 'active'));
  const [classroom] = await tx.select({ name: classrooms.classroomName }).from(classrooms).limit(1);
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const period = lastMonth.toISOString().slice(0, 7);
  const drafts = demoNotificationsFor(classroom?.name ?? 'IELTS Speaking', period);
  const rows = people.flatMap(({ key }) =>
    drafts.map((d) => ({
      userKey: key,
      messageType: d.messageType,
      messageKey: d.key,
      params: d.params,
      searchText: languages.map((language) => renderNotification(language, d.key, d.params)).join('\n'),
      isRead: d.isRead,
      readAt: d.isRead ? now : null,
      createMoment: new Date(now.getTime() - d.hoursAgo * 3_600_000),
    })),
  );
  if (rows.length) await tx.insert(notifications).values(rows);
}
