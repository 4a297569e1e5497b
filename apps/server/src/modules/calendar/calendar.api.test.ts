import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Role } from '@tutoria/shared';
import { calendarFeedTokens, classrooms, classroomSessions, users } from '../../db/schema/index.ts';
import {
  buildClassroom,
  centre,
  type Centre,
  expectRefused,
  HOUR,
  monday,
  person,
  refusesWithoutWriting,
  WEEK,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { escapeText, foldLine } from './ical.ts';

/**
 * Calendar feeds (issue 29): the feed read back with a strict RFC 5545 reader (line ends, folding,
 * nesting, required properties), whose sessions appear and whose never do, a reset address that
 * stops the old one, staff feeds of a teacher in reach, access per role, refusals that write nothing.
 */
let t: TestApp;
let c: Centre;
const k = contract.calendar;

interface Component {
  name: string;
  props: { name: string; params: string; value: string }[];
  children: Component[];
}

/**
 * A strict iCalendar reader (RFC 5545 §3.1, §3.4, §3.6): every line ends in CRLF, no physical line
 * is longer than 75 octets, continuation lines start with one space, BEGIN/END nest and match,
 * and the calendar and each event carry their required properties once.
 */
function parseICalendar(text: string): Component {
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      expect(logical.length).toBeGreaterThan(0);
      logical[logical.length - 1] += line.slice(1);
    } else logical.push(line);
  }
  const root: Component = { name: '', props: [], children: [] };
  const stack: Component[] = [root];
  for (const line of logical) {
    const match = /^([A-Za-z0-9-]+)((?:;[^:]*)?):(.*)$/.exec(line);
    expect(match, `a content line: ${line}`).not.toBeNull();
    const [, name, params, value] = match!;
    const top = stack[stack.length - 1]!;
    if (name === 'BEGIN') {
      const child: Component = { name: value!, props: [], children: [] };
      top.children.push(child);
      stack.push(child);
    } else if (name === 'END') {
      expect(top.name, 'END matches its BEGIN').toBe(value);
      stack.pop();
    } else {
      expect(top, 'a property inside a component').not.toBe(root);
      top.props.push({ name: name!.toUpperCase(), params: params!, value: value! });
    }
  }
  expect(stack).toHaveLength(1);
  expect(root.children).toHaveLength(1);
  const calendar = root.children[0]!;
  expect(calendar.name).toBe('VCALENDAR');
  const once = (component: Component, name: string) => {
    const found = component.props.filter((p) => p.name === name);
    expect(found, `${component.name} has one ${name}`).toHaveLength(1);
    return found[0]!.value;
  };
  expect(once(calendar, 'VERSION')).toBe('2.0');
  expect(once(calendar, 'PRODID')).toBeTruthy();
  expect(once(calendar, 'CALSCALE')).toBe('GREGORIAN');
  expect(once(calendar, 'METHOD')).toBe('PUBLISH');
  once(calendar, 'X-WR-CALNAME');
  for (const event of calendar.children) {
    expect(event.name).toBe('VEVENT');
    once(event, 'UID');
    for (const stamp of ['DTSTAMP', 'DTSTART', 'DTEND']) expect(once(event, stamp)).toMatch(/^\d{8}T\d{6}Z$/);
    once(event, 'SUMMARY');
    expect(once(event, 'STATUS')).toMatch(/^(CONFIRMED|CANCELLED)$/);
    for (const p of event.props)
      if (['SUMMARY', 'LOCATION', 'DESCRIPTION'].includes(p.name))
        // Only escaped backslashes, semicolons, commas and line breaks (§3.3.11).
        expect(p.value.replace(/\\[\\;,nN]/g, '')).not.toMatch(/[\\;,]/);
  }
  return calendar;
}

const prop = (component: Component, name: string) => component.props.find((p) => p.name === name)?.value;
const unescape = (value: string) => value.replace(/\\([\\;,])/g, '$1').replace(/\\[nN]/g, '\n');

/** Fetches a feed as a calendar app does: no signature, no sign-in, no headers at all. */
function fetchFeed(url: string) {
  return t.app.inject({ method: 'GET', url: new URL(url).pathname });
}

