import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Language } from '@tutoria/shared';
import { jobs, notificationDeliveries, notifications } from '../../../db/schema/index.ts';
import { transactionRunner } from '../../../db/transaction.ts';
import {
  startSmtpStub,
  startWebhookStub,
  type SmtpStub,
  type WebhookStub,
} from '../../../../test/channel-stubs.ts';
import { buildUser, sessionFor } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { createNotificationsService } from '../notifications.service.ts';
import { createChannelsService, DELIVERY_ATTEMPTS } from './channels.service.ts';

const c = contract.notificationChannels;
let t: TestApp;
let smtp: SmtpStub;
let hook: WebhookStub;
let admin: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  smtp = await startSmtpStub();
  hook = await startWebhookStub();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Tutoria <noreply@tutoria.test>' });
  admin = await member('Admin');
  const saved = await t.call(
    c.saveWebhook,
    { body: { webhookUrl: hook.url, webhookStyle: 'slack' } },
    { token: admin.token },
  );
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await hook.close();
});

let seq = 0;
async function member(role: 'Admin' | 'Teacher' | 'Student', withEmail = true) {
  seq += 1;
  const fullName = `${role} ${seq}`;
  const email = withEmail ? `${role.toLowerCase()}${seq}-${Date.now()}@example.test` : null;
  const user = await buildUser(t.db, { role, fullName, emailAddress: email });
  return { ...user, fullName, email, token: await sessionFor(t.db, user) };
}

async function choose(
  who: { token: string },
  choices: { messageType: 'General' | 'Classroom'; email: boolean; webhook: boolean }[],
  language: Language = 'en',
) {
  const saved = await t.call(c.saveChoices, { body: { choices } }, { token: who.token, language });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function notify(recipients: { publicKey: string }[], message: string, messageType = 'General') {
  const sent = await t.call(
    contract.notifications.create,
    { body: { message, messageType, userPublicKeys: recipients.map((r) => r.publicKey) } as never },
    { token: admin.token },
  );
  expect(sent.statusCode, sent.body).toBe(200);
}

/** Makes every waiting delivery job due now (skipping its back-off) and runs them. */
/** Brings the pending deliveries forward (only those: other areas' recurring jobs keep their time) and runs them. */
async function runDueDeliveries() {
  await t.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(eq(jobs.state, 'pending'), eq(jobs.kind, 'notification.deliver')));
  return t.jobs.drain();
}

const failuresPage = { page: { index: 1, size: 50 }, where: [], order: [] } as never;
const deliveriesOf = (userKey: string) =>
  t.db
    .select({
      channel: notificationDeliveries.channel,
      state: notificationDeliveries.state,
      attempts: notificationDeliveries.attempts,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.notificationId, notificationDeliveries.notificationId))
    .where(eq(notifications.userKey, userKey));

describe('choices', () => {
  it('are off for every messageType until chosen, then kept per user', async () => {
    const me = await member('Teacher');
    const before = await t.call(c.choices, {}, { token: me.token });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().available).toEqual({ email: true, webhook: true });
    expect(before.json().emailAddress).toBe(me.email);
    expect(
      before.json().choices.every((x: { email: boolean; webhook: boolean }) => !x.email && !x.webhook),
    ).toBe(true);
    await choose(me, [{ messageType: 'Classroom', email: true, webhook: false }]);
    const after = await t.call(c.choices, {}, { token: me.token });
    expect(after.json().choices).toContainEqual({ messageType: 'Classroom', email: true, webhook: false });
    expect(after.json().choices).toContainEqual({ messageType: 'General', email: false, webhook: false });
  });

  it('refuses e-mail for a user without an e-mail address, and a repeated messageType', async () => {
    const me = await member('Student', false);
    const refused = await t.call(
      c.saveChoices,
      { body: { choices: [{ messageType: 'General', email: true, webhook: false }] } },
      { token: me.token, language: 'zh' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].message).toContain('邮箱');
    const twice = await t.call(
      c.saveChoices,
      {
        body: {
          choices: [
            { messageType: 'General', email: false, webhook: true },
            { messageType: 'General', email: false, webhook: false },
          ],
        },
      },
      { token: me.token },
    );
    expect(twice.statusCode).toBe(400);
  });
});

