import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { messages, type Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../src/locales/en/lessons.json';
import zh from '../src/locales/zh/lessons.json';
import { PHONE, screenshot, signIn, startStack, type Stack } from './harness';

/** A real .zip archive holding one stored (uncompressed) text file. */
function zipWith(name: string, text: string): Buffer {
  const data = Buffer.from(text);
  const fileName = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localSize = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(localSize, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

const texts = { en, zh };
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

async function openAs(userName: string, language: Language, phone = false): Promise<Page> {
  const page = await stack.newPage(phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : {});
  await page.goto('/');
  await page.evaluate((lang) => localStorage.setItem('tutoria.language', lang), language);
  await signIn(page, userName);
  await page.waitForURL('**/admin/panel/**');
  return page;
}

/** Mantine's snackbar shows texts upper-cased (SPEC §8). */
const snackbar = (page: Page, text: string) => page.getByText(text.toLocaleUpperCase()).first();

type Scope = ReturnType<Page['getByRole']>;

/** An input by its label; required fields' labels end with an asterisk. */
const field = (scope: Scope, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));

async function choose(page: Page, scope: Scope, label: string, option: string) {
  await field(scope, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.each(['en', 'zh'] as const)('lessons and courses (%s)', (language) => {
  const t = texts[language];
  const say = messages[language];
  const suffix = language === 'en' ? 'EN' : 'ZH';
  const lessonA = {
    name: 'Mathematics',
    title: `Vectors ${suffix}`,
    subTitle: 'Scalar product',
    hours: '1.5',
  };
  const lessonB = { name: 'Mathematics', title: `Matrices ${suffix}`, subTitle: 'Determinants', hours: '2' };
  const courseTitle = language === 'en' ? 'Further Mathematics EN' : '高等数学 ZH';
  const fileName = `Further Maths workbook ${suffix}.zip`;
  const archive = zipWith('README.txt', `Workbook for ${courseTitle}\n`);

  it('creates lessons, refusing an empty form first', async () => {
    const page = await openAs('leader', language);
    await page.getByRole('link', { name: language === 'en' ? 'Lessons' : '课程', exact: true }).click();
    await page.waitForURL('**/admin/panel/lessons');
    await expect
      .poll(() => page.getByRole('heading', { name: t.lessons.title, level: 1 }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(5);
    await screenshot(page, `lessons-list-${language}`);

    await page.getByRole('button', { name: t.lessons.add }).click();
    const dialog = page.getByRole('dialog', { name: t.lessons.createTitle });
    await dialog.getByRole('button', { name: t.actions.create }).click();
    const empty = language === 'en' ? 'Name can not be empty.' : '名称不能为空。';
    await expect.poll(() => dialog.getByText(empty).isVisible()).toBe(true);
    await screenshot(page, `lessons-form-errors-${language}`);

    for (const lesson of [lessonA, lessonB]) {
      if (!(await dialog.isVisible())) await page.getByRole('button', { name: t.lessons.add }).click();
      await field(dialog, t.lessons.fields.name).fill(lesson.name);
      await field(dialog, t.lessons.fields.title).fill(lesson.title);
      await field(dialog, t.lessons.fields.subTitle).fill(lesson.subTitle);
      await choose(page, dialog, t.lessons.fields.level, 'A-Level');
      await choose(page, dialog, t.lessons.fields.baseType, 'A-LEVEL');
      await field(dialog, t.lessons.fields.teachingTimeInHour).fill(lesson.hours);
      await dialog.getByRole('button', { name: t.actions.create }).click();
      await expect.poll(() => snackbar(page, say.lessonSaved).isVisible()).toBe(true);
      await expect.poll(() => dialog.isVisible()).toBe(false);
    }

    await page.getByRole('searchbox', { name: t.filters.search }).fill(suffix);
    await expect.poll(() => page.getByRole('row').filter({ hasText: lessonB.title }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Kinematics' }).count()).toBe(0);
    expect(await page.getByRole('row').filter({ hasText: lessonA.title }).isVisible()).toBe(true);
    await screenshot(page, `lessons-search-${language}`);

    // Edit: the form opens with the lesson's values; the new hours show in the list.
    const rowB = page.getByRole('row').filter({ hasText: lessonB.title });
    await rowB.getByRole('button', { name: `${t.actions.edit} ${lessonB.title}` }).click();
    const edit = page.getByRole('dialog', { name: t.lessons.editTitle });
    expect(await field(edit, t.lessons.fields.subTitle).inputValue()).toBe(lessonB.subTitle);
    await field(edit, t.lessons.fields.teachingTimeInHour).fill('2.25');
    await edit.getByRole('button', { name: t.actions.save }).click();
    await expect.poll(() => edit.isVisible()).toBe(false);
    await expect.poll(() => rowB.textContent()).toContain('2.25');
    lessonB.hours = '2.25';
  });

  it('refuses to delete a lesson that a course contains', async () => {
    const page = await openAs('admin', language);
    await page.goto('/admin/panel/lessons');
    await page.getByRole('searchbox', { name: t.filters.search }).fill('Kinematics');
    const row = page.getByRole('row').filter({ hasText: 'Mechanics 1' });
    await row.getByRole('button', { name: `${t.actions.delete} Mechanics 1` }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.actions.delete }).click();
    const refusal = say.lessonInUse.replace('{names}', '“A-Level Mathematics”');
    await expect.poll(() => snackbar(page, refusal).isVisible()).toBe(true);
    expect(await row.isVisible()).toBe(true);
  });

  it('creates a course from two lessons, uploads a .zip, downloads it and deletes it all', async () => {
    const page = await openAs('scheduler', language);
    await page.getByRole('link', { name: language === 'en' ? 'Courses' : '课程体系', exact: true }).click();
    await page.waitForURL('**/admin/panel/courses');
    await expect
      .poll(() => page.getByRole('heading', { name: t.courses.title, level: 1 }).isVisible())
      .toBe(true);

    await page.getByRole('button', { name: t.courses.add }).click();
    const dialog = page.getByRole('dialog', { name: t.courses.createTitle });
    await dialog.getByRole('button', { name: t.actions.create }).click();
    await expect.poll(() => dialog.getByText(say.selectLessons).isVisible()).toBe(true);
    await field(dialog, t.courses.fields.title).fill(courseTitle);
    await choose(page, dialog, t.courses.fields.level, 'A-Level');
    await choose(page, dialog, t.courses.fields.baseType, 'A-LEVEL');
    const picker = field(dialog, t.courses.fields.lessons);
    for (const lesson of [lessonB, lessonA]) {
      await picker.fill(lesson.title);
      await page.getByRole('option', { name: new RegExp(`^${lesson.title} – ${lesson.subTitle}`) }).click();
    }
    // Close the picker's dropdown; then set the teaching order: A first, then B.
    await field(dialog, t.courses.fields.title).click();
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    await dialog.getByRole('button', { name: `${t.courses.fields.moveUp} ${lessonA.title}` }).click();
    await expect
      .poll(() => dialog.getByText(t.courses.totalHours.replace('{{hours}}', '3.75')).isVisible())
      .toBe(true);
    await screenshot(page, `lessons-course-form-${language}`);
    await dialog.getByRole('button', { name: t.actions.create }).click();
    await expect.poll(() => snackbar(page, say.specificationSaved).isVisible()).toBe(true);

    await page.getByRole('searchbox', { name: t.filters.search }).fill(courseTitle);
    const row = page.getByRole('row').filter({ hasText: courseTitle });
    await expect.poll(() => row.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Oxford MAT' }).count()).toBe(0);
    await row.getByText(courseTitle).click();
    const expansion = page.getByText(`1. ${lessonA.title}`);
    await expect.poll(() => expansion.isVisible()).toBe(true);
    expect(await page.getByText(`2. ${lessonB.title}`).isVisible()).toBe(true);
    await screenshot(page, `lessons-courses-${language}`);

    // Files: a renamed executable is refused by its content, a real .zip is kept.
    await row.getByRole('button', { name: `${t.actions.files} ${courseTitle}` }).click();
    const files = page.getByRole('dialog', { name: t.files.title });
    await expect.poll(() => files.getByText(t.files.none).isVisible()).toBe(true);
    const input = files.locator('input[type=file]');
    await input.setInputFiles({
      name: 'setup.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('MZ\x90\x00 not an archive'),
    });
    const wrongFormat = say.mimes.replace('{attribute}', '“setup.zip”');
    await expect.poll(() => snackbar(page, wrongFormat).isVisible()).toBe(true);
    await input.setInputFiles({ name: fileName, mimeType: 'application/zip', buffer: archive });
    const link = files.getByRole('button', { name: t.files.download.replace('{{name}}', fileName) });
    await expect.poll(() => link.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => snackbar(page, say.courseFilesAdded).isVisible()).toBe(true);
    await screenshot(page, `lessons-course-files-${language}`);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const saved = await download.path();
    expect((await readFile(saved)).equals(archive)).toBe(true);

    await files.getByRole('button', { name: t.files.delete.replace('{{name}}', fileName) }).click();
    const confirm = page.getByRole('dialog', { name: t.files.deleteTitle });
    await confirm.getByRole('button', { name: t.actions.delete }).click();
    await expect.poll(() => snackbar(page, say.courseFileRemoved).isVisible()).toBe(true);
    await expect.poll(() => files.getByText(t.files.none).isVisible()).toBe(true);
    // Escape closes the innermost layer: the confirmation first, once it is gone the files dialog.
    await confirm.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await expect.poll(() => files.isVisible()).toBe(false);

    await row.getByRole('button', { name: `${t.actions.delete} ${courseTitle}` }).click();
    await page
      .getByRole('dialog', { name: t.courses.deleteTitle })
      .getByRole('button', { name: t.actions.delete })
      .click();
    await expect.poll(() => snackbar(page, say.specificationSaved).isVisible()).toBe(true);
    await expect.poll(() => row.count()).toBe(0);

    // Free again, both lessons can now go.
    await page.goto('/admin/panel/lessons');
    await page.getByRole('searchbox', { name: t.filters.search }).fill(suffix);
    for (const lesson of [lessonA, lessonB]) {
      const lessonRow = page.getByRole('row').filter({ hasText: lesson.title });
      await lessonRow.getByRole('button', { name: `${t.actions.delete} ${lesson.title}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.actions.delete }).click();
      await expect.poll(() => lessonRow.count()).toBe(0);
    }
  });

  it('lets read-only staff see courses and their files, without managing them', async () => {
    const page = await openAs('teacher', language);
    await page.goto('/admin/panel/courses');
    await page.getByRole('searchbox', { name: t.filters.search }).fill('IELTS');
    const row = page.getByRole('row').filter({ hasText: 'IELTS Writing' });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: t.courses.add }).count()).toBe(0);
    expect(await row.getByRole('button', { name: `${t.actions.delete} IELTS Writing` }).count()).toBe(0);
    await row.getByRole('button', { name: `${t.actions.files} IELTS Writing` }).click();
    const files = page.getByRole('dialog', { name: t.files.title });
    await expect.poll(() => files.getByText(t.files.none).isVisible()).toBe(true);
    expect(await files.locator('input[type=file]').count()).toBe(0);
    await screenshot(page, `lessons-courses-teacher-${language}`);
  });

  it('fits a phone screen', async () => {
    const page = await openAs('leader', language, true);
    await page.goto('/admin/panel/courses');
    await expect
      .poll(() => page.getByRole('heading', { name: t.courses.title, level: 1 }).isVisible())
      .toBe(true);
    // On a phone the rows are cards (issue 27).
    await expect.poll(() => page.locator('[data-phone-row]').count()).toBeGreaterThan(5);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `lessons-courses-phone-${language}`);
    await page.goto('/admin/panel/lessons');
    await expect.poll(() => page.locator('[data-phone-row]').count()).toBeGreaterThan(5);
    await screenshot(page, `lessons-list-phone-${language}`);
  });
});
