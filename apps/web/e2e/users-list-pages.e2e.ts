import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, PHONE, screenshot, signedPost, signIn, startStack, type Stack } from './harness';

/**
 * The users list's long pages (issue 31): pages of 10 up to 200 users, the table drawing only the
 * rows in and near the window while it says how many the page has (`aria-rowcount`) and where each
 * drawn row is (`aria-rowindex`); scrolling and Tab reach every row. At 375 px the same page is
 * cards, none past the screen's edge.
 */
let stack: Stack;
const WAIT = { timeout: 20_000 };
const PUPILS = 64;
const TAG = 'Longpage';

const api = (path: string, body: unknown, token?: string) => signedPost(stack.baseUrl, path, body, token);

beforeAll(async () => {
  stack = await startStack();
  const { access_token: token } = (await api('user/login', {
    userName: 'admin',
    password: DEMO_PASSWORD,
  })) as {
    access_token: string;
  };
  for (let i = 0; i < PUPILS; i++) {
    const n = String(i).padStart(2, '0');
    await api(
      'user/register',
      {
        fullName: `${TAG} Pupil ${n}`,
        userName: `longpage_${n}`,
        password: 'Start#2024',
        role: 'Student',
        emailAddress: `longpage_${n}@example.com`,
      },
      token,
    );
  }
}, 240_000);
afterAll(async () => {
  await stack?.stop();
});

const ROWS = 'table tbody tr[data-user]';
const listUrl = `/admin/panel/users?role=Student&q=${TAG}`;

/** The users list of the test's pupils, signed in as `admin`; `size`: the page size already chosen. */
async function usersPage(viewport = { width: 1280, height: 800 }, size?: number): Promise<Page> {
  const page = await stack.newPage({ viewport });
  await page.goto('/auth/login');
  await signIn(page, 'admin');
  await page.waitForURL(/\/admin\//, WAIT);
  if (size)
    await page.evaluate((chosen) => localStorage.setItem('tutoria.list.users', JSON.stringify(chosen)), {
      size,
      page: 1,
      of: '',
    });
  await page.goto(listUrl);
  return page;
}

/** The drawn rows' `aria-rowindex`, in the order they stand. */
const drawnIndexes = (page: Page) =>
  page.locator(ROWS).evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('aria-rowindex'))));

describe('the users list in pages up to 200', () => {
  it('offers 10 to 200 a page; a page of 100 draws the rows in view, says its row count, and scrolls to the last', async () => {
    const page = await usersPage();
    await page.locator(ROWS).first().waitFor(WAIT);
    expect(await page.locator(ROWS).count()).toBe(10);
    // Pages of ten are drawn whole, as before.
    expect(await page.getByRole('table').getAttribute('aria-rowcount')).toBeNull();

    await page.locator('.mantine-datatable-pagination button', { hasText: /^10$/ }).click();
    const sizes = await page.getByRole('menuitem').allInnerTexts();
    expect(sizes.map((s) => s.trim())).toEqual(['10', '20', '50', '100', '200']);
    await page.getByRole('menuitem', { name: '100' }).click();
    await expect
      .poll(() => page.getByRole('table').getAttribute('aria-rowcount'), WAIT)
      .toBe(String(PUPILS + 1));
    expect(await page.locator('table thead tr').getAttribute('aria-rowindex')).toBe('1');

    const drawn = await drawnIndexes(page);
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(PUPILS);
    expect(drawn).toEqual(drawn.map((_, i) => drawn[0]! + i));
    expect(drawn[0]).toBe(2);
    // The spacer below keeps the page as tall as every row: the page scrolls to the last one.
    // (Scrolled again while rows drawn on the way are measured and the page's height settles.)
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return (await drawnIndexes(page)).at(-1);
      }, WAIT)
      .toBe(PUPILS + 1);
    expect(await page.locator(ROWS).last().getAttribute('data-user')).toBeTruthy();
    await screenshot(page, 'users-list-100-bottom');
    // The page size is kept for the next visit.
    await page.reload();
    await expect
      .poll(() => page.getByRole('table').getAttribute('aria-rowcount'), WAIT)
      .toBe(String(PUPILS + 1));
  });

  it('takes the keyboard through every row: each focus scrolls its row into view and draws the next', async () => {
    const page = await usersPage(undefined, 100);
    await expect
      .poll(() => page.getByRole('table').getAttribute('aria-rowcount'), WAIT)
      .toBe(String(PUPILS + 1));
    const firstDrawn = (await drawnIndexes(page)).length;
    await page.locator(`${ROWS} button`).first().focus();
    let last = 0;
    for (let step = 0; step < PUPILS * 3 && last < PUPILS + 1; step++) {
      await page.keyboard.press('Tab');
      const index = await page.evaluate(() =>
        Number(document.activeElement?.closest('tr[aria-rowindex]')?.getAttribute('aria-rowindex') ?? 0),
      );
      if (!index) break;
      expect(index).toBeGreaterThanOrEqual(last);
      last = index;
    }
    expect(last).toBeGreaterThan(firstDrawn + 1);
    expect(last).toBe(PUPILS + 1);
  });

  it('is cards at 375 px: every user of the page, nothing past the screen', async () => {
    const page = await usersPage(PHONE, 100);
    await expect.poll(() => page.locator('li[data-phone-row]').count(), WAIT).toBe(PUPILS);
    expect(await page.getByRole('table').count()).toBe(0);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways).toBeLessThanOrEqual(0);
    await screenshot(page, 'users-list-100-phone');
  });
});