describe('delivery after commit', () => {
  it('e-mails each recipient who chose it, in the language they chose it in; others get in-app only', async () => {
    const zh = await member('Student');
    const en = await member('Student');
    const inAppOnly = await member('Student');
    await choose(zh, [{ messageType: 'General', email: true, webhook: false }], 'zh');
    await choose(en, [{ messageType: 'General', email: true, webhook: false }], 'en');
    await choose(inAppOnly, [{ messageType: 'Classroom', email: true, webhook: true }]);
    const mailsBefore = smtp.mails.length;

    await notify([zh, en, inAppOnly], 'Holiday on Friday 周五放假');
    // Queued with the notification; nothing is sent until a worker runs the jobs.
    expect(smtp.mails.length).toBe(mailsBefore);
    expect(await deliveriesOf(inAppOnly.publicKey)).toEqual([]);
    await t.jobs.drain();

    const mails = smtp.mails.slice(mailsBefore);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([zh.email, en.email].sort());
    const zhMail = mails.find((m) => m.to[0] === zh.email)!;
    expect(zhMail.text).toContain('Holiday on Friday 周五放假');
    expect(zhMail.text).toContain('您选择了通过邮件接收这些通知');
    expect(zhMail.headers).toMatch(/Content-Language: zh/i);
    const enMail = mails.find((m) => m.to[0] === en.email)!;
    expect(enMail.text).toContain('You chose to receive these notifications by e-mail');
    expect(enMail.from).toBe('noreply@tutoria.test');
    expect(await deliveriesOf(zh.publicKey)).toEqual([{ channel: 'email', state: 'sent', attempts: 1 }]);
  });

  it('a server-made notification speaks the recipient’s language too (rendered from its key)', async () => {
    const zh = await member('Teacher');
    await choose(zh, [{ messageType: 'Classroom', email: false, webhook: true }], 'zh');
    const postsBefore = hook.posts.length;
    const mailsBefore = smtp.mails.length;
    await transactionalStore(async (store) => {
      await store([zh.publicKey], {
        messageType: 'Classroom',
        key: 'class.created',
        params: { classroom: 'Physics 2' },
      });
    });
    await t.jobs.drain();
    expect(smtp.mails.length).toBe(mailsBefore);
    expect(hook.posts.slice(postsBefore)).toEqual([
      { text: `[Tutoria] ${zh.fullName}：已为您开设新班级 Physics 2。` },
    ]);
  });

  it('a rolled-back change sends nothing and queues nothing', async () => {
    const me = await member('Student');
    await choose(me, [{ messageType: 'General', email: true, webhook: true }]);
    const mailsBefore = smtp.mails.length;
    const postsBefore = hook.posts.length;
    await transactionalStore(async (store) => {
      await store([me.publicKey], {
        messageType: 'General',
        key: 'staff.message',
        params: { text: 'never' },
      });
      throw new Error('rolled back');
    }).catch(() => undefined);
    await runDueDeliveries();
    expect(smtp.mails.length).toBe(mailsBefore);
    expect(hook.posts.length).toBe(postsBefore);
    expect(await deliveriesOf(me.publicKey)).toEqual([]);
  });
});

