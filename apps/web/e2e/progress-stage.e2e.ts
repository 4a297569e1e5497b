import { type Language, lessonTypeLabel } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../src/locales/en/common.json';
import enProgress from '../src/locales/en/progress.json';
import enUsers from '../src/locales/en/users.json';
import zhCommon from '../src/locales/zh/common.json';
import zhProgress from '../src/locales/zh/progress.json';
import zhUsers from '../src/locales/zh/users.json';
import { screenshot, signIn, startStack, type Stack } from './harness';

/**
 * Course plans and the progress stage (issue 12): the consultant opens the demo student's progress
 * stage from the users table, adds a plan entry and moves an application on; the student then
 * sees both on /panel/progressStage. In English and in Chinese.
 */
const texts = {
  en: { common: enCommon, progress: enProgress, users: enUsers },
  zh: { common: zhCommon, progress: zhProgress, users: zhUsers },
};
const STUDENT = 'Lucas Huang';
const WAIT = { timeout: 15_000 };
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A field by its label, which may end with the required-field asterisk. */
const named = (label: string) => new RegExp(`^${escape(label)}( \\*)?$`);

async function openAs(userName: string, language: Language): Promise<Page> {
  const page = await stack.newPage();
  await page.goto('/');
  await page.evaluate((lang) => localStorage.setItem('tutoria.language', lang), language);
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//);
  return page;
}

describe.each(['en', 'zh'] as const)('progress stage (%s)', (language) => {
  const t = texts[language];
  const topic = language === 'en' ? 'Essay writing' : '学术写作';

  it('a consultant adds a plan entry and moves an application on', async () => {
    const page = await openAs('consultant', language);
    await page.goto('/admin/panel/users');
    await page.getByRole('button', { name: t.users.actions.menu.replace('{{name}}', STUDENT) }).click();
    await page.getByRole('menuitem', { name: t.users.actions.progressStage, exact: true }).click();
    await page.getByRole('heading', { name: t.progress.title.replace('{{name}}', STUDENT) }).waitFor(WAIT);

    await page.getByRole('button', { name: t.progress.plan.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(named(t.progress.plan.lessonType)).click();
    await page.getByRole('option', { name: lessonTypeLabel('IELTS_Online', language), exact: true }).click();
    await dialog.getByLabel(named(t.progress.plan.lessonTopic)).fill(topic);
    await dialog.getByLabel(named(t.progress.plan.suggestedHours)).fill('10.5');
    await dialog.getByRole('button', { name: t.progress.actions.save }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const row = page.getByTestId('plan-entry').filter({ hasText: topic });
    await row.waitFor(WAIT);
    expect(await row.getByTestId('plan-hours').textContent()).toContain('10.5');

    if (language === 'en') {
      // The application with an offer is accepted, dated today.
      const card = page.getByTestId('application').filter({ hasText: 'University of Edinburgh' });
      await card.getByRole('button', { name: t.progress.applications.editTitle }).click();
      await dialog.getByLabel(named(t.progress.applications.status)).click();
      await page.getByRole('option', { name: t.progress.statuses.Accepted, exact: true }).click();
      await dialog.getByRole('button', { name: t.progress.actions.save }).click();
      await dialog.waitFor({ state: 'detached', ...WAIT });
      await card.getByText(t.progress.statuses.Accepted).first().waitFor(WAIT);
    }
    await screenshot(page, `progress-stage-consultant-${language}`);
    await page.close();
  });

  it('the student sees the plan and the applications on their progress stage', async () => {
    const page = await openAs('student', language);
    await page.getByRole('link', { name: t.common.nav.progressStage }).first().click();
    await page.waitForURL('**/panel/progressStage');
    await page.getByTestId('plan-entry').filter({ hasText: topic }).waitFor(WAIT);
    const edinburgh = page.getByTestId('application').filter({ hasText: 'University of Edinburgh' });
    await edinburgh.getByText(t.progress.statuses.Accepted).first().waitFor(WAIT);
    // Read-only: no way to change anything.
    expect(await page.getByRole('button', { name: t.progress.plan.add }).count()).toBe(0);
    expect(await page.getByRole('button', { name: t.progress.actions.edit }).count()).toBe(0);
    await screenshot(page, `progress-stage-student-${language}`);
    await page.close();
  });
});
