import { type Endpoint, contract, type Language, messages } from '@tutoria/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSmtpStub,
  startWebhookStub,
  type SmtpStub,
  type WebhookStub,
} from '../../server/test/channel-stubs';
import notificationsEn from '../src/locales/en/notifications.json';
import notificationsZh from '../src/locales/zh/notifications.json';
import settingsEn from '../src/locales/en/settings.json';
import { DEMO_PASSWORD, screenshot, signedHeaders, signIn, startStack, type Stack } from './harness';

/**
 * Notification channels end to end (issue 12): a user turns e-mail on for a type on the
 * "My channels" tab and the next notification of that type reaches a local SMTP stub in the
 * language they saved it in (English, then a student in Chinese); the Admin tests and saves the
 * centre's group-chat webhook.
 */
let stack: Stack;
let smtp: SmtpStub;
let hook: WebhookStub;
beforeAll(async () => {
  smtp = await startSmtpStub();
  hook = await startWebhookStub();
  stack = await startStack({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Tutoria <noreply@tutoria.example>' } });
});
afterAll(async () => {
  await stack?.stop();
  await smtp?.close();
  await hook?.close();
});

const WAIT = { timeout: 15_000 };
const texts = { en: notificationsEn, zh: notificationsZh };

async function call<E extends Endpoint>(endpoint: E, token: string | null, body?: unknown) {
  const response = await fetch(`${stack.baseUrl}/api/v1/${endpoint.path}`, {
    method: endpoint.method,
    headers: {
      ...(await signedHeaders(stack.baseUrl)),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${endpoint.name}: ${response.status} ${JSON.stringify(json)}`);
  return json as never;
}

async function tokenOf(userName: string): Promise<string> {
  const tokens: { access_token: string } = await call(contract.auth.login, null, {
    userName,
    password: DEMO_PASSWORD,
  });
  return tokens.access_token;
}

const journeys: { language: Language; userName: string; address: string; path: string; footer: string }[] = [
  {
    language: 'en',
    userName: 'teacher',
    address: 'teacher@tutoria.example',
    path: '/admin/panel/notifications',
    footer: 'You chose to receive these notifications by e-mail',
  },
  {
    language: 'zh',
    userName: 'student',
    address: 'student@tutoria.example',
    path: '/panel/notifications',
    footer: '您选择了通过邮件接收这些通知',
  },
];

describe('notification channels', () => {
  it.each(journeys)(
    '$language: $userName turns e-mail on for General and gets the next one by e-mail',
    async ({ language, userName, address, path, footer }) => {
      const t = texts[language];
      const page = await stack.newPage(language === 'zh' ? { locale: 'zh-CN' } : {});
      await page.addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
      await signIn(page, userName);
      await page.waitForURL(/\/(admin\/)?panel/, WAIT);
      await page.goto(path);
      await page.getByRole('tab', { name: t.tabs.channels }).click();
      await page.getByText(t.channels.emailTo.replace('{{address}}', address)).waitFor(WAIT);
      const general = page.getByRole('checkbox', {
        name: t.channels.emailOf.replace('{{type}}', t.types.General),
      });
      await general.check();
      await page.getByRole('button', { name: t.channels.save }).click();
      await page.getByText(messages[language].channelChoicesSaved).first().waitFor(WAIT);
      expect(new URL(page.url()).searchParams.get('tab')).toBe('channels');
      await screenshot(page, `notification-channels-${language}`);

      // The admin writes to this user; the notification goes out by e-mail after commit.
      const admin = await tokenOf('admin');
      const me: { publicKey: string } = await call(contract.auth.getUser, await tokenOf(userName));
      const text = `Centre closed on Friday (${language})`;
      await call(contract.notifications.create, admin, {
        message: text,
        messageType: 'General',
        userPublicKeys: [me.publicKey],
      });
      await expect
        .poll(() => smtp.mails.find((m) => m.to.includes(address) && m.text.includes(text)), WAIT)
        .toBeTruthy();
      const mail = smtp.mails.find((m) => m.to.includes(address) && m.text.includes(text))!;
      expect(mail.text).toContain(footer);

      // Still chosen after a reload.
      await page.reload();
      await expect.poll(() => general.isChecked(), WAIT).toBe(true);
      await page.context().close();
    },
  );

  it('the Admin tests and saves the centre’s group-chat webhook, and sees the failed deliveries tab', async () => {
    const t = notificationsEn;
    const page = await stack.newPage();
    await signIn(page, 'admin');
    await page.waitForURL(/\/admin\/panel/, WAIT);
    await page.goto('/admin/panel/notifications?tab=webhook');
    await page.getByText(t.webhook.smtpOn).waitFor(WAIT);
    await page.getByLabel(t.webhook.url).fill('ftp://chat.example/hook');
    await page.getByRole('button', { name: t.webhook.save }).click();
    await page.getByText(messages.en.url).first().waitFor(WAIT);
    await page.getByLabel(t.webhook.url).fill(hook.url);
    await page.getByRole('button', { name: t.webhook.test }).click();
    await page.getByText(messages.en.webhookTestSent).first().waitFor(WAIT);
    expect(hook.posts).toEqual([{ text: 'Tutoria: a test message from the notification settings.' }]);
    await page.getByRole('button', { name: t.webhook.save }).click();
    await page.getByText(messages.en.webhookSaved).first().waitFor(WAIT);
    await screenshot(page, 'notification-webhook-en');
    // Failed deliveries are listed with every failed background job on the settings page (issue 33).
    await page.getByRole('tab', { name: t.tabs.failures }).click();
    await page.getByText(t.failures.intro).waitFor(WAIT);
    await screenshot(page, 'notification-failures-en');
    await page.getByRole('link', { name: t.failures.open }).click();
    await page.waitForURL(/\/admin\/panel\/settings\?kind=notification\.deliver/, WAIT);
    await page.getByText(settingsEn.failedJobs.empty).waitFor(WAIT);
    await page.context().close();
  });
});
