import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, textSearchGroup } from '@tutoria/shared';
import { auditLog, lessons } from '../../db/schema/index.ts';
import { buildLesson, buildSpecification } from '../../../test/lesson-factories.ts';
import { buildUser, sessionFor, tableCounts } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const c = contract.lessons;
let t: TestApp;
let admin: string;
let leader: string;
let teacher: string;
let student: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await sessionFor(t.db, await buildUser(t.db, { role: 'Admin' }));
  leader = await sessionFor(t.db, await buildUser(t.db, { role: 'TeamLeader' }));
  teacher = await sessionFor(t.db, await buildUser(t.db, { role: 'Teacher' }));
  student = await sessionFor(t.db, await buildUser(t.db, { role: 'Student' }));
});
afterAll(() => t.close());

const valid = {
  name: 'Mathematics',
  title: 'Pure Mathematics 1',
  subTitle: 'Algebra and functions',
  level: 'A_LEVEL' as const,
  baseType: 'A_LEVEL' as const,
  teachingTimeInHour: 1.5,
  description: 'Quadratics, inequalities, graphs and transformations.',
};

describe('lesson/create (create_lesson)', () => {
  it('creates a lesson, answers the spec text and audits', async () => {
    const res = await t.call(
      c.create,
      { body: { ...valid, title: 'Pure Mathematics A' } },
      { token: leader },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      isSuccess: true,
      message: 'Lesson created, edited or deleted successfully',
    });
    expect(body.lesson).toMatchObject({ ...valid, title: 'Pure Mathematics A', teachingTimeInHour: 1.5 });
    expect(body.lesson.createMoment).toBeGreaterThan(0);
    const [row] = await t.db.select().from(lessons).where(eq(lessons.lessonId, body.lesson.lessonId));
    expect(row).toMatchObject({ name: 'Mathematics', teachingTimeInHour: '1.50', level: 'A_LEVEL' });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, body.lesson.lessonId));
    expect(audit).toMatchObject([{ action: 'lesson.create', entity: 'lesson' }]);
  });

  it('is served as create_lesson too, with the text in Chinese', async () => {
    const res = await t.call(
      c.create,
      { body: { ...valid, title: 'Pure Mathematics B' } },
      { token: admin, path: 'create_lesson', language: 'zh' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('课程已成功创建、编辑或删除');
  });

  it('keeps empty optional texts as none', async () => {
    const res = await t.call(
      c.create,
      { body: { ...valid, title: 'Statistics 1', subTitle: '', description: null } },
      { token: admin },
    );
    expect(res.json().lesson).toMatchObject({ subTitle: null, description: null });
  });

  it('refuses the same name, title and subtitle at the same level and base type, whatever the case', async () => {
    await t.call(c.create, { body: { ...valid, title: 'Mechanics 1' } }, { token: admin });
    const before = await tableCounts(t.db);
    const res = await t.call(
      c.create,
      { body: { ...valid, name: 'MATHEMATICS', title: 'mechanics 1' } },
      { token: admin },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FAILED_VALIDATION', details: [{ field: 'title' }] });
    expect(await tableCounts(t.db)).toEqual(before);
    const otherLevel = await t.call(
      c.create,
      { body: { ...valid, title: 'Mechanics 1', level: 'IB', baseType: 'IB' } },
      { token: admin },
    );
    expect(otherLevel.statusCode).toBe(200);
    const otherPart = await t.call(
      c.create,
      { body: { ...valid, title: 'Mechanics 1', subTitle: 'Forces' } },
      { token: admin },
    );
    expect(otherPart.statusCode).toBe(200);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const before = await tableCounts(t.db);
    const cases: [Record<string, unknown>, string, RegExp?][] = [
      [{ ...valid, name: undefined }, 'name', /can not be empty/],
      [{ ...valid, name: '   ' }, 'name', /can not be empty/],
      [{ ...valid, title: 'x'.repeat(201) }, 'title', /longer than 200/],
      [{ ...valid, description: 'x'.repeat(2001) }, 'description', /longer than 2000/],
      [{ ...valid, level: 'Wizardry' }, 'level'],
      [{ ...valid, baseType: 42 }, 'baseType'],
      [{ ...valid, teachingTimeInHour: '2' }, 'teachingTimeInHour'],
      [{ ...valid, teachingTimeInHour: 1.255 }, 'teachingTimeInHour', /at most 2 decimals/],
      [{ ...valid, teachingTimeInHour: 0 }, 'teachingTimeInHour', /at least 0.25/],
      [{ ...valid, teachingTimeInHour: 1001 }, 'teachingTimeInHour', /at most 1000/],
      [{ ...valid, lessonId: '00000000-0000-4000-8000-000000000000' }, 'lessonId', /not an accepted field/],
    ];
    for (const [body, field, text] of cases) {
      const res = await t.call(c.create, { body: body as never }, { token: admin });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe('FAILED_VALIDATION');
      const detail = res.json().details.find((d: { field: string }) => d.field === field);
      expect(detail, JSON.stringify(res.json())).toBeDefined();
      if (text) expect(detail.message).toMatch(text);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('names the field in Chinese', async () => {
    const res = await t.call(c.create, { body: { ...valid, title: '' } }, { token: admin, language: 'zh' });
    expect(res.json().message).toBe('标题不能为空。');
  });

  it('is refused to roles that only read lessons, and to students', async () => {
    for (const token of [teacher, student]) {
      const res = await t.call(c.create, { body: { ...valid, title: 'Refused' } }, { token });
      expect(res.statusCode).toBe(403);
    }
    expect(await t.db.select().from(lessons).where(eq(lessons.title, 'Refused'))).toHaveLength(0);
  });
});

describe('lesson/getAll (admin_lessons)', () => {
  let fresh: TestApp;
  let token: string;
  beforeAll(async () => {
    fresh = await createTestApp();
    token = await sessionFor(fresh.db, await buildUser(fresh.db, { role: 'Teacher' }));
    const rows: [string, string, 'A_LEVEL' | 'GCSE' | 'IELTS', string][] = [
      ['Mathematics', 'Pure Mathematics 1', 'A_LEVEL', '2.00'],
      ['Mathematics', 'Statistics 1', 'A_LEVEL', '1.50'],
      ['Physics', 'Forces and motion', 'GCSE', '1.00'],
      ['Physics', 'Electricity', 'GCSE', '1.25'],
      ['English', 'IELTS Writing Task 2', 'IELTS', '1.50'],
      ['English', 'IELTS Speaking Part 1', 'IELTS', '1.00'],
    ];
    // Explicit creation moments a second apart: two inserts in one clock tick would tie on "newest first".
    let second = 0;
    const createMoment = () => new Date(Date.UTC(2026, 0, 1, 0, 0, second++));
    for (const [name, title, level, hours] of rows) {
      await buildLesson(fresh.db, { name, title, level, baseType: level, teachingTimeInHour: hours, createMoment: createMoment() });
    }
    for (let i = 0; i < 8; i++)
      await buildLesson(fresh.db, {
        name: 'Chemistry',
        title: `Organic chemistry ${i}`,
        level: 'IB',
        baseType: 'IB',
        createMoment: createMoment(),
      });
  });
  afterAll(() => fresh.close());

  const list = (body: object, options = {}) => fresh.call(c.list, { body }, { token, ...options });

  it('pages 10 at a time by default, newest first, with the total', async () => {
    const res = await list({});
    expect(res.statusCode).toBe(200);
    const { data, totalCount } = res.json();
    expect(totalCount).toBe(14);
    expect(data).toHaveLength(10);
    expect(data[0].title).toBe('Organic chemistry 7');
    const second = (await list({ page: { index: 2, size: 10 } })).json();
    expect(second.data).toHaveLength(4);
    expect(second.totalCount).toBe(14);
    const past = (await list({ page: { index: 5, size: 10 } })).json();
    expect(past).toEqual({ data: [], totalCount: 14 });
  });

  it('searches name, title and subTitle in three spellings and filters by level and base type', async () => {
    const search = (await list({ where: [textSearchGroup(['name', 'title', 'subTitle'], 'ielts')] })).json();
    expect(search.data.map((l: { title: string }) => l.title).sort()).toEqual([
      'IELTS Speaking Part 1',
      'IELTS Writing Task 2',
    ]);
    const physicsGcse = (
      await list({
        where: [
          textSearchGroup(['name', 'title'], 'physics'),
          [{ column: 'level', comparison: 'Equal', operand: 'GCSE' }],
        ],
        order: [{ column: 'title', descending: false }],
      })
    ).json();
    expect(physicsGcse.data.map((l: { title: string }) => l.title)).toEqual([
      'Electricity',
      'Forces and motion',
    ]);
    const byBase = (
      await list({ where: [[{ column: 'baseType', comparison: 'Equal', operand: 'A_LEVEL' }]] })
    ).json();
    expect(byBase.totalCount).toBe(2);
    const notIb = (
      await list({
        where: [[{ column: 'level', comparison: 'NotEqual', operand: 'IB' }]],
        page: { index: 1, size: -1 },
      })
    ).json();
    expect(notIb.data).toHaveLength(6);
  });

  it('sorts by hours, and treats a % as itself', async () => {
    const byHours = (
      await list({ order: [{ column: 'teachingTimeInHour', descending: true }], page: { index: 1, size: 1 } })
    ).json();
    expect(byHours.data[0]).toMatchObject({ title: 'Pure Mathematics 1', teachingTimeInHour: 2 });
    expect(
      (await list({ where: [[{ column: 'title', comparison: 'Contains', operand: '%' }]] })).json()
        .totalCount,
    ).toBe(0);
  });

  it('refuses columns it does not declare and a sort on subTitle', async () => {
    for (const body of [
      { where: [[{ column: 'description', comparison: 'Contains', operand: 'x' }]] },
      { order: [{ column: 'subTitle', descending: false }] },
      { where: [[{ column: 'teachingTimeInHour', comparison: 'Equal', operand: 'lots' }]] },
    ]) {
      const res = await list(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_QUERY');
    }
  });

  it('is served as admin_lessons', async () => {
    const res = await list({}, { path: 'admin_lessons' });
    expect(res.json().totalCount).toBe(14);
  });

  it('is refused to students', async () => {
    const studentToken = await sessionFor(fresh.db, await buildUser(fresh.db, { role: 'Student' }));
    expect((await fresh.call(c.list, { body: {} }, { token: studentToken })).statusCode).toBe(403);
  });
});

describe('lesson/edit (edit_lesson)', () => {
  it('changes every field and audits before and after', async () => {
    const row = await buildLesson(t.db);
    const body = {
      lessonId: row.lessonId,
      ...valid,
      title: 'Further Mathematics',
      teachingTimeInHour: 2.25,
      subTitle: null,
    };
    const res = await t.call(c.edit, { body }, { token: leader, path: 'edit_lesson' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Lesson created, edited or deleted successfully',
      lesson: { ...body, createMoment: expect.any(Number) },
    });
    const [after] = await t.db.select().from(lessons).where(eq(lessons.lessonId, row.lessonId));
    expect(after).toMatchObject({ title: 'Further Mathematics', teachingTimeInHour: '2.25', subTitle: null });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, row.lessonId));
    expect(audit).toMatchObject([
      { action: 'lesson.edit', before: { title: row.title }, after: { title: 'Further Mathematics' } },
    ]);
  });

  it('answers a missing lesson as not found and a clash as a duplicate title', async () => {
    const missing = await t.call(
      c.edit,
      { body: { lessonId: '00000000-0000-4000-8000-000000000000', ...valid } },
      { token: admin },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('FETCH_DATA_FAILED');
    const first = await buildLesson(t.db, { name: 'Biology', title: 'Cells' });
    const second = await buildLesson(t.db, { name: 'Biology', title: 'Genetics' });
    const clash = await t.call(
      c.edit,
      {
        body: {
          ...valid,
          lessonId: second.lessonId,
          name: 'biology',
          title: 'CELLS',
          subTitle: null,
          level: first.level as 'A_LEVEL',
          baseType: 'A_LEVEL',
        },
      },
      { token: admin },
    );
    expect(clash.statusCode).toBe(400);
    expect(clash.json().details[0].field).toBe('title');
    const [kept] = await t.db.select().from(lessons).where(eq(lessons.lessonId, second.lessonId));
    expect(kept!.title).toBe('Genetics');
  });

  it('refuses a bad id and unknown fields', async () => {
    for (const body of [
      { ...valid, lessonId: 'not-a-uuid' },
      { ...valid },
      { ...valid, lessonId: '00000000-0000-4000-8000-000000000000', extra: true },
    ]) {
      const res = await t.call(c.edit, { body: body as never }, { token: admin });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('FAILED_VALIDATION');
    }
  });
});

describe('lesson/delete (delete_lesson)', () => {
  it('deletes a lesson no course uses', async () => {
    const row = await buildLesson(t.db);
    const res = await t.call(
      c.delete,
      { body: { lessonId: row.lessonId } },
      { token: admin, path: 'delete_lesson' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      message: 'Lesson created, edited or deleted successfully',
    });
    expect(await t.db.select().from(lessons).where(eq(lessons.lessonId, row.lessonId))).toHaveLength(0);
    const again = await t.call(c.delete, { body: { lessonId: row.lessonId } }, { token: admin });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete a lesson a course contains, naming the course', async () => {
    const row = await buildLesson(t.db);
    await buildSpecification(t.db, [row.lessonId], { title: 'A-Level Mathematics full course' });
    const before = await tableCounts(t.db);
    const res = await t.call(c.delete, { body: { lessonId: row.lessonId } }, { token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'This lesson is part of the course(s) “A-Level Mathematics full course”: remove it from them first.',
    });
    expect(await tableCounts(t.db)).toEqual(before);
    const zh = await t.call(c.delete, { body: { lessonId: row.lessonId } }, { token: admin, language: 'zh' });
    expect(zh.json().message).toBe(
      '此课程属于课程体系 “A-Level Mathematics full course”：请先将其从这些课程体系中移除。',
    );
  });

  it('refuses a missing or malformed id', async () => {
    for (const body of [{}, { lessonId: 12 }, { lessonId: 'x' }]) {
      const res = await t.call(c.delete, { body: body as never }, { token: admin });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe('lessonId');
    }
  });
});

describe('lessons_title and lessons_names', () => {
  let fresh: TestApp;
  let token: string;
  beforeAll(async () => {
    fresh = await createTestApp();
    token = await sessionFor(fresh.db, await buildUser(fresh.db, { role: 'AssistantTeacher' }));
    await buildLesson(fresh.db, { name: 'Physics', title: 'Waves', level: 'GCSE', baseType: 'GCSE' });
    await buildLesson(fresh.db, { name: 'Physics', title: 'Atoms', level: 'GCSE', baseType: 'GCSE' });
    await buildLesson(fresh.db, { name: 'Economics', title: 'Waves', level: 'IB', baseType: 'IB' });
  });
  afterAll(() => fresh.close());

  it('answers distinct sorted titles and names, optionally of one level or base type', async () => {
    expect((await fresh.call(c.titles, { query: {} }, { token })).json()).toEqual(['Atoms', 'Waves']);
    expect((await fresh.call(c.names, { query: {} }, { token, path: 'lessons_names' })).json()).toEqual([
      'Economics',
      'Physics',
    ]);
    expect(
      (await fresh.call(c.titles, { query: { level: 'IB' } }, { token, path: 'lessons_title' })).json(),
    ).toEqual(['Waves']);
    expect((await fresh.call(c.names, { query: { baseType: 'GCSE' } }, { token })).json()).toEqual([
      'Physics',
    ]);
  });

  it('refuses an unknown level', async () => {
    const res = await fresh.call(c.titles, { query: { level: 'Wizardry' as never } }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('level');
  });
});
