import type { Language } from '@tutoria/shared';
import { messages } from '@tutoria/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import academicEn from '../src/locales/en/academic.json';
import commonEn from '../src/locales/en/common.json';
import financeEn from '../src/locales/en/finance.json';
import academicZh from '../src/locales/zh/academic.json';
import commonZh from '../src/locales/zh/common.json';
import financeZh from '../src/locales/zh/finance.json';
import { DEMO_PASSWORD, PHONE, screenshot, startStack, type Stack } from './harness';

/**
 * Keyboard journeys (issue 32): a deposit recorded, a session's homework and exam recorded, the
 * parent-link dialog opened and closed, the phone menu used, each with the keyboard alone (Tab,
 * Enter, Space, arrows, Escape; the page is only ever reached by its address). After each step the
 * test says where focus is, and that Escape closes only the innermost layer: a date field's
 * calendar or a select's list in a dialog, the parent-link dialog over the records drawer.
 */
const texts = {
  en: { common: commonEn, finance: financeEn, academic: academicEn, server: messages.en },
  zh: { common: commonZh, finance: financeZh, academic: academicZh, server: messages.zh },
} as const;

/** Last week's session of each class is held and not recorded yet (academic-records.e2e.ts). */
const cast = {
  en: { teacher: 'teacher', className: 'A-Level Physics · pair', homework: 'Exercises 1–10 on page 42' },
  zh: { teacher: 'hannah_brooks', className: 'IELTS Speaking · trio', homework: '第 42 页练习 1–10' },
} as const;

const WAIT = { timeout: 15_000 };
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** Signs in by typing and Enter, then opens `path` by its address. */
async function openAs(userName: string, language: Language, path: string, viewport?: typeof PHONE): Promise<Page> {
  const page = await stack.newPage(viewport ? { viewport, isMobile: true, hasTouch: true } : {});
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await page.getByLabel(/user name|用户名/i).fill(userName);
  await page.getByLabel(/^(password|密码)$/i).fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  await page.goto(path);
  return page;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** What holds focus, for the failure messages. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.slice(0, 40)}` : 'none';
  });

/** Presses Tab (Shift+Tab with `back`) until `target` holds focus. */
async function tabTo(page: Page, target: Locator, back = false, most = 150): Promise<void> {
  await target.waitFor(WAIT);
  for (let presses = 0; presses < most; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached the element; focus is on ${await focusedElement(page)}`);
}

async function expectFocused(page: Page, target: Locator, what: string): Promise<void> {
  await expect
    .poll(async () => ((await isFocused(target)) ? 'focused' : await focusedElement(page)), { ...WAIT, message: what })
    .toBe('focused');
}

