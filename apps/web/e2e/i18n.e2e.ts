import { readFileSync } from 'node:fs';
import { languageCookie } from '@tutoria/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot, signIn, startStack, type Stack } from './harness';

/** The built chunk of each locale file, by language (Vite's manifest). */
function localeChunks(language: 'en' | 'zh'): Set<string> {
  const manifestPath = new URL('../dist/.vite/manifest.json', import.meta.url);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const prefix = `src/locales/${language}/`;
  return new Set(
    Object.entries(manifest)
      .filter(([source]) => source.startsWith(prefix))
      .map(([, chunk]) => `/${chunk.file}`),
  );
}

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('languages', () => {
  it('switches to Chinese, keeps it across reloads and sets <html lang>', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('井井有条');
    expect(await page.title()).toBe('辅导中心管理 · Tutoria');

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('井井有条');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font).toMatch(/^"?Noto Sans CJK SC/);
    await screenshot(page, 'landing-zh');
  });

  it('speaks Chinese on sign-in, in validation texts and server errors, and in the admin area', async () => {
    const page = await stack.newPage();
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await page.getByRole('button', { name: '登录' }).click();
    await expect.poll(() => page.getByText('用户名不能为空。').isVisible()).toBe(true);
    await screenshot(page, 'login-zh');

    await signIn(page, 'admin', 'Wrong#Pass1');
    await expect.poll(() => page.getByText('用户名/密码或访问令牌错误').isVisible()).toBe(true);

    await signIn(page, 'admin');
    await page.waitForURL('**/admin/panel/dashboard');
    await page.goto('/admin/panel/users');
    await expect.poll(() => page.getByTestId('user-summary').textContent()).toContain('管理员');
    expect(await page.title()).toBe('用户 · Tutoria');
    await screenshot(page, 'admin-users-zh');

    await page.getByRole('link', { name: '账户' }).click();
    await page.waitForURL('**/admin/panel/account');
    await page.getByRole('button', { name: '修改密码' }).click();
    await expect.poll(() => page.getByText('旧密码不能为空。').isVisible()).toBe(true);
    await screenshot(page, 'account-zh');

    // Shown errors follow a switch back to English.
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.getByText('Old password can not be empty.').isVisible()).toBe(true);
  });

  it('a Chinese reader loads the Chinese texts only, from sign-in to the users page', async () => {
    const page = await stack.newPage();
    await page.context().addCookies([{ name: languageCookie, value: 'zh', url: stack.baseUrl }]);
    await page.context().addInitScript(() => localStorage.setItem('tutoria.language', 'zh'));
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await signIn(page, 'admin');
    await page.waitForURL('**/admin/panel/dashboard');
    await page.goto('/admin/panel/users');
    await page.getByRole('heading', { name: '用户' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const english = localeChunks('en');
    const chinese = localeChunks('zh');
    expect(asked.filter((file) => english.has(file))).toEqual([]);
    // common, auth, panel, users… each in Chinese.
    expect(asked.filter((file) => chinese.has(file)).length).toBeGreaterThanOrEqual(4);
  });

  it('shows the student panel in Chinese on a phone', async () => {
    const page = await stack.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('tutoria.language', 'zh'));
    await signIn(page, 'student');
    await page.waitForURL('**/panel/tasks');
    await expect.poll(() => page.getByRole('heading', { name: '待提交作业' }).isVisible()).toBe(true);
    await screenshot(page, 'student-panel-zh-phone');
    await page.getByRole('button', { name: '展开或收起导航' }).click();
    await expect.poll(() => page.getByRole('link', { name: '学习进度' }).isVisible()).toBe(true);
    await screenshot(page, 'student-nav-zh-phone');
  });
});
