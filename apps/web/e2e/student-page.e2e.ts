import type { Language } from '@tutoria/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../src/locales/en/common.json';
import enFinance from '../src/locales/en/finance.json';
import enProgress from '../src/locales/en/progress.json';
import enStudents from '../src/locales/en/students.json';
import zhCommon from '../src/locales/zh/common.json';
import zhFinance from '../src/locales/zh/finance.json';
import zhProgress from '../src/locales/zh/progress.json';
import zhStudents from '../src/locales/zh/students.json';
import { PHONE, screenshot, signIn, startStack, type Stack } from './harness';

/**
 * A student's page (issue 31): the consultant opens their student from the users list, from a
 * row of the balances (debtors) and from a class's details, and sees every section load; a teacher
 * sees the academic parts and no money; the student opens their own page from the sidebar. Once
 * in Chinese, once on a 375 px phone with nothing scrolling sideways.
 */
const texts = {
  en: { common: enCommon, finance: enFinance, progress: enProgress, students: enStudents },
  zh: { common: zhCommon, finance: zhFinance, progress: zhProgress, students: zhStudents },
};
const STUDENT = 'Lucas Huang';
const WAIT = { timeout: 20_000 };
const TEST_TIMEOUT = 150_000;
const DESKTOP = { width: 1440, height: 900 };
const STUDENT_PAGE = /\/admin\/panel\/users\/student\/[0-9a-f-]{36}$/;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function openAs(
  userName: string,
  language: Language = 'en',
  viewport: { width: number; height: number } = DESKTOP,
): Promise<Page> {
  const phone = viewport.width < 500;
  const page = await stack.newPage({ viewport, isMobile: phone, hasTouch: phone });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

const section = (page: Page, id: string) => page.getByTestId(`student-${id}`);

/** A section comes on screen, asks for its data and draws it: `ready` inside it shows. */
async function seeSection(page: Page, id: string, ready: (section: Locator) => Locator) {
  const box = section(page, id);
  await box.scrollIntoViewIfNeeded(WAIT);
  await ready(box).first().waitFor(WAIT);
}

/** The header, the first screen's sections and each section the caller may see, drawn with its data. */
async function seeStudentPage(page: Page, language: Language, sections: { money: boolean; logins: boolean }) {
  const t = texts[language].students;
  await page.getByRole('heading', { level: 1, name: STUDENT }).waitFor(WAIT);
  await section(page, 'header').getByText(t.header.consultant).waitFor(WAIT);
  await section(page, 'profile').getByText('Shanghai Pinghe School').waitFor(WAIT);
  await section(page, 'classes').getByTestId('student-class').first().waitFor(WAIT);
  await seeSection(page, 'week', (s) =>
    s.getByRole('region', { name: t.week.calendar.replace('{{name}}', STUDENT) }),
  );
  if (sections.money) {
    await seeSection(page, 'money', (s) => s.getByTestId('student-balance'));
    expect(await section(page, 'money').getByTestId('student-money-total').count()).toBe(4);
  } else {
    expect(await section(page, 'money').count()).toBe(0);
    expect(await page.getByRole('heading', { name: t.money.title, exact: true }).count()).toBe(0);
  }
  await seeSection(page, 'academic', (s) => s.getByTestId('student-academic-class'));
  await section(page, 'progress').scrollIntoViewIfNeeded(WAIT);
  await page.getByRole('heading', { level: 3, name: texts[language].progress.plan.title }).waitFor(WAIT);
  await seeSection(page, 'surveys', (s) => s.getByTestId('student-survey').or(s.getByText(t.surveys.none)));
  if (sections.logins) {
    await seeSection(page, 'logins', (s) => s.getByRole('heading', { name: t.logins.title }));
    await section(page, 'logins').getByText(t.logins.success).first().waitFor(WAIT);
  } else {
    expect(await section(page, 'logins').count()).toBe(0);
  }
  expect(await page.evaluate(headingJumps)).toEqual([]);
}

/** The page's headings in order, none skipped: its h1, then h2 sections and h3 parts inside them. */
function headingJumps(): string[] {
  const levels = [
    ...document.querySelectorAll(
      'main h1, main h2, main h3, main h4, main h5, main h6, main [role="heading"]',
    ),
  ].map((el) => ({
    level: Number(el.getAttribute('aria-level') ?? el.tagName.slice(1)),
    text: (el.textContent ?? '').trim().slice(0, 30),
  }));
  const jumps = levels[0]?.level === 1 ? [] : [`the first heading is h${levels[0]?.level}`];
  for (let i = 1; i < levels.length; i += 1) {
    if (levels[i]!.level > levels[i - 1]!.level + 1)
      jumps.push(`h${levels[i - 1]!.level} → h${levels[i]!.level} "${levels[i]!.text}"`);
  }
  return jumps;
}

/** Nothing of the page goes past the screen's right edge, and the page does not scroll sideways. */
function sidewaysProblems(): string[] {
  const width = document.documentElement.clientWidth;
  const problems: string[] = [];
  if (document.documentElement.scrollWidth > width) {
    problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px > ${width} px`);
  }
  for (const el of document.querySelectorAll('main *')) {
    if (el.closest('.tutoria-calendar .fc-timegrid-body, svg')) continue;
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 1) {
      problems.push(
        `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" ends at ${box.right}`,
      );
    }
  }
  return problems.slice(0, 5);
}

