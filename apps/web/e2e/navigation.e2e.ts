import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('redirects /auth, /panel and /admin to their first pages', async () => {
    const page = await stack.newPage();
    await page.goto('/auth');
    await page.waitForURL('**/auth/login');
    await signIn(page, 'admin');
    await page.waitForURL('**/admin/panel/users');
    await page.goto('/admin');
    await page.waitForURL('**/admin/panel/users');
    await page.goto('/panel');
    await page.waitForURL('**/admin/panel/users');
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
    await page.waitForURL('**/admin/panel/users');
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => burger.isVisible()).toBe(true);
    expect(await isOnScreen(nav.getByRole('link', { name: 'Account' }))).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'admin-users-phone');

    await burger.click();
    await expect.poll(() => isOnScreen(nav.getByRole('link', { name: 'Account' }))).toBe(true);
    await screenshot(page, 'admin-nav-phone');
    await nav.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL('**/admin/panel/account');
    await expect.poll(() => isOnScreen(nav.getByRole('link', { name: 'Account' }))).toBe(false);
    await screenshot(page, 'admin-account-phone');
  });
});
