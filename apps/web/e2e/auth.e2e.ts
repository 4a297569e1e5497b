import { errorCatalogue, type Language, messages } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../src/locales/en/common.json';
import commonZh from '../src/locales/zh/common.json';
import { screenshot, signIn, signedHeaders, startStack, type Stack } from './harness';

let stack: Stack;
/** Starting the routed app loads its code, the page's and its texts: on a busy CI machine, over a second. */
const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/**
 * Each demo role's home, the page it works from (issue 27): before it, every staff role landed on
 * the users page. The title key names the page (`common:titles.<key>`).
 */
const homes = [
  { userName: 'admin', url: '/admin/panel/dashboard', title: 'adminDashboard' },
  { userName: 'leader', url: '/admin/panel/dashboard', title: 'adminDashboard' },
  { userName: 'finance', url: '/admin/finance/deposit?state=waiting', title: 'financeDeposit' },
  { userName: 'scheduler', url: '/admin/panel/adminSchedule', title: 'adminSchedule' },
  { userName: 'consultant', url: '/admin/panel/users?role=Student', title: 'adminUsers' },
  { userName: 'teacher', url: '/admin/panel/my-day', title: 'myDay' },
  { userName: 'assistant', url: '/admin/panel/my-day', title: 'myDay' },
  { userName: 'student', url: '/panel/tasks', title: 'reportTasks' },
] as const;
const common = { en: commonEn, zh: commonZh } as const;