describe.each(['en', 'zh'] as const)('keyboard journeys (%s)', (language) => {
  const t = texts[language];

  it('the financial admin records a deposit; Escape closes a calendar or a list, not the dialog', async () => {
    const page = await openAs('finance', language, '/admin/finance/deposit');
    const add = page.getByRole('button', { name: t.finance.deposits.add });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t.finance.form.createTitle });
    await dialog.waitFor(WAIT);
    // Focus is in the dialog, on its close button, which says what it does.
    await expectFocused(page, dialog.getByRole('button', { name: t.common.close, exact: true }), 'close button');

    const classroom = dialog.getByRole('combobox', { name: t.finance.fields.classroom });
    await tabTo(page, classroom);
    await page.keyboard.type('GCSE');
    await page.getByRole('option').first().waitFor(WAIT);
    await expect.poll(() => classroom.getAttribute('aria-expanded'), WAIT).toBe('true');
    const listId = await classroom.getAttribute('aria-controls');
    expect(await page.locator(`[id="${listId}"]`).getAttribute('role')).toBe('listbox');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => classroom.getAttribute('aria-expanded'), WAIT).toBe('false');

    const student = dialog.getByRole('combobox', { name: t.finance.fields.student });
    await expect.poll(() => student.isEnabled(), WAIT).toBe(true);
    await tabTo(page, student);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => student.getAttribute('aria-expanded'), WAIT).toBe('true');
    await page.getByRole('option').first().waitFor(WAIT);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => student.inputValue(), WAIT).not.toBe('');

    const amount = dialog.getByRole('textbox', { name: new RegExp(`^${t.finance.fields.amount}`) });
    await tabTo(page, amount);
    await page.keyboard.type('123.45');

    // The date field opens its calendar as it takes focus: Escape closes the calendar only.
    const date = dialog.getByRole('textbox', { name: new RegExp(`^${t.finance.fields.chargeAt}`) });
    await tabTo(page, date);
    const calendar = page.locator('[data-dates-dropdown]');
    await calendar.waitFor(WAIT);
    await screenshot(page, `keyboard-deposit-calendar-${language}`);
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached', ...WAIT });
    await page.waitForTimeout(400);
    expect(await dialog.isVisible()).toBe(true);
    expect(await amount.inputValue()).toBe('123.45');
    await expectFocused(page, date, 'date field after Escape');

    // A select's list: Escape closes the list, the dialog stays with what was typed.
    const method = dialog.getByRole('combobox', { name: t.finance.fields.paymentMethod });
    await tabTo(page, method);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => method.getAttribute('aria-expanded'), WAIT).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => method.getAttribute('aria-expanded'), WAIT).toBe('false');
    await page.waitForTimeout(400);
    expect(await dialog.isVisible()).toBe(true);
    expect(await amount.inputValue()).toBe('123.45');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option').first().waitFor(WAIT);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => method.inputValue(), WAIT).not.toBe('');

    await tabTo(page, dialog.getByRole('button', { name: t.finance.actions.save }));
    await page.keyboard.press('Enter');
    await page.getByText(t.server.depositSaved.toLocaleUpperCase(), { exact: true }).waitFor(WAIT);
    await dialog.waitFor({ state: 'detached', ...WAIT });
    // Focus is back on the button that opened the dialog, not on the page's body.
    await expectFocused(page, add, 'the dialog’s trigger after saving');
    await page.context().close();
  });

  it('the teacher records homework and an exam by keyboard; Escape closes the parent-link dialog, not the drawer', async () => {
    const who = cast[language];
    const page = await openAs(who.teacher, language, '/admin/panel/class/table');
    await tabTo(page, page.getByRole('link', { name: who.className }).first());
    await page.keyboard.press('Enter');
    // The latest held, unconfirmed session: the last Records button before the upcoming ones.
    const records = page.getByRole('button', { name: t.academic.drawer.open }).last();
    await records.waitFor(WAIT);
    // From the end of the page backwards: the session list is long.
    await tabTo(page, records, true);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('session-records') });
    await drawer.getByTestId('give-homework').waitFor(WAIT);
    await expectFocused(page, drawer.getByRole('button', { name: t.common.close, exact: true }), 'drawer close button');

    const give = drawer.getByTestId('give-homework');
    await tabTo(page, give.getByLabel(t.academic.homework.subtitle));
    await page.keyboard.type(who.homework);
    // The deadline's calendar opens with focus; Escape closes it, the drawer stays with the text.
    await tabTo(page, give.getByRole('textbox', { name: t.academic.homework.deadLine }));
    await page.locator('[data-dates-dropdown]').waitFor(WAIT);
    await page.keyboard.press('Escape');
    await page.locator('[data-dates-dropdown]').waitFor({ state: 'detached', ...WAIT });
    await page.waitForTimeout(400);
    expect(await drawer.isVisible()).toBe(true);
    expect(await give.getByLabel(t.academic.homework.subtitle).inputValue()).toBe(who.homework);
    const submit = give.getByRole('button', { name: t.academic.homework.giveSubmit });
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await page.getByText(t.server.homeworkGiven.toLocaleUpperCase(), { exact: true }).first().waitFor(WAIT);
    await drawer.getByTestId('homework-row').first().waitFor(WAIT);
    await expectFocused(page, submit, 'the homework form’s button after giving homework');

    const student = drawer.getByTestId('student-records').first();
    const exam = student.getByTestId('new-exam');
    await tabTo(page, exam.getByLabel(t.academic.exam.score));
    await page.keyboard.type('92.5');
    await tabTo(page, exam.getByRole('button', { name: t.academic.exam.add }));
    await page.keyboard.press('Enter');
    await student.getByTestId('exam-row').waitFor(WAIT);
    // Focus comes back a frame after the row is drawn (the button leaves its progress state first).
    await expect.poll(() => page.evaluate(() => document.activeElement !== document.body), WAIT).toBe(true);

    // The parent-link dialog over the drawer: Escape closes it alone, focus goes back to its button.
    const linkButton = student.getByRole('button', { name: t.academic.parentLinks.open });
    await tabTo(page, linkButton);
    await page.keyboard.press('Enter');
    const title = t.academic.parentLinks.titleFor.split('{{name}}').map(escapeRegExp).join('.+');
    const links = page.getByRole('dialog', { name: new RegExp(`^${title}$`) });
    await links.waitFor(WAIT);
    await expectFocused(page, links.getByRole('button', { name: t.common.close, exact: true }), 'parent-link close button');
    await screenshot(page, `keyboard-parent-link-${language}`);
    await page.keyboard.press('Escape');
    await links.waitFor({ state: 'detached', ...WAIT });
    await page.waitForTimeout(400);
    expect(await drawer.isVisible()).toBe(true);
    await expectFocused(page, linkButton, 'the parent-link button after Escape');
    // A second Escape closes the drawer, and focus is back on the session's Records button.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached', ...WAIT });
    await expectFocused(page, records, 'the Records button after the drawer closed');
    await page.context().close();
  });

  it('the phone menu says when it is open and hands focus to the chosen page', async () => {
    const page = await openAs(cast[language].teacher, language, '/admin/panel/class/table', PHONE);
    await page.getByRole('heading', { name: t.common.titles.classTable, exact: true }).waitFor(WAIT);
    const burger = page.getByRole('button', { name: t.common.nav.toggleNavigation });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
    const menuId = await burger.getAttribute('aria-controls');
    const menu = page.locator(`[id="${menuId}"]`);
    expect(await menu.getAttribute('aria-label')).toBe(t.common.nav.mainNavigation);
    await tabTo(page, burger);
    await page.keyboard.press('Enter');
    await expect.poll(() => burger.getAttribute('aria-expanded'), WAIT).toBe('true');
    const schedule = menu.getByRole('link', { name: t.common.nav.schedule, exact: true });
    await tabTo(page, schedule);
    await page.keyboard.press('Enter');
    await page.waitForURL(/schedule/i, WAIT);
    await expect.poll(() => burger.getAttribute('aria-expanded'), WAIT).toBe('false');
    // Focus is on the new page's title (or its content), inside <main>, not on the folded menu or <body>.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null), { ...WAIT, message: await focusedElement(page) })
      .toBe(true);
    await screenshot(page, `keyboard-phone-menu-${language}`);
    // Tab goes on from there into the page, not back to the top of the shell.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    await page.context().close();
  });

  it('a date picker takes focus as it opens; the arrows move between days, Escape closes it only', async () => {
    const page = await openAs(cast[language].teacher, language, '/admin/panel/class/table');
    const picker = page.locator('button[data-dates-input]').first();
    await tabTo(page, picker);
    await page.keyboard.press('Enter');
    const dropdown = page.locator('[data-dates-dropdown]');
    await dropdown.waitFor(WAIT);
    // Mantine traps focus in the calendar (its first control, the previous month); Tab reaches the days.
    await expect.poll(() => dropdown.evaluate((d) => d.contains(document.activeElement)), WAIT).toBe(true);
    const day = () => page.evaluate(() => document.activeElement?.closest('table') ? document.activeElement.textContent : null);
    for (let presses = 0; presses < 6 && (await day()) === null; presses += 1) await page.keyboard.press('Tab');
    const first = await day();
    expect(first).not.toBeNull();
    await page.keyboard.press('ArrowRight');
    await expect.poll(day, WAIT).not.toBe(first);
    expect(await day()).not.toBeNull();
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'detached', ...WAIT });
    await expectFocused(page, picker, 'the date field after Escape');
    await page.context().close();
  });
});
