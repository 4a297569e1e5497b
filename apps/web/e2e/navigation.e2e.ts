import type { Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import academicEn from '../src/locales/en/academic.json';
import classesEn from '../src/locales/en/classes.json';
import commonEn from '../src/locales/en/common.json';
import dashboardEn from '../src/locales/en/dashboard.json';
import academicZh from '../src/locales/zh/academic.json';
import classesZh from '../src/locales/zh/classes.json';
import commonZh from '../src/locales/zh/common.json';
import dashboardZh from '../src/locales/zh/dashboard.json';
import { isOnScreen, PHONE, screenshot, signIn, startStack, type Stack } from './harness';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('public pages and navigation', () => {
  it('shows the landing page without the application name', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Every class');
    expect(await page.title()).toBe('Tutoring centre management · Tutoria');
    // The application name is only in the title; the centre's own name may be shown.
    const config = (await (await fetch(`${stack.baseUrl}/api/v1/system/clientConfig`)).json()) as {
      appName: string;
      centre: { name: string };
    };
    const text = (await page.locator('body').innerText()).replaceAll(config.centre.name, '');
    expect(text).not.toContain(config.appName);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await screenshot(page, 'landing-en');
    await page.getByRole('link', { name: 'Contact the centre' }).click();
    await page.waitForURL('**/contact-us');
    await expect.poll(() => page.getByText('88 Learning Avenue, Suite 12').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'hello@tutoria.example' }).getAttribute('href')).toBe(
      'mailto:hello@tutoria.example',
    );
    expect(await page.title()).toBe('Contact us · Tutoria');
    await screenshot(page, 'contact-en');
  });

  it('sends unknown paths to the 404 page, whose Go Back leaves it', async () => {
    const page = await stack.newPage();
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Sorry! Page Not Found' }).isVisible())
      .toBe(true);
    await screenshot(page, 'not-found-en');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Reached from inside the app, Go Back returns to the page before.
    await page.getByRole('link', { name: 'Contact us' }).first().click();
    await page.waitForURL('**/contact-us');
    // An in-app move to a path that does not exist (as a stale link would make).
    await page.evaluate(() => {
      window.history.pushState({ idx: 2, key: 'stale', usr: null }, '', '/also/missing');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await page.waitForURL('**/404');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL('**/contact-us');
  });

  it('redirects /auth to sign-in, and /panel, /admin and /admin/panel to the home of the role', async () => {
    const page = await stack.newPage();
    await page.goto('/auth');
    await page.waitForURL('**/auth/login');
    await signIn(page, 'admin');
    await page.waitForURL('**/admin/panel/dashboard');
    for (const path of ['/admin', '/panel', '/admin/panel']) {
      await page.goto(path);
      await page.waitForURL('**/admin/panel/dashboard');
    }
    await page.goto('/admin/panel/no-such-area');
    await page.waitForURL('**/404');
  });

  it('shows the not-found page inside the student panel for unknown panel paths', async () => {
    const page = await stack.newPage();
    await signIn(page, 'student');
    await page.waitForURL('**/panel/tasks');
    await page.goto('/panel/somewhere');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Sorry! Page Not Found' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(true);
  });

  it('works on a phone: the burger opens the navigation', async () => {
    const page = await stack.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'landing-phone');

    await page.goto('/auth/login');
    await screenshot(page, 'login-phone');
    await signIn(page, 'admin');
    await page.waitForURL('**/admin/panel/dashboard');
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // The dashboard's chart comes in its own chunk before the page is drawn.
    await expect.poll(() => burger.isVisible(), WAIT).toBe(true);
    expect(await isOnScreen(nav.getByRole('link', { name: 'Account' }))).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'admin-dashboard-phone');

    await burger.click();
    await expect.poll(() => isOnScreen(nav.getByRole('link', { name: 'Account' }))).toBe(true);
    await screenshot(page, 'admin-nav-phone');
    await nav.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL('**/admin/panel/account');
    await expect.poll(() => isOnScreen(nav.getByRole('link', { name: 'Account' }))).toBe(false);
    await screenshot(page, 'admin-account-phone');
  });
});

const texts = {
  en: { academic: academicEn, classes: classesEn, common: commonEn, dashboard: dashboardEn },
  zh: { academic: academicZh, classes: classesZh, common: commonZh, dashboard: dashboardZh },
} as const;
const LAPTOP = { width: 1440, height: 900 } as const;
/** Signing in and the page's lists may take a moment on a busy machine. */
const WAIT = { timeout: 10_000 };

