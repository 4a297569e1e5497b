import { errorCatalogue, messages, type Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import commonEn from '../src/locales/en/common.json';
import dashboardEn from '../src/locales/en/dashboard.json';
import usersEn from '../src/locales/en/users.json';
import commonZh from '../src/locales/zh/common.json';
import dashboardZh from '../src/locales/zh/dashboard.json';
import usersZh from '../src/locales/zh/users.json';
import { PHONE, screenshot, signIn, startStack, type Stack } from './harness';

/**
 * The users screens end to end (issue #3): an admin creates a student with a consultant, edits the
 * profile, resets the password and the student signs in with it; archive and restore; search and
 * paging kept across a reload; the dashboard. The whole journey runs once in English, once in Chinese.
 */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

const texts = {
  en: { users: usersEn, common: commonEn, dashboard: dashboardEn, server: messages.en },
  zh: { users: usersZh, common: commonZh, dashboard: dashboardZh, server: messages.zh },
} as const;

async function pageIn(language: Language, options: Parameters<Stack['newPage']>[0] = {}): Promise<Page> {
  const page = await stack.newPage(options);
  await page.context().addInitScript((lang) => {
    if (!localStorage.getItem('tutoria.language')) localStorage.setItem('tutoria.language', lang);
  }, language);
  return page;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label, which may end with the required-field asterisk. */
const named = (label: string) => new RegExp(`^${escape(label)}( \\*)?$`);

/** Saving, signing in and refetching the list may take a moment on a busy machine. */
const WAIT = { timeout: 10_000, interval: 100 };

const snackbar = (page: Page, text: string) => page.getByText(text.toLocaleUpperCase(), { exact: true });

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(named(label)).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function rowAction(page: Page, fullName: string, action: string, language: Language) {
  const menu = texts[language].users.actions.menu.replace('{{name}}', fullName);
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

async function search(page: Page, language: Language, text: string) {
  const box = page.getByRole('textbox', { name: texts[language].users.filters.search });
  await box.fill(text);
}

const rows = (page: Page) => page.locator('tbody tr[data-user]');

async function journey(language: Language) {
  const suffix = `${language}${Date.now().toString(36)}`;
  const userName = `stu_${suffix}`;
  const fullName = language === 'zh' ? `王小明 ${suffix}` : `Amelia Stone ${suffix}`;
  const firstPassword = 'Start#2024';
  const newPassword = 'Reset#2025';

  // Wide enough for the contact and consultant columns (shown from 1600 and 1440 px, issue #13).
  const admin = await pageIn(language, { viewport: { width: 1920, height: 1000 } });
  try {
    await adminJourney(admin, language, { userName, fullName, firstPassword, newPassword });
  } catch (error) {
    await screenshot(admin, `users-failure-${language}`);
    throw error;
  }
}

async function adminJourney(
  admin: Page,
  language: Language,
  {
    userName,
    fullName,
    firstPassword,
    newPassword,
  }: { userName: string; fullName: string; firstPassword: string; newPassword: string },
) {
  const L = texts[language].users;
  const server = texts[language].server;
  await signIn(admin, 'admin');
  // Staff land on their home (issue 27): the administrator on the dashboard.
  await admin.waitForURL('**/admin/panel/dashboard');
  await admin.goto('/admin/panel/users');
  await expect.poll(() => rows(admin).count(), WAIT).toBeGreaterThan(0);
  await screenshot(admin, `users-list-${language}`);

  // Create a student with a consultant and a profile.
  await admin.getByRole('button', { name: L.actions.create }).click();
  const drawer = admin.getByRole('dialog');
  await drawer.getByLabel(named(L.fields.fullName)).fill(fullName);
  await drawer.getByLabel(named(L.fields.nickName)).fill('Mia');
  await drawer.getByLabel(named(L.fields.userName)).fill(userName);
  await drawer.getByLabel(named(L.fields.password)).fill(firstPassword);
  await drawer.getByLabel(named(L.fields.confirmPassword)).fill(firstPassword);
  await drawer
    .getByLabel(named(L.fields.phoneNumber))
    .fill(language === 'en' ? '13812345678' : '13912345678');
  await drawer.getByLabel(named(L.fields.emailAddress)).fill(`${userName}@example.com`);
  await pick(admin, L.fields.consultant, 'Sophie Wang');
  await pick(admin, L.fields.baseType, 'A-LEVEL');
  await drawer.getByLabel(named(L.fields.birthday)).fill('2008-04-12');
  await drawer.getByLabel(named(L.fields.school)).click();
  await drawer.getByLabel(named(L.fields.school)).fill('Shanghai High School');
  const universities = drawer.getByLabel(named(L.fields.targetUniversities));
  await universities.fill('Imperial College London');
  await universities.press('Enter');
  await universities.fill('UCL');
  await universities.press('Enter');
  await drawer.getByLabel(named(L.fields.reading)).fill('7.5');
  await drawer.getByRole('button', { name: L.form.create }).click();
  // The phone number has no country code: the shared rule says so before anything is sent.
  await expect.poll(() => drawer.getByText(server.phoneCode).isVisible(), WAIT).toBe(true);
  await screenshot(admin, `users-create-invalid-${language}`);
  await drawer
    .getByLabel(named(L.fields.phoneNumber))
    .fill(language === 'en' ? '+86 138 1234 5678' : '+86 139 1234 5678');
  await screenshot(admin, `users-create-form-${language}`);
  await drawer.getByRole('button', { name: L.form.create }).click();
  await expect.poll(() => snackbar(admin, server.userCreated).isVisible(), WAIT).toBe(true);
  await expect.poll(() => drawer.isVisible(), WAIT).toBe(false);

  // Search finds them (the table tries several spellings), with their consultant.
  await search(admin, language, userName.toUpperCase());
  await expect.poll(() => rows(admin).count(), WAIT).toBe(1);
  expect(await rows(admin).first().textContent()).toContain('Sophie Wang');
  // Stored as +8613812345678, shown for reading (issue 27).
  expect(await rows(admin).first().textContent()).toContain(
    language === 'en' ? '+86 138 1234 5678' : '+86 139 1234 5678',
  );

  // Edit the profile.
  await rowAction(admin, fullName, L.actions.edit, language);
  await expect
    .poll(() => drawer.getByLabel(named(L.fields.school)).inputValue())
    .toBe('Shanghai High School');
  expect(await drawer.getByLabel(named(L.fields.birthday)).inputValue()).toBe('2008-04-12');
  expect(await drawer.getByText(L.form.passwordEditHint).isVisible()).toBe(true);
  await drawer.getByLabel(named(L.fields.grade)).fill('Year 12');
  await drawer.getByRole('button', { name: L.form.addResult }).click();
  await drawer.getByRole('textbox', { name: L.fields.subject, exact: true }).fill('Mathematics');
  await drawer.getByRole('textbox', { name: L.fields.result, exact: true }).fill('A*');
  await drawer.getByLabel(named(L.fields.phaseOneGoal)).fill('IELTS 7.0');
  await screenshot(admin, `users-edit-profile-${language}`);
  await drawer.getByRole('button', { name: L.form.save, exact: true }).click();
  await expect.poll(() => snackbar(admin, server.userEdited).isVisible(), WAIT).toBe(true);
  await rowAction(admin, fullName, L.actions.edit, language);
  await expect.poll(() => drawer.getByLabel(named(L.fields.grade)).inputValue(), WAIT).toBe('Year 12');
  expect(await drawer.getByRole('textbox', { name: L.fields.result, exact: true }).inputValue()).toBe('A*');
  await drawer.getByRole('button', { name: L.form.cancel }).click();

  // Reset the password; the student signs in with it.
  await rowAction(admin, fullName, L.actions.resetPassword, language);
  const modal = admin.getByRole('dialog');
  await modal.getByLabel(named(L.fields.newPassword)).fill(newPassword);
  await modal.getByLabel(named(L.fields.confirmPassword)).fill(newPassword);
  await modal.getByRole('button', { name: L.resetPassword.submit }).click();
  await expect.poll(() => snackbar(admin, server.userPasswordReset).isVisible(), WAIT).toBe(true);

  const student = await pageIn(language);
  await signIn(student, userName, firstPassword);
  await expect
    .poll(() => snackbar(student, errorCatalogue.INVALID_GRANT[language]).isVisible(), WAIT)
    .toBe(true);
  await signIn(student, userName, newPassword);
  await student.waitForURL('**/panel/tasks');

  // Archive: the student's open session ends at once and sign-in is refused; restore brings them back.
  await rowAction(admin, fullName, L.actions.archive, language);
  await admin.getByRole('dialog').getByRole('button', { name: L.confirm.archive.confirm }).click();
  await expect.poll(() => snackbar(admin, server.userArchived).isVisible(), WAIT).toBe(true);
  await expect.poll(() => rows(admin).count(), WAIT).toBe(0);
  await admin.getByRole('switch', { name: L.filters.archived }).click();
  await expect.poll(() => rows(admin).count(), WAIT).toBe(1);
  expect(await rows(admin).first().textContent()).toContain(L.status.archived);
  await screenshot(admin, `users-archived-${language}`);

  await student.reload();
  await student.waitForURL('**/auth/login**');
  await signIn(student, userName, newPassword);
  await expect
    .poll(() => snackbar(student, errorCatalogue.INVALID_GRANT[language]).isVisible(), WAIT)
    .toBe(true);
  expect(new URL(student.url()).pathname).toBe('/auth/login');

  await rowAction(admin, fullName, L.actions.restore, language);
  await admin.getByRole('dialog').getByRole('button', { name: L.confirm.restore.confirm }).click();
  await expect.poll(() => snackbar(admin, server.userRestored).isVisible(), WAIT).toBe(true);
  await expect.poll(() => rows(admin).count(), WAIT).toBe(0);
  await admin.getByRole('switch', { name: L.filters.archived }).click();
  await expect.poll(() => rows(admin).count(), WAIT).toBe(1);
  await signIn(student, userName, newPassword);
  await student.waitForURL('**/panel/tasks');

  // The login history shows the refused and the successful sign-ins.
  await rowAction(admin, fullName, L.actions.loginHistory, language);
  const history = admin.getByRole('dialog');
  await expect
    .poll(() => history.getByText(L.loginHistory.failure, { exact: true }).count())
    .toBeGreaterThan(0);
  await expect
    .poll(() => history.getByText(L.loginHistory.success, { exact: true }).count())
    .toBeGreaterThan(1);
  await screenshot(admin, `users-login-history-${language}`);
  await admin.keyboard.press('Escape');

  // The audit trail names every change.
  await rowAction(admin, fullName, L.actions.audit, language);
  const audit = admin.getByRole('dialog');
  for (const action of [
    'user.create',
    'user.edit',
    'user.resetPassword',
    'user.archive',
    'user.restore',
  ] as const) {
    await expect
      .poll(() => audit.getByText(L.audit.actions[action], { exact: true }).count())
      .toBeGreaterThan(0);
  }
  await screenshot(admin, `users-audit-${language}`);
  await admin.keyboard.press('Escape');

  // Paging: ten rows a page; the page is kept across a reload.
  await search(admin, language, '');
  await expect.poll(() => rows(admin).count(), WAIT).toBe(10);
  const firstPage = await rows(admin).first().getAttribute('data-user');
  await admin.getByRole('button', { name: '2', exact: true }).click();
  await expect.poll(() => rows(admin).first().getAttribute('data-user'), WAIT).not.toBe(firstPage);
  const secondPage = await rows(admin).first().getAttribute('data-user');
  await admin.reload();
  await expect.poll(() => rows(admin).first().getAttribute('data-user'), WAIT).toBe(secondPage);
  await screenshot(admin, `users-page-2-${language}`);

  // A filter by role goes back to page one.
  await admin.getByPlaceholder(L.filters.role, { exact: true }).click();
  await admin.getByRole('option', { name: texts[language].common.roles.Teacher, exact: true }).click();
  await expect
    .poll(async () =>
      (await rows(admin).allTextContents()).every((t) => t.includes(texts[language].common.roles.Teacher)),
    )
    .toBe(true);
  await admin.getByPlaceholder(L.filters.role, { exact: true }).click();
  await admin.keyboard.press('Escape');

  await student.context().close();
  await admin.context().close();
}

describe('users', () => {
  it('create, edit, reset password, sign in, archive and restore, search and paging (English)', async () => {
    await journey('en');
  });

  it('the same journey in Chinese', async () => {
    await journey('zh');
  });

  it('refuses a duplicate user name in the form, naming the field', async () => {
    const page = await pageIn('en');
    await signIn(page, 'admin');
    await page.waitForURL('**/admin/panel/dashboard');
    await page.goto('/admin/panel/users');
    await page.getByRole('button', { name: usersEn.actions.create }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByLabel(named(usersEn.fields.fullName)).fill('Another Student');
    await drawer.getByLabel(named(usersEn.fields.userName)).fill('Student');
    await drawer.getByLabel(named(usersEn.fields.password)).fill('Start#2024');
    await drawer.getByLabel(named(usersEn.fields.confirmPassword)).fill('Start#2024');
    await drawer.getByRole('button', { name: usersEn.form.create }).click();
    const text = messages.en.duplicate.replace('{attribute}', 'User name');
    await expect.poll(() => drawer.getByText(text, { exact: true }).isVisible(), WAIT).toBe(true);
    await screenshot(page, 'users-duplicate-en');
    await page.context().close();
  });

  it('grants a teacher extra permissions and gives them a profile photo', async () => {
    const page = await pageIn('en');
    await signIn(page, 'admin');
    await page.waitForURL('**/admin/panel/dashboard');
    await page.goto('/admin/panel/users');
    await search(page, 'en', 'hannah_brooks');
    await expect.poll(() => rows(page).count(), WAIT).toBe(1);

    await rowAction(page, 'Hannah Brooks', usersEn.actions.permissions, 'en');
    const dialog = page.getByRole('dialog');
    const fromRole = dialog.getByRole('checkbox', { name: usersEn.permissionNames.sessions.record });
    expect(await fromRole.isChecked()).toBe(true);
    expect(await fromRole.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: usersEn.permissionNames.finance.read }).click();
    await screenshot(page, 'users-permissions-en');
    await dialog.getByRole('button', { name: usersEn.form.save, exact: true }).click();
    await expect.poll(() => snackbar(page, messages.en.userPermissionsSaved).isVisible(), WAIT).toBe(true);
    await rowAction(page, 'Hannah Brooks', usersEn.actions.permissions, 'en');
    await expect
      .poll(
        () => dialog.getByRole('checkbox', { name: usersEn.permissionNames.finance.read }).isChecked(),
        WAIT,
      )
      .toBe(true);
    await page.keyboard.press('Escape');

    await rowAction(page, 'Hannah Brooks', usersEn.actions.edit, 'en');
    const drawer = page.getByRole('dialog');
    await expect
      .poll(() => drawer.getByLabel(named(usersEn.fields.fullName)).inputValue(), WAIT)
      .toBe('Hannah Brooks');
    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAFhAJ/wlseKgAAAABJRU5ErkJggg==',
      'base64',
    );
    await drawer
      .locator('input[type="file"]')
      .setInputFiles({ name: 'hannah.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => drawer.locator('img[src^="/api/v1/user/image/"]').count(), WAIT).toBe(1);
    await drawer.getByRole('button', { name: usersEn.form.save, exact: true }).click();
    await expect.poll(() => snackbar(page, messages.en.userEdited).isVisible(), WAIT).toBe(true);
    await expect
      .poll(() => rows(page).first().locator('img[src^="/api/v1/user/image/"]').count(), WAIT)
      .toBe(1);
    await screenshot(page, 'users-photo-en');
    await page.context().close();
  });

  it('shows a consultant only their own students', async () => {
    const page = await pageIn('en');
    await signIn(page, 'consultant');
    await page.waitForURL('**/admin/panel/users?role=Student');
    await expect.poll(() => rows(page).count(), WAIT).toBeGreaterThan(0);
    const roles = await page.locator('tbody tr[data-user] td:nth-child(3) .mantine-Badge-root').allTextContents();
    expect(roles.every((r) => r === commonEn.roles.Student || r === commonEn.roles.AcademicConsultant)).toBe(
      true,
    );
    expect(await page.locator('tbody tr[data-user="leo_guo"]').count()).toBe(0);
    expect(await page.locator('tbody tr[data-user="olivia_sun"]').count()).toBe(1);
    await screenshot(page, 'users-consultant-en');
    await page.context().close();
  });

  it.each(['en', 'zh'] as const)(
    'offers a consultant Archive, not Delete, for a student who owns records; Delete for one who owns none; phones read in groups (issue 27, %s)',
    async (language) => {
      const L = texts[language].users;
      const page = await pageIn(language, { viewport: { width: 1920, height: 1000 } });
      await signIn(page, 'consultant');
      await page.waitForURL(/\/admin\//);
      await page.goto('/admin/panel/users');
      await expect.poll(() => rows(page).count(), WAIT).toBeGreaterThan(0);
      // Olivia Sun sits in a class and has paid: deleting her would be refused, so it is not offered.
      const olivia = page.locator('tbody tr[data-user="olivia_sun"]');
      expect(await olivia.textContent()).toContain('+86 139 0000 0101');
      await page.getByRole('button', { name: L.actions.menu.replace('{{name}}', 'Olivia Sun') }).click();
      await page.getByRole('menuitem', { name: L.actions.archive, exact: true }).waitFor(WAIT);
      await expect.poll(() => page.getByRole('menuitem', { name: L.actions.delete, exact: true }).count(), WAIT).toBe(0);
      await screenshot(page, `users-consultant-no-delete-${language}`);
      await page.keyboard.press('Escape');

      // A student of theirs with nothing yet: Delete is offered, and works.
      const suffix = `${language}${Date.now().toString(36)}`;
      const fullName = `Nora Fresh ${suffix}`;
      await page.getByRole('button', { name: L.actions.create }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByLabel(named(L.fields.fullName)).fill(fullName);
      await drawer.getByLabel(named(L.fields.userName)).fill(`nora_${suffix}`);
      await drawer.getByLabel(named(L.fields.password)).fill('Start#2024');
      await drawer.getByLabel(named(L.fields.confirmPassword)).fill('Start#2024');
      await drawer.getByRole('button', { name: L.form.create }).click();
      await expect.poll(() => snackbar(page, texts[language].server.userCreated).isVisible(), WAIT).toBe(true);
      await search(page, language, `nora_${suffix}`);
      await expect.poll(() => rows(page).count(), WAIT).toBe(1);
      await page.getByRole('button', { name: L.actions.menu.replace('{{name}}', fullName) }).click();
      const remove = page.getByRole('menuitem', { name: L.actions.delete, exact: true });
      await expect.poll(() => remove.isEnabled(), WAIT).toBe(true);
      await remove.click();
      await page.getByRole('dialog').getByRole('button', { name: L.confirm.delete.confirm }).click();
      await expect.poll(() => snackbar(page, texts[language].server.userDeleted).isVisible(), WAIT).toBe(true);
      await expect.poll(() => rows(page).count(), WAIT).toBe(0);

      // The consultant's own account page reads their phone in groups too.
      await page.goto('/admin/panel/account');
      await page.getByTestId('account-card').getByText('+86 138 0000 0005', { exact: true }).waitFor(WAIT);
      await page.context().close();
    },
  );

  it('the dashboard counts users per role, as cards and a chart, in both languages', async () => {
    for (const language of ['en', 'zh'] as const) {
      const page = await pageIn(language);
      await signIn(page, 'admin');
      await page.waitForURL('**/admin/panel/dashboard');
      await page.getByRole('link', { name: texts[language].common.nav.dashboard }).click();
      await page.waitForURL('**/admin/panel/dashboard');
      await expect.poll(() => page.getByTestId('figure-users').textContent(), WAIT).toMatch(/\d+/);
      await expect.poll(() => page.locator('.recharts-bar-rectangle').count(), WAIT).toBeGreaterThan(0);
      const students = await page.locator('[data-role="Student"]').textContent();
      expect(Number(students)).toBeGreaterThanOrEqual(11);
      expect(
        await page
          .getByRole('heading', { name: texts[language].dashboard.chart.title, exact: true })
          .isVisible(),
      ).toBe(true);
      await screenshot(page, `users-dashboard-${language}`);
      await page.context().close();
    }
  });

  it('works on a phone screen', async () => {
    const page = await pageIn('en', { viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, 'admin');
    await page.waitForURL('**/admin/panel/dashboard');
    await page.goto('/admin/panel/users');
    // On a phone the rows are cards (issue 27), each with the user's name on it.
    await expect.poll(() => page.locator('[data-phone-row][data-user]').count(), WAIT).toBeGreaterThan(0);
    await screenshot(page, 'users-phone-en');
    await page.getByRole('button', { name: usersEn.actions.create }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByLabel(named(usersEn.fields.fullName)).isVisible())
      .toBe(true);
    await screenshot(page, 'users-phone-form-en');
    await page.context().close();
  });
});