async function myFeedUrl(token: string) {
  const res = await t.call(k.resetMine, {}, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url as string;
}

async function readFeed(url: string) {
  const res = await fetchFeed(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  expect(res.headers['cache-control']).toContain('no-store');
  return parseICalendar(res.body);
}

const uids = (calendar: Component) => calendar.children.map((e) => prop(e, 'UID'));
const tokenRows = () => t.db.select().from(calendarFeedTokens);

const week = monday(1);
const times = [
  { start: week + 9 * HOUR, end: week + 10 * HOUR },
  { start: week + 2 * 86400 + 9 * HOUR, end: week + 2 * 86400 + 10 * HOUR },
];

beforeAll(async () => {
  t = await createTestApp();
  c = await centre(t);
});
afterAll(() => t.close());

describe('the iCalendar writer', () => {
  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`SUMMARY:${'数学'.repeat(40)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((l, i) => (i ? l.slice(1) : l))
        .join(''),
    ).toBe(`SUMMARY:${'数学'.repeat(40)}`);
  });
});

describe('a teacher’s and a student’s own feed', () => {
  it('lists their sessions with UTC times, class name, room, link and status; nobody else’s', async () => {
    const teacher = await person(t, 'Teacher', { fullName: 'Tina, the; teacher' });
    const mine = await buildClassroom(t, { teacher, times, room: 'Room 4, east', name: 'Algebra; group A' });
    await t.db
      .update(classrooms)
      .set({ meetingLink: 'https://meet.example.com/abc' })
      .where(eq(classrooms.classroomId, mine.classroomId));
    await t.db
      .update(classroomSessions)
      .set({ state: 'canceled' })
      .where(eq(classroomSessions.sessionId, mine.sessionIds[1]!));
    const other = await buildClassroom(t, { times, name: 'Someone else’s class' });
    const far = await buildClassroom(t, {
      teacher,
      times: [{ start: week + 40 * WEEK, end: week + 40 * WEEK + HOUR }],
    });

    const calendar = await readFeed(await myFeedUrl(teacher.token));
    expect(unescape(prop(calendar, 'X-WR-CALNAME')!)).toBe('Tina, the; teacher · Tutoria');
    expect(uids(calendar)).toEqual(mine.sessionIds.map((id) => `${id}@tutoria`));
    const [first, cancelled] = calendar.children as [Component, Component];
    expect(prop(first, 'DTSTART')).toBe(
      new Date(times[0]!.start * 1000).toISOString().replace(/[-:]|\.000/g, ''),
    );
    expect(prop(first, 'DTEND')).toBe(
      new Date(times[0]!.end * 1000).toISOString().replace(/[-:]|\.000/g, ''),
    );
    expect(unescape(prop(first, 'SUMMARY')!)).toBe('Algebra; group A');
    expect(unescape(prop(first, 'LOCATION')!)).toBe('Room 4, east');
    expect(prop(first, 'URL')).toBe('https://meet.example.com/abc');
    expect(prop(first, 'STATUS')).toBe('CONFIRMED');
    expect(prop(cancelled, 'STATUS')).toBe('CANCELLED');
    expect(JSON.stringify(calendar)).not.toContain(other.sessionIds[0]);
    expect(JSON.stringify(calendar)).not.toContain(far.sessionIds[0]);
    // Nothing about the students: neither their names nor their keys.
    for (const student of mine.students) {
      expect(JSON.stringify(calendar)).not.toContain(student.fullName);
      expect(JSON.stringify(calendar)).not.toContain(student.publicKey);
    }

    const student = mine.students[0]!;
    const studentCalendar = await readFeed(await myFeedUrl(student.token));
    expect(uids(studentCalendar)).toEqual(mine.sessionIds.map((id) => `${id}@tutoria`));
    expect(JSON.stringify(studentCalendar)).not.toContain(mine.students[1]!.fullName);
  });

  it('gives an assistant the sessions of the classes they assist', async () => {
    const built = await buildClassroom(t, { times, assistant: true });
    const calendar = await readFeed(await myFeedUrl(built.assistant!.token));
    expect(uids(calendar)).toEqual(built.sessionIds.map((id) => `${id}@tutoria`));
  });

  it('says whether an address exists; a reset stops the old address (404), the new one works', async () => {
    const teacher = await person(t, 'Teacher');
    expect((await t.call(k.mine, {}, { token: teacher.token })).json()).toEqual({
      active: false,
      createdAt: null,
    });
    const first = await myFeedUrl(teacher.token);
    expect(new URL(first).pathname).toMatch(/^\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await t.call(k.mine, {}, { token: teacher.token })).json()).toMatchObject({ active: true });
    // Only a hash is stored, never the token itself.
    const token = new URL(first).pathname.split('/').pop()!.replace('.ics', '');
    expect(JSON.stringify(await tokenRows())).not.toContain(token);

    const second = await myFeedUrl(teacher.token);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).statusCode).toBe(404);
    expect((await fetchFeed(second)).statusCode).toBe(200);
  });

  it('answers 404 for a made-up or malformed token, and for a disabled holder', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/calendar/feed/${'A'.repeat(43)}.ics` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/calendar/feed/nothing.ics' })).statusCode).toBe(
      404,
    );
    const teacher = await person(t, 'Teacher');
    const url = await myFeedUrl(teacher.token);
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.publicKey, teacher.publicKey));
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });
});

