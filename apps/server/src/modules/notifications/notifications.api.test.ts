import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, formatMessage } from '@tutoria/shared';
import { tableCounts } from '../../../test/factories.ts';
import { buildNotification, notificationsOf } from '../../../test/notification-factories.ts';
import {
  buildClassroom,
  centre,
  type Centre,
  expectRefused,
  monday,
  person,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const c = contract.notifications;
let t: TestApp;
let people: Centre;

beforeAll(async () => {
  t = await createTestApp();
  people = await centre(t);
});
afterAll(() => t.close());

const page = (where: unknown[] = [], size = 50) => ({ page: { index: 1, size }, where, order: [] }) as never;

describe('teacher_notifications: one’s own', () => {
  it('lists only the caller’s notifications, newest first, in the reader’s language', async () => {
    const me = await person(t, 'Teacher');
    const other = await person(t, 'Teacher');
    const first = await buildNotification(t.db, me.publicKey, {
      key: 'class.created',
      params: { classroom: 'Physics 2' },
      createMoment: new Date(Date.now() - 60_000),
    });
    const second = await buildNotification(t.db, me.publicKey, { isRead: true });
    await buildNotification(t.db, other.publicKey);

    const en = await t.call(c.ownList, { body: page() }, { token: me.token });
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json().totalCount).toBe(2);
    expect(en.json().data.map((n: { messageId: string }) => n.messageId)).toEqual([
      second.notificationId,
      first.notificationId,
    ]);
    expect(en.json().data[1]).toMatchObject({
      message: 'New class Physics 2 was set up for you.',
      messageType: 'Classroom',
      isRead: false,
      userPublicKey: me.publicKey,
    });
    const zh = await t.call(c.ownList, { body: page() }, { token: me.token, language: 'zh' });
    expect(zh.json().data[1].message).toBe('已为您开设新班级 Physics 2。');
  });

  it('filters by text (in either language) and by read state', async () => {
    const me = await person(t, 'Student');
    await buildNotification(t.db, me.publicKey, { isRead: true });
    const unread = await buildNotification(t.db, me.publicKey);
    const isRead = await t.call(
      c.ownList,
      { body: page([[{ column: 'isRead', comparison: 'Equal', operand: false }]]) },
      { token: me.token },
    );
    expect(isRead.json().data.map((n: { messageId: string }) => n.messageId)).toEqual([
      unread.notificationId,
    ]);
    const chinese = await t.call(
      c.ownList,
      { body: page([[{ column: 'message', comparison: 'Contains', operand: '变更' }]]) },
      { token: me.token },
    );
    expect(chinese.json().totalCount).toBe(2);
    const none = await t.call(
      c.ownList,
      { body: page([[{ column: 'message', comparison: 'Contains', operand: 'nothing like it' }]]) },
      { token: me.token },
    );
    expect(none.json()).toEqual({ data: [], totalCount: 0 });
  });

  it('pages in a stable order with equal times, and every page carries the same total', async () => {
    const me = await person(t, 'Teacher');
    const moment = new Date(Date.now() - 3_600_000);
    for (const isRead of [false, true, false, true, true])
      await buildNotification(t.db, me.publicKey, { isRead, createMoment: moment });
    const call = async (index: number, where: unknown[] = []) =>
      (
        await t.call(
          c.ownList,
          { body: { page: { index, size: 2 }, where, order: [] } as never },
          { token: me.token },
        )
      ).json() as { data: { messageId: string; isRead: boolean }[]; totalCount: number };
    const ids = (rows: { messageId: string }[]) => rows.map((n) => n.messageId);

    const all = (await t.call(c.ownList, { body: page() }, { token: me.token })).json();
    expect(ids(all.data)).toEqual([...ids(all.data)].sort().reverse()); // equal times: newest id first
    const pages = [await call(1), await call(2), await call(3)];
    expect(pages.map((p) => p.totalCount)).toEqual([5, 5, 5]);
    expect(pages.flatMap((p) => ids(p.data))).toEqual(ids(all.data));
    expect(await call(4)).toEqual({ data: [], totalCount: 5 });

    const unread = [[{ column: 'isRead', comparison: 'Equal', operand: false }]];
    const [first, last] = [await call(1, unread), await call(2, unread)];
    expect([first.totalCount, first.data.length, last.totalCount, last.data.length]).toEqual([2, 2, 2, 0]);
    expect(first.data.every((n) => !n.isRead)).toBe(true);
    const read = [[{ column: 'isRead', comparison: 'Equal', operand: true }]];
    expect((await call(2, read)).totalCount).toBe(3);
    expect((await call(2, read)).data).toHaveLength(1);
  });

  it('the Admin’s own list is their own too; a filter by user is refused there', async () => {
    const res = await t.call(c.ownList, { body: page() }, { token: people.admin.token });
    expect(
      res.json().data.every((n: { userPublicKey: string }) => n.userPublicKey === people.admin.publicKey),
    ).toBe(true);
    const byUser = await t.call(
      c.ownList,
      { body: page([[{ column: 'userPublicKey', comparison: 'Equal', operand: people.teacher.publicKey }]]) },
      { token: people.teacher.token },
    );
    expectRefused(byUser, 'INVALID_QUERY');
  });
});

