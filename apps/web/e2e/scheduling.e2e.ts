import { type Language, messages } from '@tutoria/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import classesEn from '../src/locales/en/classes.json';
import commonEn from '../src/locales/en/common.json';
import scheduleEn from '../src/locales/en/schedule.json';
import classesZh from '../src/locales/zh/classes.json';
import commonZh from '../src/locales/zh/common.json';
import scheduleZh from '../src/locales/zh/schedule.json';
import { axeFindings, blocking } from './axe';
import { DEMO_PASSWORD, PHONE, screenshot, signedPost, signIn, startStack, type Stack } from './harness';

/**
 * Scheduling end to end (issue #5), once in English and once in Chinese with other people and
 * times: a teacher adds weekly availability on the calendar; the scheduling admin creates a class
 * for two students from it, sees a clash refused, and creates it; the teacher records presence and
 * the teaching day and confirms; the admin confirms; a student sees the class in /panel/upcoming.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const texts = {
  en: { classes: classesEn, schedule: scheduleEn, common: commonEn, server: messages.en },
  zh: { classes: classesZh, schedule: scheduleZh, common: commonZh, server: messages.zh },
} as const;

/** Demo people of each run and the weekday of its new availability (free in the demo data). */
const cast = {
  en: {
    teacher: { userName: 'wei_zhang', name: 'Wei Zhang' },
    students: [
      { userName: 'ava_lin', name: 'Ava Lin' },
      { userName: 'zoe_luo', name: 'Zoe Luo' },
    ],
    weekday: 1,
    /** A time the students are already busy (their GCSE group, Mondays 15:00). */
    clash: { weekday: 0, from: '15:00', to: '16:00' },
    className: 'E2E Physics pair',
    room: 'E2E-EN',
  },
  zh: {
    teacher: { userName: 'priya_sharma', name: 'Priya Sharma' },
    students: [
      { userName: 'olivia_sun', name: 'Olivia Sun' },
      { userName: 'alex_qian', name: 'Alex Qian' },
    ],
    weekday: 4,
    clash: { weekday: 1, from: '10:00', to: '11:00' },
    className: 'E2E 物理双人班',
    room: 'E2E-ZH',
  },
} as const;

const WAIT = { timeout: 15_000 };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const named = (label: string) => new RegExp(`^${escape(label)}( \\*)?$`);
const snackbar = (page: Page, text: string) =>
  page.getByText(text.toLocaleUpperCase(), { exact: true }).first();

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

/** YYYY-MM-DD of a weekday (0 = Monday) of last week, in UTC (the demo centre's time zone). */
function lastWeek(weekday: number): string {
  const now = new Date();
  const monday =
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) -
    ((now.getUTCDay() + 6) % 7) * 86_400_000;
  return new Date(monday - 7 * 86_400_000 + weekday * 86_400_000).toISOString().slice(0, 10);
}
function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Drags on the time grid from `from` to the end of the half hour before `to` on `date`. */
async function selectOnCalendar(calendar: Locator, date: string, from: string, lastSlot: string) {
  const page = calendar.page();
  const column = calendar.locator(`[role="columnheader"][data-date="${date}"]`).first();
  await column.scrollIntoViewIfNeeded();
  const start = calendar.locator(`[data-time="${from}:00"]`).last();
  const end = calendar.locator(`[data-time="${lastSlot}:00"]`).last();
  await start.scrollIntoViewIfNeeded();
  const x = (await column.boundingBox())!;
  const a = (await start.boundingBox())!;
  const b = (await end.boundingBox())!;
  const cx = x.x + x.width / 2;
  await page.mouse.move(cx, a.y + 3);
  await page.mouse.down();
  await page.mouse.move(cx, a.y + (b.y - a.y) / 2, { steps: 5 });
  await page.mouse.move(cx, b.y + b.height - 3, { steps: 5 });
  await page.mouse.up();
}

async function previousWeek(calendar: Locator) {
  await calendar.locator('button').first().click();
}

