import { contract, type Language, messages } from '@tutoria/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../src/locales/en/common.json';
import scheduleEn from '../src/locales/en/schedule.json';
import settingsEn from '../src/locales/en/settings.json';
import commonZh from '../src/locales/zh/common.json';
import settingsZh from '../src/locales/zh/settings.json';
import { DEMO_PASSWORD, screenshot, signedHeaders, signIn, startStack, type Stack } from './harness';

/**
 * Calendar feeds (issue 29), in English and Chinese: the demo teacher opens Settings from the
 * sidebar, makes their feed address, copies it, and a calendar app (a plain fetch, no headers)
 * reads an iCalendar with their sessions; they reset it after confirming, and the old address
 * answers 404 while the new one answers the feed. A scheduling admin filters the schedule by that
 * teacher and gets the teacher's feed from the "Calendar feed" action.
 */
let stack: Stack;
let teacherName: string;

const WAIT = { timeout: 15_000 };
const texts = { en: settingsEn, zh: settingsZh };
const common = { en: commonEn, zh: commonZh };

beforeAll(async () => {
  stack = await startStack();
  const login = await fetch(`${stack.baseUrl}/api/v1/${contract.auth.login.path}`, {
    method: 'POST',
    headers: { ...(await signedHeaders(stack.baseUrl)), 'Content-Type': 'application/json' },
    body: JSON.stringify({ userName: 'teacher', password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const me = await fetch(`${stack.baseUrl}/api/v1/${contract.auth.getUser.path}`, {
    headers: { ...(await signedHeaders(stack.baseUrl)), Authorization: `Bearer ${token}` },
  });
  teacherName = ((await me.json()) as { fullName: string }).fullName;
});
afterAll(async () => {
  await stack?.stop();
});

/** Reads a feed as a calendar app does: no signature, no session. */
async function readFeed(url: string) {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

describe('a teacher’s calendar feed', () => {
  it.each<Language>(['en', 'zh'])(
    '%s: makes the address, copies it, the feed answers; a reset stops the old one',
    async (language) => {
      const t = texts[language].calendarFeed;
      const page = await stack.newPage({
        viewport: { width: 1440, height: 900 },
        permissions: ['clipboard-read', 'clipboard-write'],
        ...(language === 'zh' ? { locale: 'zh-CN' } : {}),
      });
      await page.addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
      await signIn(page, 'teacher');
      await page.waitForURL(/\/admin\/panel/, WAIT);
      await page.getByRole('link', { name: common[language].nav.settings }).click();
      await page.waitForURL(/\/admin\/panel\/settings/, WAIT);
      const card = page.getByRole('region', { name: t.title });
      await card.waitFor(WAIT);
      await card.getByText(t.google).waitFor(WAIT);

      // The first run makes the address; the second finds one already made and resets it.
      const made = card.getByRole('button', { name: t.create });
      const reset = card.getByRole('button', { name: t.reset });
      await made.or(reset).first().waitFor(WAIT);
      if (await made.isVisible()) await made.click();
      else {
        await reset.click();
        const dialog = page.getByRole('dialog', { name: t.resetTitle });
        await dialog.getByRole('button', { name: t.reset }).click();
      }
      await page.getByText(messages[language].calendarFeedMade).first().waitFor(WAIT);
      const field = card.getByRole('textbox', { name: t.link });
      await field.waitFor(WAIT);
      await card.getByRole('button', { name: t.copy }).click();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await field.inputValue());
      expect(copied).toMatch(/\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
      await screenshot(page, `calendar-feed-${language}`);

      const feed = await readFeed(copied);
      expect(feed.status).toBe(200);
      expect(feed.type).toBe('text/calendar; charset=utf-8');
      expect(feed.body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      expect(feed.body).toContain('BEGIN:VEVENT\r\n');
      expect(feed.body.replace(/\r\n /g, '')).toContain(`X-WR-CALNAME:${teacherName}`);

      // Reset after confirming: the old address is not found, the new one is the feed.
      await card.getByRole('button', { name: t.reset }).click();
      const dialog = page.getByRole('dialog', { name: t.resetTitle });
      await dialog.getByText(t.resetBody).waitFor(WAIT);
      await dialog.getByRole('button', { name: t.reset }).click();
      await expect.poll(() => field.inputValue(), WAIT).not.toBe(copied);
      expect((await readFeed(copied)).status).toBe(404);
      expect((await readFeed(await field.inputValue())).status).toBe(200);
      await page.context().close();
    },
  );
});

describe('a teacher’s feed for staff', () => {
  it('the scheduling admin filters the schedule by the teacher and gets their feed', async () => {
    const t = scheduleEn;
    const page = await stack.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript(() => localStorage.setItem('tutoria.language', 'en'));
    await signIn(page, 'scheduler');
    await page.waitForURL(/\/admin\/panel\/adminSchedule/, WAIT);
    await page.getByLabel(t.filters.teachers, { exact: true }).click();
    await page.getByRole('option', { name: teacherName, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: t.feed.button }).click();
    const dialog = page.getByRole('dialog', { name: t.feed.title.replace('{{name}}', teacherName) });
    const url = await dialog.getByRole('textbox', { name: t.feed.link }).inputValue();
    const feed = await readFeed(url);
    expect(feed.status).toBe(200);
    expect(feed.body.replace(/\r\n /g, '')).toContain(`X-WR-CALNAME:${teacherName}`);
    await screenshot(page, 'calendar-feed-staff');
    await page.context().close();
  });
});