describe('admin_notifications: everyone’s, for the Admin', () => {
  it('lists everyone’s and filters by user', async () => {
    const a = await person(t, 'Student');
    const b = await person(t, 'Teacher');
    await buildNotification(t.db, a.publicKey);
    const ofB = await buildNotification(t.db, b.publicKey);
    const all = await t.call(c.adminList, { body: page([], 1000) }, { token: people.admin.token });
    const keys = new Set(all.json().data.map((n: { userPublicKey: string }) => n.userPublicKey));
    expect(keys.has(a.publicKey) && keys.has(b.publicKey)).toBe(true);
    const filtered = await t.call(
      c.adminList,
      { body: page([[{ column: 'userPublicKey', comparison: 'Equal', operand: b.publicKey }]]) },
      { token: people.admin.token },
    );
    expect(filtered.json()).toMatchObject({
      totalCount: 1,
      data: [{ messageId: ofB.notificationId, fullName: expect.any(String) }],
    });
    // A filter on the recipient's name: its count joins the names too.
    const byName = await t.call(
      c.adminList,
      { body: page([[{ column: 'fullName', comparison: 'Equal', operand: b.fullName }]], 1) },
      { token: people.admin.token },
    );
    expect(byName.json()).toMatchObject({ totalCount: 1, data: [{ messageId: ofB.notificationId }] });
  });

  it('is refused to everyone else', async () => {
    for (const who of [people.leader, people.teacher, people.student, people.scheduler]) {
      expectRefused(await t.call(c.adminList, { body: page() }, { token: who.token }), 'ACCESS_DENIED');
    }
  });
});

describe('read_message', () => {
  it('marks some read, counts unread from the index, and is idempotent', async () => {
    const me = await person(t, 'Teacher');
    const a = await buildNotification(t.db, me.publicKey);
    const b = await buildNotification(t.db, me.publicKey);
    await buildNotification(t.db, me.publicKey);
    expect((await t.call(c.unreadCount, {}, { token: me.token })).json()).toEqual({ unreadCount: 3 });
    const body = { messageIds: [a.notificationId, b.notificationId], publicKey: me.publicKey };
    const first = await t.call(c.read, { body }, { token: me.token });
    expect(first.json()).toEqual({
      isSuccess: true,
      message: formatMessage('en', 'notificationsRead'),
      updated: 2,
      unreadCount: 1,
    });
    const again = await t.call(c.read, { body }, { token: me.token, path: 'read_message' });
    expect(again.json()).toMatchObject({ updated: 0, unreadCount: 1 });
    const rows = await notificationsOf(t.db, me.publicKey);
    expect(rows.map((r) => r.isRead)).toEqual([true, true, false]);
    expect(rows[0]!.readAt).toBeInstanceOf(Date);
    const all = await t.call(c.read, { body: { publicKey: me.publicKey, all: true } }, { token: me.token });
    expect(all.json()).toMatchObject({ updated: 1, unreadCount: 0 });
    expect((await notificationsOf(t.db, me.publicKey)).every((r) => r.isRead)).toBe(true);
  });

  it('never touches another user’s notifications, and says nothing about them', async () => {
    const me = await person(t, 'Student');
    const other = await person(t, 'Student');
    const mine = await buildNotification(t.db, me.publicKey);
    const theirs = await buildNotification(t.db, other.publicKey);
    const before = await tableCounts(t.db);
    expectRefused(
      await t.call(
        c.read,
        { body: { messageIds: [mine.notificationId, theirs.notificationId], publicKey: me.publicKey } },
        { token: me.token },
      ),
      'FETCH_DATA_FAILED',
    );
    expectRefused(
      await t.call(
        c.read,
        { body: { messageIds: [theirs.notificationId], publicKey: other.publicKey } },
        { token: me.token },
      ),
      'FETCH_DATA_FAILED',
    );
    // Not even the Admin marks someone else's read: it is the reader's own state.
    expectRefused(
      await t.call(
        c.read,
        { body: { publicKey: other.publicKey, all: true } },
        { token: people.admin.token },
      ),
      'FETCH_DATA_FAILED',
    );
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await notificationsOf(t.db, me.publicKey))[0]!.isRead).toBe(false);
    expect((await notificationsOf(t.db, other.publicKey))[0]!.isRead).toBe(false);
  });

  it('refuses a call that names nothing, with the text in the caller’s language', async () => {
    const me = await person(t, 'Teacher');
    const res = await t.call(
      c.read,
      { body: { messageIds: [], publicKey: me.publicKey } },
      { token: me.token, language: 'zh' },
    );
    expectRefused(res, 'FAILED_VALIDATION');
    expect(res.json().details).toEqual([{ field: 'messageIds', message: '请选择通知' }]);
    expectRefused(
      await t.call(
        c.read,
        { body: { messageIds: ['not-a-uuid'], publicKey: me.publicKey } },
        { token: me.token },
      ),
      'FAILED_VALIDATION',
    );
  });
});