async function choose(page: Page, scope: Locator | Page, label: string, option: string, search?: string) {
  const input = scope.getByRole('combobox', { name: named(label) }).first();
  await input.click();
  if (search) await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).first().click();
  // A multi-select keeps its list open after a pick: close it so it covers nothing.
  if (await page.getByRole('listbox').isVisible()) await input.press('Escape');
}

describe.each(['en', 'zh'] as const)('scheduling journey (%s)', (language) => {
  const t = texts[language];
  const who = cast[language];
  const day = lastWeek(who.weekday);

  it('a teacher adds weekly availability by selecting on the calendar', async () => {
    const page = await openAs(who.teacher.userName, language);
    await page.getByRole('link', { name: t.common.nav.schedule }).click();
    await page.getByRole('heading', { name: t.schedule.teacherTitle }).waitFor(WAIT);
    const calendar = page.locator('.tutoria-calendar');
    await previousWeek(calendar);
    await calendar.locator(`[data-date="${day}"]`).first().waitFor(WAIT);
    await selectOnCalendar(calendar, day, '09:00', '10:30');
    const dialog = page.getByRole('dialog', { name: t.schedule.add.title });
    await dialog.waitFor(WAIT);
    expect(await dialog.getByLabel(named(t.schedule.add.from)).inputValue()).toBe('09:00');
    expect(await dialog.getByLabel(named(t.schedule.add.to)).inputValue()).toBe('11:00');
    await dialog.getByRole('switch', { name: t.schedule.add.repeat }).check();
    const until = dialog.getByLabel(named(t.schedule.add.until));
    await until.fill(plusDays(day, 22));
    await until.blur();
    await expect.poll(() => dialog.getByTestId('availability-count').textContent(), WAIT).toContain('4');
    await dialog.getByRole('button', { name: t.schedule.add.submit }).click();
    await snackbar(page, t.server.scheduleAdded).waitFor(WAIT);
    await expect.poll(() => calendar.locator('[data-slot-state]').count(), WAIT).toBeGreaterThan(0);
    await page.context().close();
  });

  it('the scheduling admin creates a class for two students from it, after a clash is refused', async () => {
    const page = await openAs('scheduler', language);
    await page.getByRole('link', { name: t.common.nav.classRoom }).click();
    // The home may list the same class (a teacher's My day): wait for the class list's page.
    await page.getByRole('heading', { name: t.common.titles.classTable, exact: true }).waitFor(WAIT);
    await page.getByRole('link', { name: t.classes.table.create }).click();
    await page.getByRole('heading', { name: t.classes.create.title }).waitFor(WAIT);

    // The form says what is missing, step by step (SPEC §5).
    await page.getByRole('button', { name: t.classes.create.next }).click();
    await page.getByRole('alert').getByText(t.server.selectStudent).waitFor(WAIT);
    for (const student of who.students)
      await choose(page, page, t.classes.create.students, student.name, student.name.split(' ')[0]);
    await page.getByRole('button', { name: t.classes.create.next }).click();
    await page.getByRole('button', { name: t.classes.create.next }).click();
    await page.getByRole('alert').getByText(t.server.selectTeacher).waitFor(WAIT);
    await choose(page, page, t.classes.create.teacher, who.teacher.name, who.teacher.name.split(' ')[0]);
    await page.getByRole('button', { name: t.classes.create.next }).click();
    await page.getByRole('button', { name: t.classes.create.next }).click();
    await page.getByRole('alert').getByText(t.server.selectLessons).waitFor(WAIT);
    const catalogue = page.getByRole('combobox', { name: t.classes.lessons.fromCatalogue });
    await catalogue.click();
    await catalogue.fill('Physics');
    await page.getByRole('option').filter({ hasText: 'Physics' }).first().click();
    if (await page.getByRole('listbox').isVisible()) await catalogue.press('Escape');
    await page.getByTestId('lesson-draft').first().waitFor(WAIT);
    await page.getByRole('button', { name: t.classes.create.next }).click();

    await page.getByLabel(named(t.classes.create.name)).fill(who.className);
    await choose(page, page, t.classes.create.level, language === 'en' ? 'GCSE' : 'GCSE');
    await choose(page, page, t.classes.create.type, t.classes.classTypes.TwoOrThreePerson);
    await choose(
      page,
      page,
      t.classes.create.lessonType,
      language === 'en' ? 'GCSE (offline)' : 'GCSE (线下)',
      'GCSE',
    );
    await page.getByRole('combobox', { name: t.classes.create.room }).fill(who.room);
    await page.getByRole('button', { name: t.classes.create.next }).click();

    // Sessions: one picked on the calendar inside the teacher's new time, one typed at a busy time.
    const calendar = page.locator('.tutoria-calendar');
    await calendar.waitFor(WAIT);
    await previousWeek(calendar);
    await calendar.locator(`[data-date="${day}"]`).first().waitFor(WAIT);
    await page.waitForTimeout(500);
    await selectOnCalendar(calendar, day, '09:00', '09:30');
    await expect.poll(() => page.getByTestId('proposed-time').count(), WAIT).toBe(1);
    const clashDay = plusDays(lastWeek(who.clash.weekday), 14);
    const byForm = page.getByText(t.classes.picker.byForm).locator('..');
    const date = byForm.getByLabel(t.classes.picker.date);
    await date.fill(clashDay);
    await date.blur();
    await byForm.getByLabel(t.classes.picker.from).fill(who.clash.from);
    await byForm.getByLabel(t.classes.picker.to).fill(who.clash.to);
    await byForm.getByRole('button', { name: t.classes.picker.add }).click();
    await expect.poll(() => page.getByTestId('proposed-time').count(), WAIT).toBe(2);

    await page.getByRole('button', { name: t.classes.create.save }).click();
    const refused = page
      .getByTestId('proposed-time')
      .filter({ has: page.getByText(/./) })
      .nth(1);
    await refused.getByText(who.students[0].name, { exact: false }).first().waitFor(WAIT);
    await page.getByRole('alert').filter({ hasText: /\d/ }).first().waitFor(WAIT);
    expect(page.url()).toContain('/class/create');

    await refused.getByRole('button', { name: t.classes.picker.remove }).click();
    await expect.poll(() => page.getByTestId('proposed-time').count(), WAIT).toBe(1);
    await page.getByLabel(t.classes.picker.weeks).fill('3');
    await page.getByRole('button', { name: t.classes.picker.repeat }).click();
    await expect.poll(() => page.getByTestId('proposed-time').count(), WAIT).toBe(3);
    await page.getByRole('button', { name: t.classes.create.save }).click();
    await snackbar(page, t.server.scheduleCreated).waitFor(WAIT);
    await page.getByRole('heading', { name: who.className }).waitFor(WAIT);
    await expect.poll(() => page.getByTestId('session-card').count(), WAIT).toBe(3);
    await page.context().close();
  });

  it('the teacher records presence and the teaching day, and confirms', async () => {
    const page = await openAs(who.teacher.userName, language);
    await page.getByRole('link', { name: t.common.nav.classRoom }).click();
    // The home may list the same class (a teacher's My day): wait for the class list's page.
    await page.getByRole('heading', { name: t.common.titles.classTable, exact: true }).waitFor(WAIT);
    await page.getByRole('link', { name: who.className }).click();
    await page.getByRole('heading', { name: who.className }).waitFor(WAIT);
    const first = page.getByTestId('session-card').first();
    // The booking came from the scheduling admin: the teacher accepts the schedule change.
    await page.getByRole('button', { name: t.classes.details.actions, exact: true }).click();
    const accept = t.classes.details.confirmChangesTeacher.split(/[(（]/)[0]!.trim();
    await page.getByRole('menuitem', { name: new RegExp(`^${escape(accept)}`) }).click();
    await snackbar(page, t.server.changesConfirmed).waitFor(WAIT);

    await first
      .getByRole('button', { name: t.classes.session.actionsFor.replace('{{number}}', '1') })
      .click();
    await page.getByRole('menuitem', { name: t.classes.session.actions.presence }).click();
    const presence = page.getByRole('dialog', { name: t.classes.session.dialogs.presence });
    await presence
      .getByRole('textbox', { name: t.classes.session.feedbackFor.replace('{{name}}', who.students[0].name) })
      .fill('Solid work on forces.');
    await presence.getByRole('button', { name: t.classes.actions.save }).click();
    await snackbar(page, t.server.scheduleUpdated).waitFor(WAIT);

    await first
      .getByRole('button', { name: t.classes.session.actionsFor.replace('{{number}}', '1') })
      .click();
    await page.getByRole('menuitem', { name: t.classes.session.actions.teachingDay }).click();
    const teaching = page.getByRole('dialog', { name: t.classes.session.dialogs.teachingDay });
    await teaching
      .getByLabel(named(t.classes.session.taughtDescription))
      .fill("Newton's laws and free-body diagrams");
    await teaching.getByRole('button', { name: t.classes.actions.save }).click();
    await snackbar(page, t.server.scheduleUpdated).waitFor(WAIT);

    await first.getByRole('button', { name: t.classes.session.actions.confirmByTeacher }).click();
    await snackbar(page, t.server.sessionConfirmedByTeacher).waitFor(WAIT);
    await first.getByText(t.classes.confirmations.confirmedByTeacher).waitFor(WAIT);
    await page.context().close();
  });

  it('the admin confirms the class', async () => {
    const page = await openAs('scheduler', language);
    await page.getByRole('link', { name: t.common.nav.classRoom }).click();
    // The home may list the same class (a teacher's My day): wait for the class list's page.
    await page.getByRole('heading', { name: t.common.titles.classTable, exact: true }).waitFor(WAIT);
    await page.getByRole('link', { name: who.className }).click();
    const first = page.getByTestId('session-card').first();
    await first.getByRole('button', { name: t.classes.session.actions.confirmByAdmin }).click();
    await snackbar(page, t.server.classConfirmed).waitFor(WAIT);
    await first.getByText(t.classes.confirmations.confirmedByAdmin).waitFor(WAIT);
    await first.getByText(t.classes.displayStates.reserved).waitFor(WAIT);
    if (language === 'en') await screenshot(page, 'scheduling-class-details');
    await page.context().close();
  });

  it('a student sees it in /panel/upcoming, also on a phone', async () => {
    const page = await openAs(who.students[1].userName, language, PHONE);
    await page.goto('/panel/upcoming');
    await page.getByRole('heading', { name: t.common.titles.panelUpcoming }).waitFor(WAIT);
    await page.getByText(who.className).first().waitFor(WAIT);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await page.goto('/panel/classes');
    await page.getByText(who.className).first().waitFor(WAIT);
    await page.context().close();
  });
});

describe('a crowded hour in the admin week', () => {
  it('stacks at most four events and lists the rest behind "+N", each one opening (issue 9)', async () => {
    const page = await openAs('admin', 'en');
    // The demo's week, with its first available time given to twelve more teachers at once.
    await page.route('**/teacherTimeTable/getTeacherTimeTableForAdmin**', async (route) => {
      const response = await route.fetch();
      const timetables = (await response.json()) as {
        teacherName: string;
        teacherPublicKey: string;
        availableTimes: { availableTimeId: string }[];
      }[];
      const first = timetables.find((timetable) => timetable.availableTimes.length > 0)!;
      const crowd = Array.from({ length: 12 }, (_, i) => ({
        ...first,
        teacherName: `Crowd Teacher ${i + 1}`,
        teacherPublicKey: `${first.teacherPublicKey.slice(0, -2)}${String(i + 10)}`,
        availableTimes: [{ ...first.availableTimes[0]!, availableTimeId: `crowd-${i + 1}` }],
      }));
      await route.fulfill({ response, json: [...timetables, ...crowd] });
    });
    await page.goto('/admin/panel/adminSchedule');
    const calendar = page.getByRole('region', { name: scheduleEn.adminTitle });
    await calendar.locator('.tutoria-event').first().waitFor(WAIT);
    const more = calendar.getByText(/^\+\d+/).first();
    await more.waitFor(WAIT);
    const hidden = Number((await more.textContent())!.replace(/\D/g, ''));
    // Thirteen at one hour: at most four stacked, the rest behind "+N".
    expect(hidden).toBeGreaterThanOrEqual(9);

    await more.click();
    // The list of the hidden ones opens outside the calendar and still shows each event's lines.
    const listed = page.getByRole('dialog').locator('.tutoria-event', { hasText: 'Crowd Teacher' }).first();
    await listed.waitFor(WAIT);
    expect(await listed.evaluate((element) => getComputedStyle(element).flexDirection)).toBe('column');
    const teacher = (await listed.locator('.tutoria-event-title').textContent())!;
    await listed.click();
    const details = page.getByRole('dialog', { name: scheduleEn.slot.title });
    await expect.poll(() => details.getByText(teacher, { exact: true }).isVisible(), WAIT).toBe(true);
    await screenshot(page, 'schedule-crowded-hour');
    await page.context().close();
  });
});

const api = (path: string, body: unknown, token?: string) => signedPost(stack.baseUrl, path, body, token);

describe('the admin week in pages of teachers (issue 30)', () => {
  // Forty teachers without times, named to come first: the demo's teachers and their week are on page 3.
  const PAGERS = 40;
  beforeAll(async () => {
    const { access_token: token } = (await api('user/login', {
      userName: 'admin',
      password: DEMO_PASSWORD,
    })) as {
      access_token: string;
    };
    for (let i = 1; i <= PAGERS; i++) {
      const n = String(i).padStart(2, '0');
      await api(
        'user/register',
        { fullName: `Aaa Pager ${n}`, userName: `pager_${n}`, password: 'Start#2024', role: 'Teacher' },
        token,
      );
    }
  }, 240_000);

  it('loads more teachers when scrolled to and from the keyboard; a filter starts again from its first page', async () => {
    // Short enough that the button stands below the calendar, out of view on arrival.
    const page = await openAs('admin', 'en', { width: 1400, height: 700 });
    await page.goto('/admin/panel/adminSchedule');
    const more = page.getByRole('button', { name: /^Show more teachers/ });
    await more.waitFor(WAIT);
    const counts = async () =>
      (await more.textContent())!
        .match(/\((\d+) of (\d+) shown\)/)!
        .slice(1)
        .map(Number);
    const [first, total] = await counts();
    expect(first).toBe(20);
    expect(total).toBeGreaterThan(PAGERS);
    await expect
      .poll(() => page.getByText(`These figures cover the 20 teachers shown of ${total}.`).isVisible(), WAIT)
      .toBe(true);
    const events = page.locator('.tutoria-event');
    expect(await events.count()).toBe(0);
    // The button and the summary's line pass the suite's WCAG checks (critical and serious findings).
    expect(blocking(await axeFindings(page))).toEqual([]);

    // Scrolled down to it: the next 20.
    await more.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await counts())[0], WAIT).toBe(40);
    expect(await events.count()).toBe(0);

    // From the keyboard: the demo's teachers, with their week; every teacher is shown, no button.
    await more.focus();
    await page.keyboard.press('Enter');
    await more.waitFor({ state: 'detached', ...WAIT });
    await events.first().waitFor(WAIT);
    await screenshot(page, 'schedule-admin-week-pages');

    // A teacher filter is asked from its first page: that teacher only.
    const someone = (await page.locator('.tutoria-event-title').first().textContent())!;
    await choose(page, page, scheduleEn.filters.teachers, someone, someone.split(' ')[0]);
    await expect
      .poll(async () => {
        const titles = await page.locator('.tutoria-event-title').allTextContents();
        return titles.length > 0 && titles.every((title) => title === someone);
      }, WAIT)
      .toBe(true);
    expect(await more.count()).toBe(0);
    await page.context().close();
  });
});
