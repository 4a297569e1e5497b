import { type Language, messages } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../src/locales/en/common.json';
import en from '../src/locales/en/surveys.json';
import zhCommon from '../src/locales/zh/common.json';
import zh from '../src/locales/zh/surveys.json';
import { screenshot, signIn, startStack, type Stack } from './harness';

/**
 * Surveys in the browser (issue 12): the demo student, with the survey badge in their sidebar,
 * rates their maths class (its teacher's third answer, so the teacher's own report shows), and the
 * team leader reads the report's chart; in Chinese the student changes their answers while the
 * round is open.
 */
const texts = { en, zh };
const common = { en: enCommon, zh: zhCommon };
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function openAs(userName: string, language: Language): Promise<Page> {
  const page = await stack.newPage();
  await page.goto('/');
  await page.evaluate((lang) => localStorage.setItem('tutoria.language', lang), language);
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//);
  return page;
}

async function expectChart(page: Page) {
  await page.getByTestId('survey-report-chart').locator('.recharts-surface').first().waitFor();
  expect(await page.locator('.recharts-rectangle').count()).toBeGreaterThan(0);
}

describe.each(['en', 'zh'] as const)('surveys (%s)', (language) => {
  const t = texts[language];
  it('a student answers the survey of their class from the sidebar', async () => {
    const page = await openAs('student', language);
    const nav = page.getByRole('navigation');
    if (language === 'en') await nav.getByTestId('survey-pending-badge').waitFor();
    await nav.getByRole('link', { name: common[language].nav.surveys }).click();
    await page.waitForURL('**/panel/surveys');
    const item = page.getByTestId('survey-item').filter({ hasText: 'A-Level Mathematics' });
    await item.waitFor();
    const ratings = language === 'en' ? (['veryGood', 'good', 'good', 'veryGood'] as const) : (['good', 'medium', 'good', 'good'] as const);
    for (const [index, rating] of ratings.entries()) {
      await item.getByTestId(`survey-question-${index}`).getByLabel(t.ratings[rating], { exact: true }).check();
    }
    await item.getByLabel(t.student.comment).fill(language === 'en' ? 'Clear and patient.' : '讲解很清楚。');
    await item.getByRole('button', { name: language === 'en' ? t.student.submit : t.student.update }).click();
    await page.getByText(messages[language].surveySaved).first().waitFor();
    await item.getByText(t.student.answered, { exact: true }).waitFor();
    await screenshot(page, `surveys-student-${language}`);
    await page.close();
  });

  it('the team leader sees the report chart', async () => {
    const page = await openAs('leader', language);
    await page.getByRole('navigation').getByRole('link', { name: common[language].nav.surveys }).click();
    await page.waitForURL('**/admin/panel/surveys');
    await page.getByTestId('survey-question').first().waitFor();
    await page.getByRole('tab', { name: t.admin.tabs.rounds }).click();
    await page.getByRole('row').filter({ hasText: t.rounds.stateOpen }).getByRole('button', { name: t.rounds.close }).waitFor();
    await screenshot(page, `surveys-rounds-${language}`);
    await page.getByRole('tab', { name: t.admin.tabs.report }).click();
    await page.getByText(t.report.chartTitle).waitFor();
    await expectChart(page);
    await page.getByText(t.report.teachers).waitFor();
    await screenshot(page, `surveys-report-${language}`);
    await page.close();
  });

  if (language === 'en') {
    it("the student's answer is the teacher's third: their own report shows, without names", async () => {
      const page = await openAs('teacher', language);
      await page.goto('/admin/panel/surveys');
      await page.getByRole('heading', { name: t.admin.teacherTitle }).waitFor();
      await expectChart(page);
      await page.getByText('“Clear and patient.”').waitFor();
      expect(await page.getByText('Lucas Huang').count()).toBe(0);
      await page.close();
    });
  }
});