describe('createNotification', () => {
  it('sends to chosen users, rendered for each in their own language on read', async () => {
    const a = await person(t, 'Student');
    const b = await person(t, 'Teacher');
    const res = await t.call(
      c.create,
      {
        body: {
          message: '  The centre is closed on Friday.  ',
          userPublicKeys: [a.publicKey, b.publicKey, a.publicKey],
        },
      },
      { token: people.leader.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ isSuccess: true, message: 'Notification sent to 2 user(s).', count: 2 });
    const [row] = await notificationsOf(t.db, a.publicKey);
    expect(row).toMatchObject({
      messageType: 'General',
      messageKey: 'staff.message',
      params: { text: 'The centre is closed on Friday.' },
      createdBy: people.leader.publicKey,
    });
    const zh = await t.call(c.ownList, { body: page() }, { token: b.token, language: 'zh' });
    expect(zh.json().data[0].message).toBe('The centre is closed on Friday.');
  });

  it('sends to every active user of a role', async () => {
    const role = 'AssistantTeacher';
    const extra = await person(t, role);
    const res = await t.call(
      c.create,
      { body: { message: 'Staff meeting at 5', messageType: 'Classroom', role } },
      { token: people.admin.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBeGreaterThanOrEqual(2);
    expect(await notificationsOf(t.db, extra.publicKey)).toHaveLength(1);
    expect(await notificationsOf(t.db, people.teacher.publicKey)).toHaveLength(0);
  });

  it('sends to a class’s teacher, assistant and students', async () => {
    const start = monday(2) + 10 * 3600;
    const built = await buildClassroom(t, { times: [{ start, end: start + 3600 }], assistant: true });
    const res = await t.call(
      c.create,
      { body: { message: 'Bring a calculator', classroomId: built.classroomId } },
      { token: people.scheduler.token },
    );
    expect(res.json().count).toBe(4);
    for (const who of [built.teacher, built.assistant!, ...built.students])
      expect(await notificationsOf(t.db, who.publicKey)).toHaveLength(1);
  });

  it('refuses bad input and writes nothing', async () => {
    const someone = await person(t, 'Student');
    const before = await tableCounts(t.db);
    const cases = [
      { message: '', userPublicKeys: [someone.publicKey] },
      { message: 'x'.repeat(1001), userPublicKeys: [someone.publicKey] },
      { message: 'two kinds', userPublicKeys: [someone.publicKey], role: 'Teacher' },
      { message: 'no one' },
      { message: 'bad type', role: 'Teacher', messageType: 'Gossip' },
      { message: 'bad\u0000text', role: 'Teacher' },
      { message: 'unknown user', userPublicKeys: ['6b1f3b1e-0000-4000-8000-000000000000'] },
    ];
    for (const body of cases) {
      expectRefused(
        await t.call(c.create, { body: body as never }, { token: people.admin.token }),
        'FAILED_VALIDATION',
      );
    }
    const recipients = await t.call(
      c.create,
      { body: { message: 'x', role: 'Teacher', messageType: 'General' } },
      { token: people.admin.token, language: 'zh' },
    );
    expect(recipients.statusCode).toBe(200);
    const chooseOne = await t.call(
      c.create,
      { body: { message: 'x' } },
      { token: people.admin.token, language: 'zh' },
    );
    expect(chooseOne.json().details).toEqual([
      { field: 'userPublicKeys', message: '请选择接收人：用户、角色或班级（三选一）。' },
    ]);
    expectRefused(
      await t.call(
        c.create,
        { body: { message: 'x', classroomId: '6b1f3b1e-0000-4000-8000-000000000000' } },
        { token: people.admin.token },
      ),
      'FETCH_DATA_FAILED',
    );
    const after = await tableCounts(t.db);
    expect(after.notifications! - before.notifications!).toBe(recipients.json().count);
  });

  it('is refused to roles without the permission', async () => {
    for (const who of [people.teacher, people.student, people.consultant]) {
      expectRefused(
        await t.call(c.create, { body: { message: 'x', role: 'Student' } }, { token: who.token }),
        'ACCESS_DENIED',
      );
    }
  });
});