/** Console errors, uncaught errors and refused API calls of a page, from now on. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  page.on('pageerror', (error) => failures.push(error.message));
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400)
      failures.push(`${response.status()} ${response.url()}`);
  });
  return failures;
}

describe('signing in and out', () => {
  it.each(['en', 'zh'] as const)(
    'lands each role on the page it works from (%s)',
    async (language: Language) => {
      for (const home of homes) {
        const page = await stack.newPage();
        await page.addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
        const failures = watchFailures(page);
        await signIn(page, home.userName);
        await page.waitForURL((url) => url.pathname + url.search === home.url, SLOW);
        const title = common[language].titles[home.title];
        await expect.poll(() => page.title(), SLOW).toMatch(new RegExp(`^${title} · `));
        await page.getByRole('heading', { level: 1 }).first().waitFor(SLOW);
        await page.waitForLoadState('networkidle');
        expect(failures, home.userName).toEqual([]);
        await page.context().close();
      }
    },
  );

  it('lands the administrator on the dashboard with their own account', async () => {
    const page = await stack.newPage();
    await signIn(page, 'admin');
    await page.waitForURL('**/admin/panel/dashboard');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Dashboard', level: 1 }).isVisible(), SLOW)
      .toBe(true);
    // The header names the signed-in account.
    const summary = page.getByTestId('user-summary');
    expect(await summary.textContent()).toContain('Administrator');
    expect(await page.title()).toMatch(/^Dashboard · /);
    await screenshot(page, 'admin-dashboard-en');
    // The account card moved to the account page.
    await page.goto('/admin/panel/account');
    const card = page.getByTestId('account-card');
    await expect.poll(() => card.textContent()).toContain('admin');
    expect(await card.textContent()).toContain('Administrator');
  });

  it('lands a student on their tasks', async () => {
    const page = await stack.newPage();
    await signIn(page, 'student');
    await page.waitForURL('**/panel/tasks');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Homework to hand in' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Progress stage' }).isVisible()).toBe(true);
    await screenshot(page, 'student-panel-en');
  });

  it('returns to the requested page after signing in', async () => {
    const page = await stack.newPage();
    await page.goto('/admin/panel/users');
    await page.waitForURL('**/auth/login?redirect=%2Fadmin%2Fpanel%2Fusers');
    await screenshot(page, 'login-en');
    await signIn(page, 'finance');
    await page.waitForURL('**/admin/panel/users');
  });

  it('opens the first sign-in page without the router, whose links and sign-in start the app', async () => {
    const page = await stack.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/auth/login?redirect=%2Fadmin%2Fpanel%2Fclass%2Ftable');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect.poll(() => page.title(), SLOW).toMatch(/^Sign in · /);
    await page.waitForLoadState('networkidle');
    // The router and the route table come only once the visitor leaves the sign-in screen (issue 9).
    expect(scripts.filter((script) => /\/(routed-app|root-layout)-/.test(script))).toEqual([]);

    // "Back to home" starts the routed app at the landing page; Back returns to the sign-in form.
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), SLOW)
      .toContain('Every class');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(scripts.some((script) => /\/routed-app-/.test(script))).toBe(true);
    await page.goBack();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).search).toBe('?redirect=%2Fadmin%2Fpanel%2Fclass%2Ftable');

    // Signing in from the first screen follows the redirect, in place of the sign-in entry.
    await page.reload();
    const entries = await page.evaluate(() => window.history.length);
    await signIn(page, 'admin');
    await page.waitForURL('**/admin/panel/class/table');
    await expect.poll(() => page.title(), SLOW).toMatch(/^Class room · /);
    expect(await page.evaluate(() => window.history.length)).toBe(entries);
  });

  it('sends the sign-in page drawn, in the language picked, before any script runs', async () => {
    const page = await stack.newPage({ javaScriptEnabled: false });
    await page.goto('/auth/login');
    expect(await page.title()).toMatch(/^Sign in · /);
    expect(await page.getByRole('heading', { name: 'Welcome back' }).isVisible()).toBe(true);
    expect(await page.getByLabel('User name').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('link', { name: /, home page$/ })
        .first()
        .textContent(),
    ).not.toBe('');

    // The language the visitor picked earlier is kept in a cookie the server reads.
    await page.context().addCookies([{ name: 'tutoria_language', value: 'zh', url: stack.baseUrl }]);
    await page.goto('/auth/login');
    expect(await page.title()).toMatch(/^登录 · /);
    expect(await page.getByRole('heading', { name: '欢迎回来' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');
    await screenshot(page, 'login-zh-before-script');
  });

  it('takes the pre-rendered form over without drawing it again, and signs in from it', async () => {
    const page = await stack.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    });
    // Counts the elements removed from the page: a redraw would replace the whole form.
    await page.addInitScript(() => {
      const counted = window as unknown as { removedElements: number };
      counted.removedElements = 0;
      new MutationObserver((records) => {
        for (const record of records)
          counted.removedElements += [...record.removedNodes].filter(
            (node) => node instanceof Element,
          ).length;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/auth/login?redirect=%2Fadmin%2Fpanel%2Fusers');
    const sent = await page.getByRole('button', { name: 'Sign in' }).elementHandle();
    await expect.poll(() => page.title(), SLOW).toMatch(/^Sign in · /);
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => (window as unknown as { removedElements: number }).removedElements),
    ).toBe(0);
    expect(await sent!.evaluate((button) => button.isConnected)).toBe(true);
    expect(errors).toEqual([]);
    // Its styles came in the page; the screen's code did not fetch them again.
    expect(stylesheets).toEqual([]);

    await signIn(page, 'admin');
    await page.waitForURL('**/admin/panel/users');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Users', level: 1 }).isVisible(), SLOW)
      .toBe(true);
  });

  it('sends a signed-in user away from the sign-in page', async () => {
    const page = await stack.newPage();
    await signIn(page, 'student');
    await page.waitForURL('**/panel/tasks');
    await page.goto('/auth/login');
    await page.waitForURL('**/panel/tasks');
    await page.goto('/auth');
    await page.waitForURL('**/panel/tasks');
  });

  it('refuses the admin area to a student', async () => {
    const page = await stack.newPage();
    await signIn(page, 'student');
    await page.waitForURL('**/panel/tasks');
    await page.goto('/admin/panel/users');
    await page.waitForURL('**/auth/login?redirect=%2Fadmin%2Fpanel%2Fusers');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('cannot open that page');
    // Signing in with a staff account from there continues to the page.
    await signIn(page, 'leader');
    await page.waitForURL('**/admin/panel/users');
  });

  it('shows a wrong password in the error snackbar, upper-cased', async () => {
    const page = await stack.newPage();
    await signIn(page, 'assistant', 'Wrong#Pass1');
    const text = errorCatalogue.INVALID_GRANT.en.toUpperCase();
    await expect.poll(() => page.getByText(text).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await screenshot(page, 'login-wrong-password');
  });

  it('says so in a multi-line snackbar when sign-in is locked after repeated failures', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await fetch(`${stack.baseUrl}/api/v1/user/login`, {
        method: 'POST',
        headers: { ...(await signedHeaders(stack.baseUrl)), 'Content-Type': 'application/json' },
        body: JSON.stringify({ userName: 'locked.out', password: 'Wrong#Pass1' }),
      });
    }
    const page = await stack.newPage();
    await signIn(page, 'locked.out', 'Wrong#Pass1');
    const text = messages.en.tooManyLogins.replace('{minutes}', '15').toUpperCase();
    expect(text.length).toBeGreaterThan(60);
    const snackbar = page.locator('.mantine-Notification-root', { hasText: text });
    await expect.poll(() => snackbar.isVisible()).toBe(true);
    expect(await snackbar.evaluate((element) => getComputedStyle(element).alignItems)).toBe('flex-start');
    await screenshot(page, 'login-locked-multiline');
  });

  it('validates the sign-in form with the shared rules', async () => {
    const page = await stack.newPage();
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('User name can not be empty.').isVisible()).toBe(true);
    expect(await page.getByText('Password can not be empty.').isVisible()).toBe(true);
  });

  it('goes back to sign-in when the session ends on the server', async () => {
    const page = await stack.newPage();
    await signIn(page, 'scheduler');
    await page.waitForURL('**/admin/panel/adminSchedule');
    const token = await page.evaluate(() => localStorage.getItem('tutoria.auth.token'));
    expect(token).toBeTruthy();
    const response = await fetch(`${stack.baseUrl}/api/v1/user/logout`, {
      method: 'POST',
      headers: {
        ...(await signedHeaders(stack.baseUrl)),
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(response.ok).toBe(true);
    // The open schedule may notice the dead session first and reload to sign-in on its own;
    // either way the next page the user opens must be the sign-in page with a way back.
    await page.goto('/admin/panel/account').catch(() => undefined);
    await page.waitForURL(/\/auth\/login\?redirect=%2Fadmin%2Fpanel%2F(account|adminSchedule)/);
    expect(await page.evaluate(() => localStorage.getItem('tutoria.auth.token'))).toBeNull();
  });

  it('renews the access token shortly before it runs out', async () => {
    const page = await stack.newPage();
    await signIn(page, 'leader');
    await page.waitForURL('**/admin/panel/dashboard');
    const before = await page.evaluate(() => localStorage.getItem('tutoria.auth.token'));
    await page.evaluate(() => localStorage.setItem('tutoria.auth.expiration', String(Date.now() + 5_000)));
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('tutoria.auth.token')), { timeout: 30_000 })
      .not.toBe(before);
    expect(
      Number(await page.evaluate(() => localStorage.getItem('tutoria.auth.expiration'))),
    ).toBeGreaterThan(Date.now() + 60_000);
    expect(new URL(page.url()).pathname).toBe('/admin/panel/dashboard');
  });

  it('logs out through the sidebar', async () => {
    const page = await stack.newPage();
    await signIn(page, 'consultant');
    await page.waitForURL('**/admin/panel/users?role=Student');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Log out' })
      .click();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('tutoria.auth.token'))).toBeNull();
    await page.goto('/admin/panel/users');
    await page.waitForURL('**/auth/login?redirect=%2Fadmin%2Fpanel%2Fusers');
  });

  it('changes the password, then signs in with the new one', async () => {
    const page = await stack.newPage();
    await signIn(page, 'teacher');
    await page.waitForURL('**/admin/panel/my-day');
    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL('**/admin/panel/account');

    await page.getByLabel('Old password').fill('Not@TheOld1');
    await page.getByLabel('New password').fill('Fresh#Start26');
    await page.getByLabel('Confirm password').fill('Fresh#Start2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('must be same as password.').isVisible()).toBe(true);

    await page.getByLabel('Confirm password').fill('Fresh#Start26');
    await page.getByRole('button', { name: 'Change password' }).click();
    // The server names the field that is wrong: the old password.
    await expect
      .poll(() => page.getByText(messages.en.wrongOldPassword, { exact: true }).isVisible())
      .toBe(true);
    const describedBy = (await page.getByLabel('Old password').getAttribute('aria-describedby')) ?? '';
    expect(
      await page
        .locator(`[id="${describedBy.split(' ').find((id) => id.endsWith('-error'))}"]`)
        .textContent(),
    ).toBe(messages.en.wrongOldPassword);
    await screenshot(page, 'account-wrong-old-password');

    await page.getByLabel('Old password').fill('Demo@1234');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText(messages.en.passwordChanged.toUpperCase()).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Old password').inputValue()).toBe('');

    await page.getByRole('button', { name: 'Log out' }).first().click();
    await page.waitForURL('**/auth/login');
    await signIn(page, 'teacher', 'Demo@1234');
    await expect
      .poll(() => page.getByText(errorCatalogue.INVALID_GRANT.en.toUpperCase()).isVisible())
      .toBe(true);
    await signIn(page, 'teacher', 'Fresh#Start26');
    await page.waitForURL('**/admin/panel/my-day');
  });
});
