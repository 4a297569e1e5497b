import { eq, sql } from 'drizzle-orm';
import type { MessageType, NotificationKey } from '@tutoria/shared';
import type { Db } from '../src/db/client.ts';
import { notifications } from '../src/db/schema/index.ts';

/** A notification straight in the database (read or not), as the notifications module would store it. */
export async function buildNotification(
  db: Db,
  userKey: string,
  overrides: {
    key?: NotificationKey;
    params?: Record<string, string | number>;
    messageType?: MessageType;
    isRead?: boolean;
    createMoment?: Date;
  } = {},
) {
  const [row] = await db
    .insert(notifications)
    .values({
      userKey,
      messageType: overrides.messageType ?? 'Classroom',
      messageKey: overrides.key ?? 'class.edited',
      params: overrides.params ?? { classroom: 'Algebra 1' },
      searchText: 'Class Algebra 1 was changed.\n班级 Algebra 1 有变更。',
      isRead: overrides.isRead ?? false,
      ...(overrides.createMoment ? { createMoment: overrides.createMoment } : {}),
    })
    .returning();
  return row!;
}

/** Every notification of a user, oldest first. */
export function notificationsOf(db: Db, userKey: string) {
  return db.select().from(notifications).where(eq(notifications.userKey, userKey)).orderBy(notifications.seq);
}

export async function notificationCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications);
  return row!.n;
}