describe('a failing channel', () => {
  it('never loses the in-app notification; retries with back-off, then shows as failed to an Admin only', async () => {
    const me = await member('Student');
    await choose(me, [{ messageType: 'General', email: true, webhook: true }]);
    smtp.mode = 'refuse';
    hook.status = 500;
    try {
      await notify([me], 'Exam moved to Monday');
      // The in-app notification is there at once, whatever the channels do.
      const unread = await t.call(contract.notifications.unreadCount, {}, { token: me.token });
      expect(unread.json().unreadCount).toBe(1);

      expect(await t.jobs.drain()).toBe(2);
      expect((await deliveriesOf(me.publicKey)).sort((a, b) => a.channel.localeCompare(b.channel))).toEqual([
        { channel: 'email', state: 'retrying', attempts: 1 },
        { channel: 'webhook', state: 'retrying', attempts: 1 },
      ]);
      // Backed off: not due again yet.
      expect(await t.jobs.drain()).toBe(0);
      // Only the deliveries: the reminders' recurring job is pending too, due at its own minute.
      const waiting = await t.db
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.state, 'pending'), eq(jobs.kind, 'notification.deliver')));
      expect(waiting).toHaveLength(2);
      for (const job of waiting) expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

      for (let attempt = 2; attempt <= DELIVERY_ATTEMPTS; attempt += 1)
        expect(await runDueDeliveries()).toBe(2);
      expect(await runDueDeliveries()).toBe(0);
      expect(await deliveriesOf(me.publicKey)).toEqual(
        expect.arrayContaining([
          { channel: 'email', state: 'failed', attempts: DELIVERY_ATTEMPTS },
          { channel: 'webhook', state: 'failed', attempts: DELIVERY_ATTEMPTS },
        ]),
      );
      const own = await t.call(contract.notifications.ownList, { body: failuresPage }, { token: me.token });
      expect(own.json().data.map((n: { message: string }) => n.message)).toEqual(['Exam moved to Monday']);

      const list = await t.call(c.failures, { body: failuresPage }, { token: admin.token });
      expect(list.statusCode, list.body).toBe(200);
      const mine = list
        .json()
        .data.filter((d: { userPublicKey: string }) => d.userPublicKey === me.publicKey);
      expect(mine).toHaveLength(2);
      expect(mine).toContainEqual(
        expect.objectContaining({
          fullName: me.fullName,
          channel: 'webhook',
          messageType: 'General',
          state: 'failed',
          attempts: DELIVERY_ATTEMPTS,
          lastError: 'webhook answered HTTP 500',
        }),
      );
      expect(mine.find((d: { channel: string }) => d.channel === 'email').lastError).toMatch(
        /421|try again/i,
      );
    } finally {
      smtp.mode = 'accept';
      hook.status = 200;
    }
  });

  it('the failures list and the webhook settings are the Admin’s only', async () => {
    const teacher = await member('Teacher');
    for (const [entry, input] of [
      [c.failures, { body: failuresPage }],
      [c.webhook, {}],
      [c.saveWebhook, { body: { webhookUrl: '', webhookStyle: 'slack' } }],
      [c.testWebhook, { body: { webhookUrl: hook.url, webhookStyle: 'slack' } }],
    ] as const) {
      const refused = await t.call(entry, input as never, { token: teacher.token });
      expect(refused.statusCode, entry.name).toBe(403);
    }
  });
});

describe('the centre’s webhook', () => {
  it('keeps the url rule (SPEC §5) and sends a test on demand, saying why one fails', async () => {
    const bad = await t.call(
      c.saveWebhook,
      { body: { webhookUrl: 'ftp://chat.example/hook', webhookStyle: 'slack' } },
      { token: admin.token, language: 'zh' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({
      field: 'webhookUrl',
      message: expect.stringContaining('http://'),
    });
    const got = await t.call(c.webhook, {}, { token: admin.token });
    expect(got.json()).toEqual({ webhookUrl: hook.url, webhookStyle: 'slack', smtpEnabled: true });

    const postsBefore = hook.posts.length;
    const tested = await t.call(
      c.testWebhook,
      { body: { webhookUrl: hook.url, webhookStyle: 'wecom' } },
      { token: admin.token },
    );
    expect(tested.statusCode, tested.body).toBe(200);
    expect(hook.posts.slice(postsBefore)).toEqual([
      { msgtype: 'text', text: { content: 'Tutoria: a test message from the notification settings.' } },
    ]);
    hook.status = 500;
    try {
      const failed = await t.call(
        c.testWebhook,
        { body: { webhookUrl: hook.url, webhookStyle: 'slack' } },
        { token: admin.token },
      );
      expect(failed.statusCode).toBe(503);
      expect(failed.json().message).toContain('HTTP 500');
    } finally {
      hook.status = 200;
    }
  });
});

/** The notifications service on the test app's database and queue, to store inside a transaction of the test's own. */
function transactionalStore(
  work: (
    store: (
      recipients: string[],
      draft: Parameters<ReturnType<typeof createNotificationsService>['store']>[2],
    ) => Promise<unknown>,
  ) => Promise<void>,
) {
  const ctx = {
    db: t.db,
    config: t.config,
    store: t.store,
    events: t.events,
    jobs: t.jobs,
    transaction: transactionRunner(t.db, () => t.jobs.afterCommit()),
    log: t.app.log,
  };
  const service = createNotificationsService(ctx, { channels: createChannelsService(ctx) });
  return t.db.transaction((tx) => work((recipients, draft) => service.store(tx, recipients, draft)));
}
