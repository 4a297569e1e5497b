import path from 'node:path';
import type { Language } from '@tutoria/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import academicEn from '../src/locales/en/academic.json';
import commonEn from '../src/locales/en/common.json';
import financeEn from '../src/locales/en/finance.json';
import notificationsEn from '../src/locales/en/notifications.json';
import usersEn from '../src/locales/en/users.json';
import commonZh from '../src/locales/zh/common.json';
import financeZh from '../src/locales/zh/finance.json';
import notificationsZh from '../src/locales/zh/notifications.json';
import usersZh from '../src/locales/zh/users.json';
import { isOnScreen, PHONE, screenshot, SHOTS_DIR, signIn, startStack, type Stack } from './harness';

/**
 * Every list on a phone (issue 27): at 375 px each list page, opened by the role that works from
 * it, shows its rows as cards — nothing scrolls sideways (neither the page nor a box inside it),
 * no row, key field or action lies outside the screen, no text or badge is cut short — and each
 * row's actions are on screen and take a tap. Some pages again in Chinese.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const WAIT = { timeout: 20_000 };
const TEST_TIMEOUT = 180_000;
const texts = {
  en: { common: commonEn, finance: financeEn, notifications: notificationsEn, users: usersEn },
  zh: { common: commonZh, finance: financeZh, notifications: notificationsZh, users: usersZh },
} as const;

async function phoneAs(userName: string, language: Language = 'en'): Promise<Page> {
  const page = await stack.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

/**
 * What a phone would show wrong in the page's main part (or the dialog on top): the page or a box in
 * it scrolling sideways, a card or anything in it past the screen's edges, a text or badge cut
 * with "…". Form fields are left out (a long placeholder may be cut; it is no data).
 */
function phoneProblems(): string[] {
  const width = document.documentElement.clientWidth;
  const problems: string[] = [];
  const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
  if (document.documentElement.scrollWidth > width) {
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px`);
  }
  // The dialog on top (the last opened), else the page.
  const scope = [...document.querySelectorAll('[role="dialog"]')].at(-1) ?? document.querySelector('main')!;
  for (const el of scope.querySelectorAll<HTMLElement>('*')) {
    if (el.closest('input, textarea, select, svg')) continue;
    const style = getComputedStyle(el);
    const over = el.scrollWidth > el.clientWidth + 1;
    if (over && (style.overflowX === 'auto' || style.overflowX === 'scroll')) {
      problems.push(`scrolls sideways: ${name(el)}`);
    }
    if (over && style.textOverflow === 'ellipsis') problems.push(`cut short: ${name(el)}`);
  }
  for (const el of scope.querySelectorAll('[data-phone-row], [data-phone-row] *')) {
    const box = el.getBoundingClientRect();
    if (box.width > 0 && (box.left < -1 || box.right > width + 1)) problems.push(`off screen: ${name(el)}`);
  }
  return problems;
}

interface ListCheck {
  /** Rows are cards (a server list); otherwise `ready` says the page is drawn. */
  cards?: boolean;
  ready?: (page: Page) => Locator;
  /** Every row has an action (else: each action there is must be on screen and tappable). */
  actions?: 'every' | 'some' | 'none';
  /** Where the list is: the page's main part, or an open dialog. */
  scope?: 'main' | 'dialog';
}

/** One screenful of the page from `at` down: the cards as a phone shows them. */
async function screenShot(page: Page, at: Locator, name: string) {
  const top = await at.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await page.screenshot({
    path: path.join(SHOTS_DIR, `phone-${name}-screen.png`),
    fullPage: true,
    clip: { x: 0, y: Math.max(0, top - 16), width: PHONE.width, height: PHONE.height },
    animations: 'disabled',
  });
}

/** The page fits the phone; each row's action button is on screen and takes a tap (trial). */
async function expectFits(page: Page, shot: string, check: ListCheck = { cards: true, actions: 'none' }) {
  try {
    await checkFits(page, check);
  } catch (error) {
    await screenshot(page, `phone-${shot}-failed`);
    throw error;
  }
  await screenshot(page, `phone-${shot}`);
}

async function checkFits(page: Page, check: ListCheck) {
  const scope = check.scope === 'dialog' ? page.getByRole('dialog').last() : page.locator('main');
  const rows = scope.locator('[data-phone-row]');
  if (check.cards !== false) await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(0);
  if (check.ready) await check.ready(page).first().waitFor(WAIT);
  await page.evaluate(() => document.fonts.ready);
  await expect.poll(() => page.evaluate(phoneProblems), { ...WAIT, interval: 250 }).toEqual([]);
  // A list is cards on a phone: no table row of a list is drawn (a chart's figures for screen readers are no list).
  if (check.cards !== false)
    expect(await scope.locator('table:not([data-chart-table]) tbody tr').count()).toBe(0);
  // A row's actions: its menu or buttons beside its title.
  const actions = scope
    .locator('[data-phone-row] [data-phone-actions]')
    .filter({ has: page.locator('button, a') });
  if (check.actions === 'every') await expect.poll(() => actions.count(), WAIT).toBe(await rows.count());
  if (check.actions === 'some') await expect.poll(() => actions.count(), WAIT).toBeGreaterThan(0);
  for (let i = 0; i < Math.min(await actions.count(), 4); i += 1) {
    const button = actions.nth(i).locator('button, a').first();
    await expect
      .poll(() => isOnScreen(button), { ...WAIT, message: `row ${i + 1}'s action on screen` })
      .toBe(true);
    await button.click({ trial: true, timeout: 5_000 });
  }
}