describe('who may make which feed', () => {
  const own: [Role, number][] = [
    ['Teacher', 200],
    ['AssistantTeacher', 200],
    ['Student', 200],
    ['Admin', 200],
    ['SchedulingAdmin', 403],
    ['TeamLeader', 403],
    ['FinancialAdmin', 403],
    ['AcademicConsultant', 403],
  ];
  it.each(own)('a %s making their own feed: %i', async (role, status) => {
    const who = await person(t, role);
    const res = await t.call(k.resetMine, {}, { token: who.token });
    expect(res.statusCode, res.body).toBe(status);
    expect((await t.call(k.mine, {}, { token: who.token })).statusCode).toBe(status);
  });

  it('refuses without a session, and a refused call writes nothing', async () => {
    const before = await tokenRows();
    expect((await t.call(k.resetMine, {})).statusCode).toBe(401);
    await refusesWithoutWriting(
      t,
      () => t.call(k.resetMine, {}, { token: c.finance.token }),
      'ACCESS_DENIED',
    );
    expect(await tokenRows()).toEqual(before);
  });

  it('gives staff who read every timetable a teacher’s feed; refuses a teacher, a student and a consultant', async () => {
    const built = await buildClassroom(t, { teacher: await person(t, 'Teacher'), times });
    for (const staff of [c.scheduler, c.leader, c.admin]) {
      const res = await t.call(
        k.teacherFeed,
        { body: { teacherPublicKey: built.teacher.publicKey } },
        { token: staff.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      const calendar = await readFeed(res.json().url);
      expect(uids(calendar)).toEqual(built.sessionIds.map((id) => `${id}@tutoria`));
    }
    const before = await tokenRows();
    for (const who of [c.teacher2, c.student, c.consultant, c.finance]) {
      const res = await t.call(
        k.teacherFeed,
        { body: { teacherPublicKey: built.teacher.publicKey } },
        { token: who.token },
      );
      expectRefused(res, 'ACCESS_DENIED');
    }
    // A student is no teacher: not found, as an unknown key.
    expectRefused(
      await t.call(
        k.teacherFeed,
        { body: { teacherPublicKey: c.student.publicKey } },
        { token: c.scheduler.token },
      ),
      'FETCH_DATA_FAILED',
    );
    expect(await tokenRows()).toEqual(before);
  });

  it('stops a staff feed once its holder may no longer read every timetable; a teacher’s own reset leaves it', async () => {
    const teacher = await person(t, 'Teacher');
    const built = await buildClassroom(t, { teacher, times });
    const staff = await person(t, 'SchedulingAdmin');
    const res = await t.call(
      k.teacherFeed,
      { body: { teacherPublicKey: teacher.publicKey } },
      { token: staff.token },
    );
    const url = res.json().url as string;
    await myFeedUrl(teacher.token);
    expect(uids(await readFeed(url))).toEqual(built.sessionIds.map((id) => `${id}@tutoria`));
    await t.db.update(users).set({ role: 'AcademicConsultant' }).where(eq(users.publicKey, staff.publicKey));
    expect((await fetchFeed(url)).statusCode).toBe(404);
  });
});

describe('the feed’s window', () => {
  it('holds sessions from 8 weeks back to 26 weeks ahead only', async () => {
    const now = Math.floor(Date.now() / 1000);
    const teacher = await person(t, 'Teacher');
    const at = (s: number) => ({ start: s, end: s + HOUR });
    const built = await buildClassroom(t, {
      teacher,
      times: [at(now - 9 * WEEK), at(now - 7 * WEEK), at(now + 25 * WEEK), at(now + 27 * WEEK)],
    });
    const calendar = await readFeed(await myFeedUrl(teacher.token));
    expect(uids(calendar)).toEqual([built.sessionIds[1], built.sessionIds[2]].map((id) => `${id}@tutoria`));
  });
});
