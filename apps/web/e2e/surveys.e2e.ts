import { type Language, messages } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enCommon from '../src/locales/en/common.json';
import en from '../src/locales/en/surveys.json';
import zhCommon from '../src/locales/zh/common.json';
import zh from '../src/locales/zh/surveys.json';
import { PHONE, screenshot, signIn, startStack, type Stack } from './harness';

/**
 * Surveys in the browser (issues 12 and 27): the demo student, with the survey badge in their
 * sidebar, reads the questions and the promise of anonymity in their language and rates their
 * maths class (its teacher's third answer, so the teacher's own report shows); the team leader
 * reads the report — legend worst first with a colour per level, whole-number count axis, floored
 * percentages, comments without names — at 1440 and 375 px; a question added while the round is
 * open stays out of it. In Chinese the student changes their answers while the round is open.
 */
const texts = { en, zh };
const common = { en: enCommon, zh: zhCommon };
const WIDE = { width: 1440, height: 900 } as const;
/** The demo's first question in each language (seed/demo-surveys.ts). */
const firstQuestion = { en: 'How clear were the explanations?', zh: '老师讲解得清楚吗？' };
const added = { en: 'Was the classroom comfortable?', zh: '教室舒适吗？' };
/** The demo student's comment on their maths class, rewritten in the Chinese run. */
const comment = { en: 'Clear and patient.', zh: '讲解很清楚。' };
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function openAs(userName: string, language: Language, phone = false): Promise<Page> {
  const page = await stack.newPage(
    phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: WIDE },
  );
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

/** The report's chart: named for screen readers, legend worst first with swatches the bars' colours, whole counts. */
async function expectReadableChart(page: Page, language: Language) {
  const t = texts[language];
  const chart = page.getByRole('img', { name: t.report.chartLabel });
  await chart.locator('.recharts-rectangle').first().waitFor();
  const legend = await chart.locator('.mantine-ChartLegend-legendItem').evaluateAll((items) =>
    items.map((item) => {
      const swatch = item.querySelector('.mantine-ColorSwatch-root')!.getBoundingClientRect();
      const colour = item.querySelector('.mantine-ColorSwatch-colorOverlay')!;
      return {
        name: item.textContent,
        swatch: [Math.round(swatch.width), Math.round(swatch.height)],
        colour: getComputedStyle(colour).backgroundColor,
      };
    }),
  );
  expect(legend.map((l) => l.name)).toEqual(
    (['veryWeak', 'weak', 'medium', 'good', 'veryGood'] as const).map((r) => t.ratings[r]),
  );
  for (const item of legend) expect(item.swatch).toEqual([12, 12]);
  expect(new Set(legend.map((l) => l.colour)).size).toBe(5);
  // Each level's bars (recharts draws the series in order) have its legend swatch's colour.
  const bars = await chart.locator('.recharts-bar').evaluateAll((series) =>
    series.map((s) => {
      const bar = s.querySelector('.recharts-rectangle');
      return bar ? getComputedStyle(bar).fill : null;
    }),
  );
  expect(bars).toHaveLength(5);
  for (const [i, fill] of bars.entries()) if (fill) expect(fill).toBe(legend[i]!.colour);
  const ticks = await chart
    .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  for (const tick of ticks) expect(tick).toMatch(/^\d+$/);
  // The same figures as a table, with its caption, for screen readers.
  await page.getByRole('table', { name: t.report.tableCaption }).waitFor();
}

/** SPEC §9: every percentage a whole number, the floor of the share. */
async function expectFlooredPercentages(page: Page) {
  const figure = async (testId: string) =>
    (await page.getByTestId(testId).locator('p').last().textContent())!;
  const answers = Number((await figure('survey-answer-count')).replace(/\D/g, ''));
  const expected = Number((await figure('survey-expected-count')).replace(/\D/g, ''));
  expect(await figure('survey-response-rate')).toBe(`${Math.floor((100 * answers) / expected)} %`);
  const cells = await page.getByTestId('survey-class-table').locator('tbody td:last-child').allTextContents();
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) expect(cell).toMatch(/^\d+ %$/);
}