describe('lists on a phone (375 px)', () => {
  it(
    'finance: deposits, with their actions at hand, and sorting from the select; transfers, fees, side costs and a class’s money',
    async () => {
      const page = await phoneAs('finance');
      const t = texts.en.finance;
      await page.goto('/admin/finance/deposit');
      await expectFits(page, 'deposits-en', { actions: 'every' });
      await screenShot(page, page.locator('[data-phone-row]').first(), 'deposits-en');
      // The first row's menu opens on screen.
      await page.locator('[data-phone-row]').first().getByRole('button', { name: t.columns.actions }).click();
      const history = page.getByRole('menuitem', { name: t.rowActions.history });
      await history.waitFor(WAIT);
      expect(await isOnScreen(history)).toBe(true);
      await page.keyboard.press('Escape');
      // The headers' sorting is a select on a phone.
      await page.getByLabel(commonEn.table.sortBy).selectOption({
        label: commonEn.table.descending.replace('{{column}}', t.columns.amount),
      });
      await page.waitForURL(/sort=-amount/, WAIT);
      await expectFits(page, 'deposits-sorted-en', { actions: 'every' });

      await page.goto('/admin/finance/transfer');
      await expectFits(page, 'transfers-en', { actions: 'some' });
      await page.goto('/admin/finance/fee');
      await expectFits(page, 'fees-en', { actions: 'every' });
      await page.goto('/admin/finance/debtors');
      await expectFits(page, 'balances-en');
      await page.goto('/admin/finance/side-costs');
      await expectFits(page, 'side-costs-en');

      // A class's money per student, in its details.
      await page.goto('/admin/panel/class/table');
      await page.locator('[data-phone-row] a').first().click();
      await page.waitForURL(/\/admin\/panel\/class\/[0-9a-f-]{36}$/, WAIT);
      await page.getByTestId('classroom-money').scrollIntoViewIfNeeded();
      await expectFits(page, 'class-money-en', { actions: 'every' });
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'admin: users (a row opens its menu), a user’s login history, notifications and failed deliveries',
    async () => {
      const page = await phoneAs('admin');
      await page.goto('/admin/panel/users');
      await expectFits(page, 'users-en', { actions: 'every' });
      await page.getByRole('textbox', { name: usersEn.filters.search }).fill('Lucas');
      await expect.poll(() => page.locator('[data-phone-row]').count(), WAIT).toBe(1);
      const menu = usersEn.actions.menu.replace('{{name}}', 'Lucas Huang');
      await page.getByRole('button', { name: menu }).click();
      await page.getByRole('menuitem', { name: usersEn.actions.loginHistory }).click();
      await expectFits(page, 'login-history-en', { cards: true, scope: 'dialog' });
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count(), WAIT).toBe(0);

      // Everyone's notifications: "Mark read" only on the administrator's own unread ones.
      await page.goto('/admin/panel/notifications');
      await expectFits(page, 'notifications-all-en');
      await page.goto('/admin/panel/notifications?tab=failures');
      await expectFits(page, 'failed-deliveries-en', {
        cards: false,
        ready: (p) => p.getByText(notificationsEn.failures.intro),
      });
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'leader, scheduler, teacher and consultant: lessons, courses, survey rounds, classes, sessions, balances, a course plan',
    async () => {
      const leader = await phoneAs('leader');
      await leader.goto('/admin/panel/lessons');
      await expectFits(leader, 'lessons-en', { actions: 'every' });
      await leader.goto('/admin/panel/courses');
      await expectFits(leader, 'courses-en', { actions: 'every' });
      // A course's lessons open under its card.
      await leader
        .locator('[data-phone-row]')
        .first()
        .getByRole('button', { name: commonEn.table.showDetails })
        .click();
      await leader.getByRole('button', { name: commonEn.table.hideDetails }).waitFor(WAIT);
      await expectFits(leader, 'courses-open-en', { actions: 'every' });
      await leader.goto('/admin/panel/surveys?tab=rounds');
      await expectFits(leader, 'survey-rounds-en', { actions: 'some' });
      await leader.context().close();

      const scheduler = await phoneAs('scheduler');
      await scheduler.goto('/admin/panel/class/table');
      await expectFits(scheduler, 'class-table-en');
      await scheduler.context().close();

      const teacher = await phoneAs('teacher');
      await teacher.goto('/admin/panel/class/upcoming');
      await expectFits(teacher, 'upcoming-en');
      await teacher.context().close();

      const consultant = await phoneAs('consultant');
      await consultant.goto('/admin/finance/debtors?all=true');
      await expectFits(consultant, 'balances-consultant-en');
      await consultant.goto('/admin/finance/deposit');
      await expectFits(consultant, 'deposits-consultant-en', { actions: 'every' });
      // The student's course plan, from the users list's row menu.
      await consultant.goto('/admin/panel/users?q=Lucas');
      await consultant
        .getByRole('button', { name: usersEn.actions.menu.replace('{{name}}', 'Lucas Huang') })
        .click();
      await consultant.getByRole('menuitem', { name: usersEn.actions.progressStage }).click();
      await consultant.waitForURL(/progressStage/, WAIT);
      await expectFits(consultant, 'course-plan-en', {
        actions: 'every',
        ready: (p) => p.getByTestId('plan-entry'),
      });
      await consultant.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'teacher: a session’s parent links, made and listed in the records drawer',
    async () => {
      const page = await phoneAs('teacher');
      await page.goto('/admin/panel/class/table?q=Physics');
      await page.getByRole('link', { name: 'A-Level Physics · pair' }).click();
      await page.waitForURL(/\/admin\/panel\/class\/[0-9a-f-]{36}$/, WAIT);
      const open = page.getByRole('button', { name: academicEn.drawer.open });
      await open.first().waitFor(WAIT);
      await open.last().click();
      const drawer = page.getByTestId('session-records');
      await drawer.waitFor(WAIT);
      await drawer
        .getByTestId('student-records')
        .first()
        .getByRole('button', { name: academicEn.parentLinks.open })
        .click();
      await page.getByRole('button', { name: academicEn.parentLinks.create }).click();
      await page.getByTestId('parent-link-url').waitFor(WAIT);
      await expectFits(page, 'parent-links-en', { actions: 'every', scope: 'dialog' });
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'student: sessions, notifications (marked read from the card), reports, own money and course plan',
    async () => {
      const page = await phoneAs('student');
      await page.goto('/panel/upcoming');
      await expectFits(page, 'panel-upcoming-en');
      await page.goto('/panel/notifications');
      await expectFits(page, 'notifications-student-en', { actions: 'some' });
      await screenShot(page, page.locator('[data-phone-row]').first(), 'notifications-student-en');
      const unread = async () => page.locator('[data-phone-row] [data-phone-actions] button').count();
      const before = await unread();
      await page
        .locator('[data-phone-row] [data-phone-actions]')
        .first()
        .getByRole('button', { name: notificationsEn.actions.markRead })
        .click();
      await expect.poll(unread, WAIT).toBe(before - 1);

      await page.goto('/panel/reports');
      await expectFits(page, 'student-reports-en', { ready: (p) => p.getByTestId('homework-line') });
      await screenShot(page, page.getByTestId('report-completed'), 'student-reports-homework-en');
      await screenShot(page, page.getByTestId('report-classes'), 'student-reports-classes-en');
      await page.goto('/panel/classes');
      await expectFits(page, 'student-money-en', { ready: (p) => p.getByTestId('own-transfers') });
      await page.goto('/panel/progressStage');
      await expectFits(page, 'student-course-plan-en', { ready: (p) => p.getByTestId('plan-entry') });
      await page.context().close();
    },
    TEST_TIMEOUT,
  );
});

describe('lists on a phone in Chinese (375 px)', () => {
  it(
    'deposits, users, a student’s notifications and reports',
    async () => {
      const finance = await phoneAs('finance', 'zh');
      await finance.goto('/admin/finance/deposit');
      await expectFits(finance, 'deposits-zh', { actions: 'every' });
      await screenShot(finance, finance.locator('[data-phone-row]').first(), 'deposits-zh');
      await finance.context().close();

      const admin = await phoneAs('admin', 'zh');
      await admin.goto('/admin/panel/users');
      await expectFits(admin, 'users-zh', { actions: 'every' });
      await admin.context().close();

      const student = await phoneAs('student', 'zh');
      await student.goto('/panel/notifications');
      await expectFits(student, 'notifications-student-zh', { actions: 'some' });
      await screenShot(student, student.locator('[data-phone-row]').first(), 'notifications-student-zh');
      expect(
        await student
          .locator('[data-phone-row]')
          .getByRole('button', { name: texts.zh.notifications.actions.markRead })
          .count(),
      ).toBeGreaterThan(0);
      await student.goto('/panel/reports');
      await expectFits(student, 'student-reports-zh', { ready: (p) => p.getByTestId('homework-line') });
      await student.context().close();
    },
    TEST_TIMEOUT,
  );
});
