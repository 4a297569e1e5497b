import { type Endpoint, contract, messages, renderNotification } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import notificationsEn from '../src/locales/en/notifications.json';
import notificationsZh from '../src/locales/zh/notifications.json';
import { DEMO_PASSWORD, screenshot, signedHeaders, signIn, startStack, type Stack } from './harness';

/**
 * Notifications end to end (issue 12): a teacher's open page hears live of a session the
 * scheduler moves (toast and bell, no reload) and marks all read; a student, in Chinese, hears of
 * a message the admin sends and marks all read.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const WAIT = { timeout: 15_000 };
/** A live notification must reach an open page within 2 s of the change (plus the browser's paint). */
const LIVE = { timeout: 4_000 };

/** A signed API call with a token, as another person's browser would make it. */
async function call<E extends Endpoint>(
  endpoint: E,
  token: string | null,
  input: { body?: unknown; query?: Record<string, string> } = {},
) {
  const search = input.query ? `?${new URLSearchParams(input.query)}` : '';
  const response = await fetch(`${stack.baseUrl}/api/v1/${endpoint.path}${search}`, {
    method: endpoint.method,
    headers: {
      ...(await signedHeaders(stack.baseUrl)),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(input.body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: input.body ? JSON.stringify(input.body) : undefined,
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${endpoint.name}: ${response.status} ${JSON.stringify(json)}`);
  return json as never;
}

async function tokenOf(userName: string): Promise<string> {
  const tokens: { access_token: string } = await call(contract.auth.login, null, {
    body: { userName, password: DEMO_PASSWORD },
  });
  return tokens.access_token;
}

const bellCount = (page: Page) => page.getByTestId('notification-count');

describe('live notifications', () => {
  it('a scheduler moves a session: the teacher’s open page shows the toast and the bell count without reloading; mark all read', async () => {
    const page = await stack.newPage();
    await signIn(page, 'teacher');
    await page.waitForURL(/\/admin\/panel/, WAIT);
    await page.goto('/admin/panel/notifications');
    await page.getByRole('heading', { name: notificationsEn.page.title }).waitFor(WAIT);
    await expect.poll(() => bellCount(page).textContent(), WAIT).toBe('5');
    await screenshot(page, 'notifications-teacher-en');

    // The scheduler moves one of the teacher's coming sessions to a new time in the teacher's timetable.
    const scheduler = await tokenOf('scheduler');
    const teacherToken = await tokenOf('teacher');
    const me: { publicKey: string } = await call(contract.auth.getUser, teacherToken);
    const classes: { data: { classroomId: string; classroomName: string }[] } = await call(
      contract.classes.listOfTeacher,
      teacherToken,
      {
        body: { page: { index: 1, size: 50 }, where: [], order: [] },
      },
    );
    const now = Date.now() / 1000;
    let moving: { sessionId: string; classroomName: string } | undefined;
    for (const c of classes.data) {
      const details: { times: { sessionId: string; start: number; state: string }[] } = await call(
        contract.classes.get,
        teacherToken,
        {
          query: { classroomId: c.classroomId },
        },
      );
      const next = details.times.find((s) => s.start > now + 86_400 && s.state === 'waitingforclass');
      if (next) {
        moving = { sessionId: next.sessionId, classroomName: c.classroomName };
        break;
      }
    }
    expect(moving).toBeDefined();
    const day = Math.floor(now / 86_400) * 86_400 + 70 * 86_400 + 5 * 3600; // 05:00 UTC, ten weeks on: free
    const added: { availableTimes: { availableTimeId: string }[] } = await call(
      contract.timetable.addAvailableTimes,
      scheduler,
      {
        body: { teacherPublicKey: me.publicKey, times: [{ start: day, end: day + 2 * 3600 }] },
      },
    );
    // The new slot in the teacher's timetable is a notification of its own: wait for it first.
    await page.locator('.live-notification').first().waitFor(LIVE);
    await expect.poll(() => bellCount(page).textContent(), LIVE).toBe('6');
    const movedAt = Date.now();
    await call(contract.classes.editTimeDetail, scheduler, {
      body: {
        sessionId: moving!.sessionId,
        start: day + 1800,
        end: day + 1800 + 3600,
        availableTimeId: added.availableTimes[0]!.availableTimeId,
      },
    });
    const text = renderNotification('en', 'session.moved', { classroom: moving!.classroomName, count: 1 });
    await page.locator('.live-notification', { hasText: text }).waitFor(LIVE);
    expect(Date.now() - movedAt).toBeLessThan(LIVE.timeout);
    await expect.poll(() => bellCount(page).textContent(), LIVE).toBe('7');
    await page.getByRole('cell', { name: text }).first().waitFor(WAIT);
    await screenshot(page, 'notifications-live-en');

    await page.getByRole('button', { name: notificationsEn.actions.markAll }).click();
    await expect.poll(() => bellCount(page).textContent(), WAIT).toBe('');
    await expect
      .poll(
        () => page.locator('table').getByText(notificationsEn.state.unread, { exact: true }).count(),
        WAIT,
      )
      .toBe(0);
    await page.context().close();
  });

  it('in Chinese: a student hears of the admin’s message live and marks all read', async () => {
    const page = await stack.newPage({ locale: 'zh-CN' });
    await page.addInitScript(() => localStorage.setItem('tutoria.language', 'zh'));
    await signIn(page, 'student');
    await page.waitForURL(/\/panel/, WAIT);
    await page.goto('/panel/notifications');
    await page.getByRole('heading', { name: notificationsZh.page.title }).waitFor(WAIT);
    // Five unread in the demo data, and whatever the first journey's move told this student.
    await expect
      .poll(async () => Number(await bellCount(page).textContent()), WAIT)
      .toBeGreaterThanOrEqual(5);
    const before = Number(await bellCount(page).textContent());

    const admin = await tokenOf('admin');
    const student: { publicKey: string } = await call(contract.auth.getUser, await tokenOf('student'));
    await call(contract.notifications.create, admin, {
      body: { message: '明天的课改到 302 教室。', userPublicKeys: [student.publicKey] },
    });
    const toast = page.locator('.live-notification', { hasText: '明天的课改到 302 教室。' });
    await toast.waitFor(LIVE);
    expect(await toast.textContent()).toContain(notificationsZh.toast.title);
    await expect.poll(() => bellCount(page).textContent(), LIVE).toBe(String(before + 1));
    await screenshot(page, 'notifications-live-zh');

    await page.getByRole('button', { name: notificationsZh.actions.markAll }).click();
    await expect
      .poll(
        () => page.locator('table').getByText(notificationsZh.state.unread, { exact: true }).count(),
        WAIT,
      )
      .toBe(0);
    await screenshot(page, 'notifications-read-zh');
    await page.context().close();
  });

  it('the Admin lists everyone’s, filters by recipient, and writes to a role', async () => {
    const page = await stack.newPage();
    await signIn(page, 'admin');
    await page.waitForURL(/\/admin\/panel/, WAIT);
    await page.goto('/admin/panel/notifications');
    await page.getByRole('heading', { name: notificationsEn.page.title }).waitFor(WAIT);
    await page.locator('thead').getByText(notificationsEn.columns.recipient, { exact: true }).waitFor(WAIT);
    await page.getByLabel(notificationsEn.filters.recipient).fill('Grace');
    await page.waitForURL(/who=Grace/, WAIT);
    await screenshot(page, 'notifications-admin-en');

    await page.getByRole('button', { name: notificationsEn.actions.create }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(notificationsEn.create.message).fill('Fire drill at 3 pm today.');
    await dialog.getByText(notificationsEn.create.targets.role, { exact: true }).click();
    await dialog.getByRole('button', { name: notificationsEn.create.send }).click();
    // Refused in the form until a role is chosen: nothing is sent.
    await dialog.getByText(messages.en.chooseRecipients).waitFor(WAIT);
    await dialog.getByLabel(notificationsEn.create.role, { exact: true }).click();
    await page.getByRole('option', { name: 'Teacher', exact: true }).click();
    await screenshot(page, 'notifications-create-en');
    await dialog.getByRole('button', { name: notificationsEn.create.send }).click();
    await page.getByText(/^NOTIFICATION SENT TO \d+ USER\(S\)\.$/).waitFor(WAIT);
    await page.context().close();
  });

  it.each([
    ['en', notificationsEn],
    ['zh', notificationsZh],
  ] as const)('the Admin picks a person: the list closes and leaves Send free (issue 27, %s)', async (language, t) => {
    const page = await stack.newPage();
    await page.addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
    await signIn(page, 'admin');
    await page.waitForURL(/\/admin\/panel/, WAIT);
    await page.goto('/admin/panel/notifications');
    await page.getByRole('heading', { name: t.page.title }).waitFor(WAIT);
    await page.getByRole('button', { name: t.actions.create }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.create.message).fill(language === 'en' ? 'Bring your mock exam.' : '请带上模拟考试卷。');
    await dialog.getByPlaceholder(t.create.usersPlaceholder).click();
    const option = page.getByRole('option').first();
    await option.waitFor(WAIT);
    const name = (await option.textContent()) ?? '';
    await option.click();
    // Picked: the list is gone, the person shows in the field, and Send takes the click itself.
    await expect.poll(() => page.getByRole('listbox').count(), WAIT).toBe(0);
    await dialog.getByText(name, { exact: true }).waitFor(WAIT);
    await screenshot(page, `notifications-picked-${language}`);
    await dialog.getByRole('button', { name: t.create.send }).click({ timeout: 5_000 });
    const sent = messages[language].notificationsSent.replace('{count}', '1');
    await page.getByText(sent.toLocaleUpperCase(), { exact: true }).waitFor(WAIT);
    await page.context().close();
  });
});
