import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, rolePermissions, roles, type TeacherTimeTable } from '@tutoria/shared';
import { buildUser, sessionFor } from '../../../test/factories.ts';
import {
  addSlots,
  type Centre,
  centre,
  expectRefused,
  HOUR,
  monday,
  type Person,
  person,
  text,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * The admin week in pages of teachers (issue 30): `limit` and `after` page the admin call and the
 * filtered call in the answer's order (full name, then key); without them the answer is the whole
 * week as before. The teacher filter's options come from `timetable.teachers`.
 */
let t: TestApp;
let c: Centre;
let extra: Person[];
beforeAll(async () => {
  t = await createTestApp();
  c = await centre(t);
  // Two teachers share a name: their keys order them, and a page may end between them.
  extra = [];
  for (const fullName of ['Amy Archer', 'Ben Baker', 'Ben Baker', 'Cleo Cole', 'Dan Dunn'])
    extra.push(await person(t, 'Teacher', { fullName }));
  const edit = await t.call(
    tt.editTimeTable,
    { body: { teacherPublicKey: extra[1]!.publicKey, lessonNames: ['Paging'] } },
    { token: c.scheduler.token },
  );
  expect(edit.statusCode, edit.body).toBe(200);
  for (const [i, teacher] of extra.entries()) {
    const start = monday(1) + (9 + i) * HOUR;
    await addSlots(t, c.scheduler.token, [{ start, end: start + HOUR }], {
      teacherPublicKey: teacher.publicKey,
    });
  }
  await buildUser(t.db, { role: 'Teacher', fullName: 'Aaron Away', status: 'disabled' });
});
afterAll(() => t.close());

const tt = contract.timetable;
const week = { start: monday(1), end: monday(2) };
const keys = (timetables: TeacherTimeTable[]) => timetables.map((x) => x.teacherPublicKey);

async function adminWeek(query: Record<string, unknown>, token = c.scheduler.token) {
  const res = await t.call(tt.getForAdmin, { query: { ...week, ...query } }, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TeacherTimeTable[];
}

/** Every page of `limit` teachers, each asked after the previous page's last teacher. */
async function allPages(ask: (after?: string) => Promise<TeacherTimeTable[]>, limit: number) {
  const pages: TeacherTimeTable[][] = [];
  let after: string | undefined;
  for (;;) {
    const page = await ask(after);
    pages.push(page);
    if (page.length < limit) return pages;
    after = page.at(-1)!.teacherPublicKey;
  }
}

describe('the admin week in pages of teachers', () => {
  it('pages of 2 concatenate to the whole answer, which is the same as before without them', async () => {
    const whole = await adminWeek({});
    expect(whole.length).toBeGreaterThanOrEqual(7);
    const pages = await allPages((after) => adminWeek({ limit: 2, after }), 2);
    expect(pages.slice(0, -1).every((page) => page.length === 2)).toBe(true);
    expect(pages.flat()).toEqual(whole);
    // The same-named teachers stand in key order, one page's cursor between them or not.
    const bens = whole.filter((x) => x.teacherName === 'Ben Baker').map((x) => x.teacherPublicKey);
    expect(bens).toEqual([...bens].sort());
  });

  it('a page holds its teachers with their times and sessions, as the whole answer has them', async () => {
    const [first] = await adminWeek({ limit: 1 });
    expect(first!.teacherName).toBe('Amy Archer');
    expect(first!.availableTimes).toHaveLength(1);
    expect(first).toEqual((await adminWeek({})).find((x) => x.teacherPublicKey === first!.teacherPublicKey));
  });

  it('pages a lesson-name filter and the filtered call (chosen teachers) the same way', async () => {
    expect(keys(await adminWeek({ lessonNames: 'Paging', limit: 5 }))).toEqual([extra[1]!.publicKey]);
    const chosen = [extra[4]!.publicKey, extra[2]!.publicKey, extra[0]!.publicKey];
    const filtered = async (body: Record<string, unknown>) => {
      const res = await t.call(
        tt.filteredByDate,
        { body: { ...week, teachersPublicKey: chosen, ...body } },
        { token: c.leader.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TeacherTimeTable[];
    };
    const whole = await filtered({});
    expect(keys(whole)).toEqual([extra[0]!, extra[2]!, extra[4]!].map((x) => x.publicKey));
    const pages = await allPages((after) => filtered({ limit: 2, after }), 2);
    expect(pages.map((page) => page.length)).toEqual([2, 1]);
    expect(pages.flat()).toEqual(whole);
  });

  it('the page after a teacher disabled since still starts where that teacher stood', async () => {
    const whole = await adminWeek({});
    const gone = await buildUser(t.db, { role: 'Teacher', fullName: 'Bea Gone', status: 'disabled' });
    const next = await adminWeek({ limit: 100, after: gone.publicKey });
    expect(next).toEqual(whole.filter((x) => x.teacherName > 'Bea Gone'));
  });

  it.each([
    ['limit 0', { limit: 0 }],
    ['limit 101', { limit: 101 }],
    ['limit 2.5', { limit: 2.5 }],
    ['a limit that is no number', { limit: 'all' }],
    ['a cursor that is no key', { after: 'Amy Archer' }],
  ])('refuses %s with FAILED_VALIDATION', async (_case, query) => {
    const res = await t.call(tt.getForAdmin, { query: { ...week, ...query } }, { token: c.admin.token });
    expectRefused(res, 'FAILED_VALIDATION');
    const body = await t.call(tt.filteredByDate, { body: { ...week, ...query } }, { token: c.admin.token });
    expectRefused(body, 'FAILED_VALIDATION');
  });

  it('refuses a cursor naming no teacher with INVALID_QUERY, in English and Chinese', async () => {
    for (const key of [c.student.publicKey, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.call(tt.getForAdmin, { query: { ...week, after: key } }, { token: c.admin.token });
      expectRefused(res, 'INVALID_QUERY');
      expect(res.json().message).toBe(text('listOperandInvalid', { column: 'after' }));
    }
    const zh = await t.call(
      tt.filteredByDate,
      { body: { ...week, limit: 5, after: c.student.publicKey } },
      { token: c.admin.token, language: 'zh' },
    );
    expectRefused(zh, 'INVALID_QUERY');
    expect(zh.json().message).toBe(text('listOperandInvalid', { column: 'after' }, 'zh'));
  });
});

describe('the teachers without their week', () => {
  it('lists every active teacher in the order of the admin week, with the lesson names offered', async () => {
    const res = await t.call(tt.teachers, {}, { token: c.leader.token });
    expect(res.statusCode, res.body).toBe(200);
    const teachers = res.json() as { teacherPublicKey: string; teacherName: string; lessonNames: string[] }[];
    const whole = await adminWeek({});
    expect(teachers.map((x) => x.teacherPublicKey)).toEqual(keys(whole));
    expect(teachers.map((x) => x.teacherName)).not.toContain('Aaron Away');
    expect(teachers.find((x) => x.teacherPublicKey === extra[1]!.publicKey)!.lessonNames).toEqual(['Paging']);
  });

  it.each(roles.map((role) => [role, rolePermissions[role].includes('timetable.readAll')] as const))(
    '%s may read it and page the admin week: %s',
    async (role, allowed) => {
      const token = await sessionFor(t.db, await buildUser(t.db, { role }));
      for (const res of [
        await t.call(tt.teachers, {}, { token }),
        await t.call(tt.getForAdmin, { query: { ...week, limit: 2 } }, { token }),
      ]) {
        if (allowed) expect(res.statusCode, res.body).toBe(200);
        else expectRefused(res, 'ACCESS_DENIED');
      }
    },
  );
});
