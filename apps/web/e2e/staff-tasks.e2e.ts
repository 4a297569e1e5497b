import type { Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import academicEn from '../src/locales/en/academic.json';
import classesEn from '../src/locales/en/classes.json';
import commonEn from '../src/locales/en/common.json';
import tasksEn from '../src/locales/en/tasks.json';
import academicZh from '../src/locales/zh/academic.json';
import classesZh from '../src/locales/zh/classes.json';
import commonZh from '../src/locales/zh/common.json';
import tasksZh from '../src/locales/zh/tasks.json';
import { PHONE, screenshot, signIn, startStack, type Stack } from './harness';

/**
 * Staff tasks end to end (issue 29), in English and in Chinese: a teacher opens Tasks, sees the
 * held sessions missing their records, follows the group's link to their day, opens the class,
 * records the last held session's presence and teaching day, comes back to Tasks and finds one
 * session fewer to record (and one more to confirm). The page is also looked at on a phone.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const texts = {
  en: { academic: academicEn, classes: classesEn, common: commonEn, tasks: tasksEn },
  zh: { academic: academicZh, classes: classesZh, common: commonZh, tasks: tasksZh },
} as const;

/** Last week's session of each demo class is held and not recorded yet. */
const cast = {
  en: { teacher: 'teacher', className: 'A-Level Physics · pair' },
  zh: { teacher: 'hannah_brooks', className: 'IELTS Speaking · trio' },
} as const;

const WAIT = { timeout: 20_000 };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const named = (label: string) => new RegExp(`^${escape(label)}( \\*)?$`);

async function openAs(
  userName: string,
  language: Language,
  viewport = { width: 1400, height: 900 },
): Promise<Page> {
  const page = await stack.newPage({ viewport });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

describe.each(['en', 'zh'] as const)('staff tasks (%s)', (language) => {
  const t = texts[language];
  const who = cast[language];
  const group = (page: Page, key: keyof typeof tasksEn.groups) =>
    page.getByRole('region', { name: t.tasks.groups[key].title, exact: true });
  const countOf = async (page: Page, key: keyof typeof tasksEn.groups) =>
    Number(await group(page, key).getByTestId('task-count').textContent());

  it('a teacher records a held session from the task list and it leaves the list', async () => {
    const page = await openAs(who.teacher, language);
    await page.getByRole('link', { name: new RegExp(`^${escape(t.common.nav.tasks)}`) }).click();
    await page.getByRole('heading', { name: t.tasks.title, exact: true }).waitFor(WAIT);
    await group(page, 'sessionsToRecord').waitFor(WAIT);
    const toRecord = await countOf(page, 'sessionsToRecord');
    const toConfirm = await countOf(page, 'sessionsToConfirm');
    expect(toRecord).toBeGreaterThan(0);
    // The sidebar's badge shows the total.
    const badge = page.getByTestId('tasks-badge');
    await badge.waitFor(WAIT);
    const total = Number(await badge.textContent());
    expect(total).toBeGreaterThanOrEqual(toRecord + toConfirm);
    if (language === 'en') await screenshot(page, 'staff-tasks');

    await page
      .getByRole('link', {
        name: t.tasks.openGroup.replace('{{group}}', t.tasks.groups.sessionsToRecord.title),
      })
      .click();
    const waiting = page.getByRole('region', { name: t.classes.myDay.toRecord.title });
    await waiting.getByRole('link', { name: who.className }).first().click();
    await page.getByRole('heading', { name: who.className }).waitFor(WAIT);

    // The latest held session (the last with a Records button): presence, then the teaching day.
    const card = page
      .getByTestId('session-card')
      .filter({ has: page.getByRole('button', { name: t.academic.drawer.open }) })
      .last();
    await card.waitFor(WAIT);
    const [before, after] = t.classes.session.actionsFor.split('{{number}}');
    const actions = card.getByRole('button', {
      name: new RegExp(`^${escape(before!)}\\d+${escape(after!)}$`),
    });
    await actions.click();
    await page.getByRole('menuitem', { name: t.classes.session.actions.presence }).click();
    const presence = page.getByRole('dialog', { name: t.classes.session.dialogs.presence });
    await presence.getByRole('button', { name: t.classes.actions.save }).click();
    await presence.waitFor({ state: 'hidden', ...WAIT });
    await actions.click();
    await page.getByRole('menuitem', { name: t.classes.session.actions.teachingDay }).click();
    const teaching = page.getByRole('dialog', { name: t.classes.session.dialogs.teachingDay });
    await teaching.getByLabel(named(t.classes.session.taughtDescription)).fill('Past papers, question 3');
    await teaching.getByRole('button', { name: t.classes.actions.save }).click();
    await teaching.waitFor({ state: 'hidden', ...WAIT });

    // Back on Tasks: one session fewer to record, one more to confirm; the badge's total follows.
    await page.getByRole('link', { name: new RegExp(`^${escape(t.common.nav.tasks)}`) }).click();
    await page.getByRole('heading', { name: t.tasks.title, exact: true }).waitFor(WAIT);
    await expect.poll(() => countOf(page, 'sessionsToRecord'), WAIT).toBe(toRecord - 1);
    expect(await countOf(page, 'sessionsToConfirm')).toBe(toConfirm + 1);
    await expect.poll(async () => Number(await badge.textContent()), WAIT).toBe(total);
    await page.context().close();
  });

  it('fits a phone', async () => {
    const page = await openAs(who.teacher, language, PHONE);
    await page.goto('/admin/panel/reports/tasks');
    await page.getByRole('heading', { name: t.tasks.title, exact: true }).waitFor(WAIT);
    await group(page, 'sessionsToRecord').waitFor(WAIT);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    if (language === 'en') await screenshot(page, 'staff-tasks-phone');
    await page.context().close();
  });
});