describe("a student's page (issue 31)", () => {
  it(
    'a consultant opens their student from the users list, a balances row and class details, and sees each section',
    async () => {
      const page = await openAs('consultant');
      // The consultant's home is their students.
      await page.waitForURL(/\/admin\/panel\/users/, WAIT);
      await page.getByRole('link', { name: STUDENT, exact: true }).click();
      await page.waitForURL(STUDENT_PAGE, WAIT);
      await seeStudentPage(page, 'en', { money: true, logins: true });
      // The money's links lead to the finance lists filtered to the student.
      const deposits = section(page, 'money').getByRole('link', { name: /^All \d+ deposits$/ });
      expect(await deposits.getAttribute('href')).toMatch(
        /^\/admin\/finance\/deposit\?studentPublicKey=[0-9a-f-]{36}$/,
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'student-page-consultant-1440-en');
      const studentUrl = page.url();

      // From a row of the balances (only the consultant's students are listed there).
      await page.goto('/admin/finance/debtors');
      await page.getByRole('heading', { name: enFinance.debtors.title }).waitFor(WAIT);
      await page.getByRole('switch', { name: enFinance.debtors.onlyOwing }).click({ force: true });
      await page.getByRole('searchbox', { name: enFinance.filters.search }).fill(STUDENT);
      // The list has settled on the search: every row is the student's.
      await page.waitForURL(/q=Lucas/, WAIT);
      await expect.poll(() => page.locator('tbody tr').filter({ hasNotText: STUDENT }).count(), WAIT).toBe(0);
      const row = page.locator('tbody').getByRole('link', { name: STUDENT, exact: true }).first();
      await row.waitFor(WAIT);
      await row.click();
      await page.waitForURL(studentUrl, WAIT);
      await page.getByRole('heading', { level: 1, name: STUDENT }).waitFor(WAIT);

      // From a class's details: the class's card leads there, the student's name back.
      const firstClass = section(page, 'classes').getByTestId('student-class').first().getByRole('link');
      await firstClass.click();
      await page.waitForURL(/\/admin\/panel\/class\/[0-9a-f-]{36}$/, WAIT);
      await page.getByRole('main').getByRole('link', { name: STUDENT, exact: true }).first().click();
      await page.waitForURL(studentUrl, WAIT);
      await seeStudentPage(page, 'en', { money: true, logins: true });
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'a teacher opens a student of their class from its details and sees no money',
    async () => {
      const page = await openAs('teacher');
      await page.goto('/admin/panel/class/table');
      await page.locator('tbody a[href*="/admin/panel/class/"]').first().click();
      await page.waitForURL(/\/admin\/panel\/class\/[0-9a-f-]{36}$/, WAIT);
      const student = page.getByRole('main').locator('a[href*="/admin/panel/users/student/"]').first();
      await student.waitFor(WAIT);
      const name = (await student.textContent())!.trim();
      await student.click();
      await page.waitForURL(STUDENT_PAGE, WAIT);
      await page.getByRole('heading', { level: 1, name }).waitFor(WAIT);
      await seeSection(page, 'academic', (s) => s.getByTestId('student-academic-class'));
      expect(await section(page, 'money').count()).toBe(0);
      expect(await section(page, 'logins').count()).toBe(0);
      expect(await page.getByRole('heading', { name: enStudents.money.title, exact: true }).count()).toBe(0);

      // By keyboard: Tab reaches the first class's link, Enter opens the class.
      const classLink = section(page, 'classes').getByRole('link').first();
      const onClass = () => classLink.evaluate((link) => link === document.activeElement);
      for (let tabs = 0; tabs < 40 && !(await onClass()); tabs += 1) await page.keyboard.press('Tab');
      expect(await onClass()).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/admin\/panel\/class\/[0-9a-f-]{36}$/, WAIT);
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'the student opens their own page from the sidebar: their money, no sign-ins',
    async () => {
      const page = await openAs('student');
      await page.getByRole('link', { name: enCommon.nav.me }).first().click();
      await page.waitForURL('**/panel/me', WAIT);
      await seeStudentPage(page, 'en', { money: true, logins: false });
      // No staff links: no way back to a users list, no class details.
      expect(await page.getByRole('link', { name: new RegExp(enStudents.page.backToStudents) }).count()).toBe(
        0,
      );
      expect(await section(page, 'classes').locator('a').count()).toBe(0);
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'in Chinese: the consultant reads their student’s page',
    async () => {
      const page = await openAs('consultant', 'zh');
      await page.waitForURL(/\/admin\/panel\/users/, WAIT);
      await page.getByRole('link', { name: STUDENT, exact: true }).click();
      await page.waitForURL(STUDENT_PAGE, WAIT);
      await seeStudentPage(page, 'zh', { money: true, logins: true });
      for (const title of [zhStudents.classes.title, zhStudents.week.title, zhStudents.money.title]) {
        await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor(WAIT);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'student-page-consultant-1440-zh');
      await page.context().close();
    },
    TEST_TIMEOUT,
  );

  it(
    'on a 375 px phone: every section, nothing scrolling sideways',
    async () => {
      for (const language of ['en', 'zh'] as const) {
        const page = await openAs('consultant', language, PHONE);
        await page.waitForURL(/\/admin\/panel\/users/, WAIT);
        await page.getByRole('main').getByRole('link', { name: STUDENT, exact: true }).click();
        await page.waitForURL(STUDENT_PAGE, WAIT);
        await seeStudentPage(page, language, { money: true, logins: true });
        await page.evaluate(() => document.fonts.ready);
        await expect.poll(() => page.evaluate(sidewaysProblems), { ...WAIT, interval: 250 }).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `student-page-consultant-375-${language}`);
        await page.context().close();
      }
    },
    TEST_TIMEOUT * 2,
  );
});