async function openIn(language: Language, viewport: { width: number; height: number }): Promise<Page> {
  const phone = viewport.width === PHONE.width;
  const page = await stack.newPage({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });
  await page.addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  return page;
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('start pages (issue 27)', () => {
  it.each([
    { language: 'en', viewport: LAPTOP },
    { language: 'zh', viewport: PHONE },
  ] as const)(
    'shows a teacher their day, the sessions to record opening their records by keyboard ($language, $viewport.width px)',
    async ({ language, viewport }) => {
      const t = texts[language];
      const page = await openIn(language, viewport);
      const errors = consoleErrors(page);
      await signIn(page, 'teacher');
      await page.waitForURL('**/admin/panel/my-day', WAIT);
      const toRecord = page.getByRole('region', { name: t.classes.myDay.toRecord.title });
      const ahead = page.getByRole('region', { name: t.classes.myDay.ahead.title });
      // The demo teacher has held sessions still without records, and sessions in the coming weeks.
      await expect.poll(() => toRecord.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
      await expect.poll(() => ahead.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
      expect(await toRecord.getByTestId('my-day-total').textContent()).toBe(
        String(await toRecord.locator('tbody tr').count()),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      const records = toRecord.getByRole('button', { name: t.academic.drawer.open }).first();
      expect(await isOnScreen(records)).toBe(true);
      await screenshot(page, `my-day-${language}-${viewport.width}`);

      // By keyboard: Tab reaches the first Records button, Enter opens that session's records.
      const onRecords = () => records.evaluate((button) => button === document.activeElement);
      for (let tabs = 0; tabs < 40 && !(await onRecords()); tabs += 1) await page.keyboard.press('Tab');
      expect(await onRecords()).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByTestId('session-records').waitFor(WAIT);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('session-records').count()).toBe(0);

      // The list pages behind each section: all sessions waiting for records, all upcoming ones.
      await toRecord.getByRole('link', { name: t.classes.myDay.toRecord.all }).click();
      await page.waitForURL('**/admin/panel/class/upcoming?records=true', WAIT);
      expect(errors).toEqual([]);
    },
  );

  it.each(['en', 'zh'] as const)(
    'draws the dashboard chart on a phone with its labels apart and no data on ARIA (%s)',
    async (language) => {
      const t = texts[language];
      const page = await openIn(language, PHONE);
      const errors = consoleErrors(page);
      await signIn(page, 'admin');
      await page.waitForURL('**/admin/panel/dashboard', WAIT);
      // The users-per-role chart (issue 29: the week's hours have a chart of their own above it).
      // Below the figures on a phone: the chart is drawn once scrolled to.
      await page.getByTestId('role-chart').scrollIntoViewIfNeeded();
      const chart = page.getByTestId('role-chart').locator('.recharts-wrapper');
      await expect.poll(() => chart.locator('.recharts-bar-rectangle').count(), WAIT).toBeGreaterThan(0);
      const roleNames = Object.values(t.common.roles);
      const labels = chart.locator('.recharts-cartesian-axis-tick-value');
      await expect.poll(() => labels.count(), WAIT).toBeGreaterThan(roleNames.length);
      const boxes = await labels.evaluateAll((elements) =>
        elements.map((element) => {
          const { x, y, width, height } = element.getBoundingClientRect();
          return { text: element.textContent ?? '', x, y, width, height };
        }),
      );
      expect(boxes.map((box) => box.text)).toEqual(expect.arrayContaining(roleNames));
      for (const [index, a] of boxes.entries()) {
        expect(a.x >= 0 && a.x + a.width <= PHONE.width, `${a.text} on screen`).toBe(true);
        for (const b of boxes.slice(index + 1)) {
          const apart =
            a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
          expect(apart, `${a.text} and ${b.text} apart`).toBe(true);
        }
      }
      // No ARIA attribute comes from a row's data (a `role` field once gave role="Administrator").
      const aria = await chart.evaluate((element) =>
        [...element.querySelectorAll('*')].flatMap((node) =>
          [...node.attributes]
            .filter((attribute) => attribute.name === 'role' || attribute.name.startsWith('aria-'))
            .map((attribute) => attribute.value),
        ),
      );
      expect(aria.filter((value) => roleNames.includes(value))).toEqual([]);
      // To a screen reader the chart is one image, named by its title and described by its table.
      expect(await chart.locator('[role]').count()).toBe(0);
      const image = page.getByRole('img', { name: t.dashboard.chart.title, exact: true });
      const table = page.locator(`[id="${await image.getAttribute('aria-describedby')}"]`);
      expect(await table.getAttribute('data-testid')).toBe('role-counts');
      // The legend follows the series, and the page does not scroll sideways.
      expect(await page.getByTestId('role-chart').locator('[class*="legendItemName"]').allTextContents()).toEqual([
        t.dashboard.chart.active,
        t.dashboard.chart.disabled,
        t.dashboard.chart.archived,
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await screenshot(page, `dashboard-phone-${language}`);
      expect(errors).toEqual([]);
    },
  );
});
