import type { Language } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import classesEn from '../src/locales/en/classes.json';
import scheduleEn from '../src/locales/en/schedule.json';
import usersEn from '../src/locales/en/users.json';
import classesZh from '../src/locales/zh/classes.json';
import scheduleZh from '../src/locales/zh/schedule.json';
import usersZh from '../src/locales/zh/users.json';
import { screenshot, signedHeaders, signIn, startStack, type Stack } from './harness';

/**
 * What a newcomer trips over (issue #13), in English and Chinese on the demo centre: sessions that
 * ended without their records, formatted values, wide tables, staff on student routes, class details
 * and the users table.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const texts = {
  en: { classes: classesEn, schedule: scheduleEn, users: usersEn },
  zh: { classes: classesZh, schedule: scheduleZh, users: usersZh },
} as const;

const WAIT = { timeout: 15_000 };
const panelSubtitle = (language: Language) => texts[language].classes.panel.subtitle;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A call as the signed-in page's user (its token), for setting up data the test needs. */
async function api(page: Page, method: 'GET' | 'PUT', path: string, body?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('tutoria.auth.token'));
  const response = await fetch(`${stack.baseUrl}/api/v1/${path}`, {
    method,
    headers: {
      ...(await signedHeaders(stack.baseUrl)),
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function openAs(
  userName: string,
  language: Language,
  viewport = { width: 1366, height: 900 },
): Promise<Page> {
  const page = await stack.newPage({ viewport });
  await page.context().addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
  await page.goto('/auth/login');
  await signIn(page, userName);
  await page.waitForURL(/\/(admin|panel)\//, WAIT);
  return page;
}

describe.each(['en', 'zh'] as const)('sessions waiting for records (%s)', (language) => {
  const t = texts[language];

  it('staff filter the sessions that ended without records; each shows "not recorded"', async () => {
    const page = await openAs('admin', language);
    await page.goto('/admin/panel/class/upcoming');
    const table = page.locator('table').first();
    await expect.poll(() => table.locator('[data-display-state]').count(), WAIT).toBeGreaterThan(0);
    // From now on nothing has ended: no session of the default window is "not recorded".
    expect(await table.locator('[data-display-state="notRecorded"]').count()).toBe(0);

    await page.getByRole('switch', { name: t.classes.waitingForRecords.label }).click();
    await page.waitForURL(/records=true/, WAIT);
    await expect
      .poll(() => table.locator('[data-display-state="notRecorded"]').count(), WAIT)
      .toBeGreaterThan(0);
    const states = await table
      .locator('[data-display-state]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-display-state')));
    expect(new Set(states)).toEqual(new Set(['notRecorded']));
    await expect
      .poll(() => table.getByText(t.classes.displayStates.notRecorded, { exact: true }).first().isVisible())
      .toBe(true);
    await screenshot(page, `records-waiting-${language}`);

    // The class details show the same state on the session.
    await table.getByRole('link').first().click();
    await page.waitForURL(/\/admin\/panel\/class\/[0-9a-f-]{36}$/, WAIT);
    await expect
      .poll(() => page.locator('[data-display-state="notRecorded"]').first().isVisible(), WAIT)
      .toBe(true);
    await expect
      .poll(() => page.getByText(t.classes.displayStates.notRecorded, { exact: true }).first().isVisible())
      .toBe(true);
  });

  it("the schedule marks last week's unrecorded sessions", async () => {
    const page = await openAs('admin', language, { width: 1920, height: 1000 });
    await page.goto('/admin/panel/adminSchedule');
    const calendar = page.locator('.tutoria-calendar');
    await expect.poll(() => calendar.locator('.tutoria-event').count(), WAIT).toBeGreaterThan(0);
    await calendar.locator('button').first().click();
    const marked = calendar.locator('[data-waiting-for-records]');
    await expect.poll(() => marked.count(), WAIT).toBeGreaterThan(0);
    expect(await marked.first().textContent()).toContain(t.schedule.notRecorded.label);
    await expect
      .poll(() => page.getByText(t.schedule.notRecorded.label, { exact: true }).first().isVisible())
      .toBe(true);
  });
});

describe.each(['en', 'zh'] as const)('formatted values (%s)', (language) => {
  const meridiem =
    language === 'zh' ? /(凌晨|早上|上午|中午|下午|晚上)\d{1,2}:\d{2}/ : /\d{1,2}:\d{2} (am|pm)/;

  it('dates, times, durations and hours speak the language; so does the calendar', async () => {
    const page = await openAs('admin', language, { width: 1920, height: 1000 });
    await page.goto('/admin/panel/class/table');
    const table = page.locator('table').first();
    await expect.poll(() => table.locator('tbody tr').count(), WAIT).toBeGreaterThan(1);
    await expect.poll(async () => (await table.textContent()) ?? '', WAIT).toMatch(meridiem);
    if (language === 'zh') expect(await table.textContent()).not.toMatch(/\d (am|pm)\b/);

    await table
      .getByRole('link', { name: /A-Level Physics/ })
      .first()
      .click();
    await page.waitForURL(/\/admin\/panel\/class\/[0-9a-f-]{36}$/, WAIT);
    await expect.poll(() => page.getByTestId('session-card').count(), WAIT).toBeGreaterThan(0);
    const body = await page.locator('main').innerText();
    const around = (pattern: RegExp) => body.match(new RegExp(`.{0,24}(${pattern.source}).{0,24}`))?.[0];
    if (language === 'zh') {
      expect(body).toContain('90分钟');
      expect(body).toMatch(/\d小时/);
      expect(around(/\d\s*h\b|\d\s*hrs?\b|\d\s*mins?\b/)).toBeUndefined();
    } else {
      expect(body).toMatch(/90\s+mins/);
      expect(body).toMatch(/\d\s+hrs?\b/);
    }
    await screenshot(page, `class-details-${language}`);

    await page.goto('/admin/panel/adminSchedule');
    const calendar = page.locator('.tutoria-calendar');
    await expect.poll(() => calendar.locator('.tutoria-event').count(), WAIT).toBeGreaterThan(0);
    // Visible and screen-reader texts alike (aria-labels and titles): FullCalendar's own words.
    const calendarTexts = await calendar.evaluate((root) =>
      [root.textContent ?? '']
        .concat([...root.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label') ?? ''))
        .concat([...root.querySelectorAll('[title]')].map((el) => el.getAttribute('title') ?? ''))
        .join(' | '),
    );
    const english = /\b(Timed|All-day|Today|Previous|Next|Go to|view|Close|Events|more|Week|Day|Month)\b/;
    if (language === 'zh') expect(calendarTexts).not.toMatch(english);
    else expect(calendarTexts).toMatch(english);
  });
});

describe.each(['en', 'zh'] as const)('class details (%s)', (language) => {
  const t = texts[language];
  const className = language === 'en' ? 'A-Level Physics' : 'A-Level Mathematics';

  it('two lessons alike get remove buttons of their own; the snackbar covers no session action', async () => {
    const page = await openAs('admin', language);
    await page.goto('/admin/panel/class/table');
    await page
      .locator('table')
      .first()
      .getByRole('link', { name: new RegExp(className) })
      .first()
      .click();
    await page.waitForURL(/\/admin\/panel\/class\/[0-9a-f-]{36}$/, WAIT);
    const classroomId = new URL(page.url()).pathname.split('/').pop()!;
    const details = await api(page, 'GET', `classRoom/getClassroom?classroomId=${classroomId}`);
    const [lesson] = details.lessons as Record<string, unknown>[];
    // The same lesson once more: same name, title and subtitle.
    await api(page, 'PUT', 'classRoom/editTimesAndLessons', {
      classroomId,
      times: [],
      lessons: [
        {
          lessonName: lesson!.lessonName,
          lessonTitle: lesson!.lessonTitle,
          lessonSubTitle: lesson!.lessonSubTitle,
          lessonLevel: lesson!.lessonLevel,
          teachingLessonTimeInHour: lesson!.teachingLessonTimeInHour,
        },
      ],
    });
    await page.reload();
    // Lesson rows read "name · title…"; a course's remove button does not.
    const removeLesson = t.classes.details.removeNamed.replace(
      '{{name}}',
      `${String(lesson!.lessonName)} · `,
    );
    const removes = page.getByRole('button', { name: new RegExp(`^${escape(removeLesson)}`) });
    await expect.poll(() => removes.count(), WAIT).toBe((details.lessons as unknown[]).length + 1);
    const names = await removes.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(new Set(names).size).toBe(names.length);

    // Remove the copy: the success snackbar leaves every session's actions button clear.
    await removes.last().click();
    await page.getByRole('dialog').getByRole('button', { name: t.classes.actions.confirm }).click();
    const snackbar = page.locator('.mantine-Notification-root').first();
    await expect.poll(() => snackbar.isVisible(), WAIT).toBe(true);
    const note = (await snackbar.boundingBox())!;
    const buttons = page.getByTestId('session-card').getByRole('button');
    const boxes = await buttons.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.filter((box) => overlap(box, note))).toEqual([]);
    await expect.poll(() => removes.count(), WAIT).toBe((details.lessons as unknown[]).length);
    await screenshot(page, `class-details-snackbar-${language}`);
  });
});

/** Every server-paged table, at common laptop and desktop widths. */
const tables = [
  '/admin/panel/users',
  '/admin/panel/lessons',
  '/admin/panel/courses',
  '/admin/panel/class/table',
  '/admin/panel/class/upcoming',
];
const widths = [1280, 1366, 1920];

/**
 * Cells of the first table that the last (sticky actions) column covers, or that lie outside
 * the table's box: each row's cells must end before its last cell starts, inside the box.
 */
function hiddenCells(): string[] {
  const table = document.querySelector('table')!;
  const box = (table.closest('.mantine-ScrollArea-root') ?? table.parentElement!).getBoundingClientRect();
  const problems: string[] = [];
  for (const row of table.querySelectorAll('tbody tr')) {
    const cells = [...row.querySelectorAll('td')].filter((cell) => cell.getBoundingClientRect().width > 0);
    const last = cells.at(-1)!.getBoundingClientRect();
    for (const cell of cells) {
      const r = cell.getBoundingClientRect();
      if (r.right > box.right + 1) problems.push(`outside the box: ${cell.textContent}`);
      if (cell !== cells.at(-1) && r.right > last.left + 1) problems.push(`covered: ${cell.textContent}`);
    }
  }
  return problems;
}

describe.each(['en', 'zh'] as const)('tables at common widths (%s)', (language) => {
  it.each(tables)('%s: no cell is covered by the sticky column or left outside the box', async (path) => {
    const page = await openAs('admin', language, { width: 1920, height: 900 });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const rows = page.locator('table').first().locator('tbody tr');
      await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(1);
      await page.waitForTimeout(300);
      expect({ width, problems: await page.evaluate(hiddenCells) }).toEqual({ width, problems: [] });
      if (path.endsWith('users') && width === 1366) await screenshot(page, `users-1366-${language}`);
    }
    await page.context().close();
  });
});

describe.each(['en', 'zh'] as const)('staff on student pages (%s)', (language) => {
  it('a teacher opening the student panel lands on the admin equivalents; a student stays', async () => {
    const teacher = await openAs('teacher', language);
    for (const [from, to] of [
      ['/panel/classes', '/admin/panel/class/table'],
      ['/panel/upcoming', '/admin/panel/class/upcoming'],
      ['/panel/account', '/admin/panel/account'],
      [`/panel/sessions/${crypto.randomUUID()}/report`, '/admin/panel/class/upcoming'],
    ] as const) {
      await teacher.goto(from);
      await teacher.waitForURL(`**${to}`, WAIT);
    }
    await teacher.goto('/panel/reports');
    await teacher.waitForURL(/\/admin\//, WAIT);
    expect(await teacher.locator('main').innerText()).not.toContain(panelSubtitle(language));
    await teacher.context().close();

    const student = await openAs('student', language);
    await student.goto('/panel/classes');
    await expect.poll(() => student.getByText(panelSubtitle(language)).isVisible(), WAIT).toBe(true);
    expect(new URL(student.url()).pathname).toBe('/panel/classes');
    await student.context().close();
  });
});

describe.each(['en', 'zh'] as const)('users table rows (%s)', (language) => {
  it("clicking a row opens the user's details drawer", async () => {
    const page = await openAs('admin', language);
    await page.goto('/admin/panel/users');
    const row = page.locator('tbody tr[data-user]').first();
    await row.waitFor(WAIT);
    const userName = (await row.getAttribute('data-user'))!;
    await row.locator('td').nth(1).click();
    const drawer = page.getByRole('dialog');
    await expect
      .poll(() => drawer.getByText(texts[language].users.form.editTitle).isVisible(), WAIT)
      .toBe(true);
    await expect
      .poll(
        () =>
          drawer.getByRole('textbox').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value)),
        WAIT,
      )
      .toContain(userName);
    await screenshot(page, `users-row-drawer-${language}`);
    await page.context().close();
  });
});