describe.each(['en', 'zh'] as const)('surveys (%s)', (language) => {
  const t = texts[language];
  it('a student reads the questions and the promise in their language and answers from the sidebar', async () => {
    const page = await openAs('student', language, language === 'zh');
    if (language === 'en') {
      const nav = page.getByRole('navigation');
      await nav.getByTestId('survey-pending-badge').waitFor();
      await nav.getByRole('link', { name: common[language].nav.surveys }).click();
    } else {
      await page.goto('/panel/surveys');
    }
    await page.waitForURL('**/panel/surveys');
    await page.getByText(t.student.subtitle).waitFor();
    const item = page.getByTestId('survey-item').filter({ hasText: 'A-Level Mathematics' });
    await item.waitFor();
    await item.getByText(`1. ${firstQuestion[language]}`).waitFor();
    // The question added while the round is open (below, in English) is not in the round.
    expect(await page.getByText(added[language]).count()).toBe(0);
    const ratings =
      language === 'en'
        ? (['veryGood', 'good', 'good', 'veryGood'] as const)
        : (['good', 'medium', 'good', 'good'] as const);
    expect(await item.locator('[data-testid^="survey-question-"]').count()).toBe(ratings.length);
    for (const [index, rating] of ratings.entries()) {
      await item
        .getByTestId(`survey-question-${index}`)
        .getByLabel(t.ratings[rating], { exact: true })
        .check();
    }
    await item.getByLabel(t.student.comment).fill(comment[language]);
    await item.getByRole('button', { name: language === 'en' ? t.student.submit : t.student.update }).click();
    await page.getByText(messages[language].surveySaved).first().waitFor();
    await item.getByText(t.student.answered, { exact: true }).waitFor();
    await screenshot(page, `surveys-student-${language}`);
    await page.close();
  });

  for (const phone of [false, true]) {
    it(`the team leader reads the report: ordered legend, whole counts, floored percentages, anonymous comments (${phone ? 375 : 1440} px)`, async () => {
      const page = await openAs('leader', language, phone);
      if (phone) await page.goto('/admin/panel/surveys');
      else
        await page.getByRole('navigation').getByRole('link', { name: common[language].nav.surveys }).click();
      await page.waitForURL('**/admin/panel/surveys');
      await page.getByTestId('survey-question').first().waitFor();
      await page.getByRole('tab', { name: t.admin.tabs.report }).click();
      await page.getByRole('heading', { name: t.report.chartTitle }).waitFor();
      await expectChart(page);
      await expectReadableChart(page, language);
      await expectFlooredPercentages(page);
      await page.getByText(t.report.teachers).waitFor();
      const table = page.getByRole('table', { name: t.report.tableCaption });
      await table.getByText(firstQuestion[language]).waitFor();
      expect(await table.getByText(added[language]).count()).toBe(0);
      const comments = page.getByTestId('survey-comments');
      await comments.getByText(`“${comment[language]}”`).waitFor();
      await comments.getByText(t.report.anonymous).waitFor();
      // The demo student wrote it in their maths class: neither shows with the comment.
      for (const name of ['Lucas Huang', 'A-Level Mathematics'])
        expect(await comments.getByText(name).count()).toBe(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `surveys-report-${language}-${phone ? 'phone' : 'wide'}`);
      await page.close();
    });
  }

  if (language === 'en') {
    it('a question added while the round is open waits for the next round', async () => {
      const page = await openAs('leader', language);
      await page.goto('/admin/panel/surveys');
      await page.getByTestId('survey-question').first().waitFor();
      await page.getByRole('button', { name: t.questions.add }).click();
      const dialog = page.getByRole('dialog', { name: t.questions.createTitle });
      await dialog.getByLabel(t.questions.textEn).fill(added.en);
      await dialog.getByLabel(t.questions.textZh).fill(added.zh);
      await dialog.getByRole('button', { name: t.questions.save }).click();
      await page.getByTestId('survey-question').filter({ hasText: added.en }).waitFor();
      await page.getByRole('tab', { name: t.admin.tabs.report }).click();
      await page.getByRole('table', { name: t.report.tableCaption }).waitFor();
      expect(await page.getByRole('table', { name: t.report.tableCaption }).getByText(added.en).count()).toBe(
        0,
      );
      await page.close();
      const student = await openAs('student', language);
      await student.goto('/panel/surveys');
      await student.getByText(`1. ${firstQuestion.en}`).first().waitFor();
      expect(await student.getByText(added.en).count()).toBe(0);
      await student.close();
    });

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
