import { type Language, messages } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import academicEn from '../src/locales/en/academic.json';
import commonEn from '../src/locales/en/common.json';
import academicZh from '../src/locales/zh/academic.json';
import commonZh from '../src/locales/zh/common.json';
import { signIn, startStack, type Stack } from './harness';

/**
 * Homework files end to end (issue 10, hw-files), in English and in Chinese: the teacher gives a
 * homework in a held session's records drawer and attaches a PDF; the student finds it on
 * `/panel/tasks`, downloads the teacher's file and uploads an answer.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const texts = {
  en: { academic: academicEn, common: commonEn, server: messages.en },
  zh: { academic: academicZh, common: commonZh, server: messages.zh },
} as const;

const cast = {
  en: {
    teacher: 'teacher',
    className: 'A-Level Mathematics · Lucas',
    student: 'student',
    studentName: 'Lucas Huang',
  },
  zh: {
    teacher: 'hannah_brooks',
    className: 'IELTS Speaking · trio',
    student: 'olivia_sun',
    studentName: 'Olivia Sun',
  },
} as const;

const WAIT = { timeout: 20_000 };

const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

async function openAs(userName: string, language: Language): Promise<Page> {
  const page = await stack.newPage({ viewport: { width: 1400, height: 900 } });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

/** Chooses `name` in the file picker the button opens. */
async function chooseFile(page: Page, button: ReturnType<Page['getByRole']>, name: string, content: Buffer) {
  const chooser = page.waitForEvent('filechooser', WAIT);
  await button.click();
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: content });
}

describe.each(['en', 'zh'] as const)('homework files (%s)', (language) => {
  const t = texts[language];
  const who = cast[language];
  const subtitle = `Homework with files ${language}`;
  const sheet = language === 'en' ? 'Worksheet.pdf' : '练习.pdf';

  it('the teacher attaches a file; the student downloads it and uploads an answer', async () => {
    const teacher = await openAs(who.teacher, language);
    await teacher.getByRole('link', { name: t.common.nav.classRoom }).click();
    // The home may list the same class (a teacher's My day): wait for the class list's page.
    await teacher.getByRole('heading', { name: t.common.titles.classTable, exact: true }).waitFor(WAIT);
    await teacher.getByRole('link', { name: who.className }).click();
    const open = teacher.getByRole('button', { name: t.academic.drawer.open });
    await open.first().waitFor(WAIT);
    await open.last().click();
    const drawer = teacher.getByTestId('session-records');
    await drawer.waitFor(WAIT);
    const give = drawer.getByTestId('give-homework');
    await give.getByLabel(t.academic.homework.subtitle).fill(subtitle);
    await give.getByRole('button', { name: t.academic.homework.giveSubmit }).click();
    const row = drawer
      .getByTestId('student-records')
      .filter({ hasText: who.studentName })
      .getByTestId('homework-row')
      .filter({ hasText: subtitle });
    await row.waitFor(WAIT);
    await chooseFile(
      teacher,
      row.getByRole('button', { name: t.academic.files.attach }),
      sheet,
      pdf('sheet'),
    );
    await row
      .getByRole('button', { name: t.academic.files.download.replace('{{name}}', sheet) })
      .waitFor(WAIT);
    await teacher.context().close();

    const student = await openAs(who.student, language);
    await student.waitForURL('**/panel/tasks', WAIT);
    const task = student.getByTestId('task').filter({ hasText: subtitle });
    await task.waitFor(WAIT);
    const download = student.waitForEvent('download', WAIT);
    await task.getByRole('button', { name: t.academic.files.download.replace('{{name}}', sheet) }).click();
    expect((await download).suggestedFilename()).toBe(sheet);

    await chooseFile(
      student,
      task.getByRole('button', { name: t.academic.files.addAnswer }),
      'answer.pdf',
      pdf('answer'),
    );
    await task
      .getByRole('button', { name: t.academic.files.download.replace('{{name}}', 'answer.pdf') })
      .waitFor(WAIT);
    expect(await task.getByText(t.academic.files.answer, { exact: true }).count()).toBe(1);
    await student.context().close();
  });
});
