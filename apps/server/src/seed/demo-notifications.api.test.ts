import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, messageTypes } from '@tutoria/shared';
import { sessionFor } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../db/schema/index.ts';
import { seedDemoIfEmpty } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db);
});
afterAll(() => t.close());

describe('the notifications demo', () => {
  it('gives each demo login notifications of every type, read and unread, readable in both languages', async () => {
    for (const userName of ['admin', 'scheduler', 'teacher', 'student']) {
      const [row] = await t.db
        .select()
        .from(users)
        .where(sql`${users.userName} = ${userName}`);
      const token = await sessionFor(t.db, row!);
      const res = await t.call(
        contract.notifications.ownList,
        { body: { page: { index: 1, size: 50 }, where: [], order: [] } },
        { token, language: 'zh' },
      );
      const data = res.json().data as { messageType: string; isRead: boolean; message: string }[];
      for (const type of messageTypes) {
        expect(data.some((n) => n.messageType === type && n.isRead)).toBe(true);
        expect(data.some((n) => n.messageType === type && !n.isRead)).toBe(true);
      }
      expect(data.every((n) => !n.message.includes('{'))).toBe(true);
      expect((await t.call(contract.notifications.unreadCount, {}, { token })).json().unreadCount).toBe(5);
    }
  });
});
