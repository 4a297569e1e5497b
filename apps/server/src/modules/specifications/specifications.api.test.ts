import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, textSearchGroup } from '@tutoria/shared';
import { auditLog, lessons, specificationLessons, specifications } from '../../db/schema/index.ts';
import { transactionRunner } from '../../db/transaction.ts';
import { buildLesson, buildSpecification } from '../../../test/lesson-factories.ts';
import { buildUser, sessionFor, tableCounts } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createLessonsService } from '../lessons/lessons.service.ts';
import { createCourseFileStore } from './course-file-store.ts';
import { createSpecificationsService } from './specifications.service.ts';

const c = contract.specifications;
let t: TestApp;
let admin: string;
let scheduler: string;
let teacher: string;
const nobody = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  admin = await sessionFor(t.db, await buildUser(t.db, { role: 'Admin' }));
  scheduler = await sessionFor(t.db, await buildUser(t.db, { role: 'SchedulingAdmin' }));
  teacher = await sessionFor(t.db, await buildUser(t.db, { role: 'Teacher' }));
});
afterAll(() => t.close());

describe('specification/create (create_specification)', () => {
  it('creates a course from lessons in the order given, with their total hours', async () => {
    const first = await buildLesson(t.db, { title: 'Differentiation', teachingTimeInHour: '1.50' });
    const second = await buildLesson(t.db, { title: 'Algebra', teachingTimeInHour: '2.25' });
    const res = await t.call(
      c.create,
      {
        body: {
          title: 'A-Level Mathematics',
          level: 'A_LEVEL',
          baseType: 'A_LEVEL',
          lessonIds: [first.lessonId, second.lessonId],
        },
      },
      { token: scheduler },
    );
    expect(res.statusCode).toBe(200);
    const { message, specification } = res.json();
    expect(message).toBe('Specification created, edited or deleted successfully');
    expect(specification).toMatchObject({
      title: 'A-Level Mathematics',
      isEvaluationTest: false,
      totalHours: 3.75,
      courseFiles: [],
      lessons: [
        { lessonId: first.lessonId, title: 'Differentiation', teachingTimeInHour: 1.5 },
        { lessonId: second.lessonId, title: 'Algebra', teachingTimeInHour: 2.25 },
      ],
    });
    const links = await t.db
      .select()
      .from(specificationLessons)
      .where(eq(specificationLessons.specificationId, specification.specificationId));
    expect(links.sort((a, b) => a.position - b.position).map((l) => l.lessonId)).toEqual([
      first.lessonId,
      second.lessonId,
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, specification.specificationId));
    expect(audit).toMatchObject([{ action: 'specification.create' }]);
  });

  it('says the spec text in Chinese under create_specification', async () => {
    const lesson = await buildLesson(t.db);
    const res = await t.call(
      c.create,
      {
        body: {
          title: 'IELTS Writing',
          level: 'IELTS',
          baseType: 'IELTS',
          isEvaluationTest: false,
          lessonIds: [lesson.lessonId],
        },
      },
      { token: admin, path: 'create_specification', language: 'zh' },
    );
    expect(res.json().message).toBe('课程体系已成功创建、编辑或删除');
  });

  it('refuses bad input, unknown lessons and duplicates, writing nothing', async () => {
    const lesson = await buildLesson(t.db);
    await buildSpecification(t.db, [lesson.lessonId], {
      title: 'GCSE Physics',
      level: 'GCSE',
      baseType: 'GCSE',
    });
    const valid = { title: 'Course X', level: 'GCSE', baseType: 'GCSE', lessonIds: [lesson.lessonId] };
    const before = await tableCounts(t.db);
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ ...valid, lessonIds: [] }, 'lessonIds', 'Please select lessons'],
      [{ ...valid, lessonIds: [nobody] }, 'lessonIds', 'Lessons is not valid.'],
      [{ ...valid, lessonIds: [lesson.lessonId, lesson.lessonId] }, 'lessonIds'],
      [{ ...valid, lessonIds: ['nope'] }, 'lessonIds.0'],
      [{ ...valid, lessonIds: undefined }, 'lessonIds', 'Lessons can not be empty.'],
      [{ ...valid, title: '' }, 'title', 'Title can not be empty.'],
      [{ ...valid, title: 'y'.repeat(201) }, 'title'],
      [{ ...valid, level: 'GCSE ' }, 'level'],
      [{ ...valid, isEvaluationTest: 'yes' }, 'isEvaluationTest'],
      [{ ...valid, files: [] }, 'files'],
      [{ ...valid, title: 'gcse physics' }, 'title', 'Title is already in use.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.call(c.create, { body: body as never }, { token: admin });
      expect(res.statusCode, field).toBe(400);
      const detail = res.json().details?.find((d: { field: string }) => d.field === field);
      expect(detail, `${field}: ${JSON.stringify(res.json())}`).toBeDefined();
      if (message) expect(detail.message).toBe(message);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('is refused to read-only staff', async () => {
    const lesson = await buildLesson(t.db);
    const res = await t.call(
      c.create,
      { body: { title: 'Nope', level: 'GCSE', baseType: 'GCSE', lessonIds: [lesson.lessonId] } },
      { token: teacher },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('specification/getAll (admin_specifications)', () => {
  let fresh: TestApp;
  let token: string;
  beforeAll(async () => {
    fresh = await createTestApp();
    token = await sessionFor(fresh.db, await buildUser(fresh.db, { role: 'AcademicConsultant' }));
    const a = await buildLesson(fresh.db, {
      title: 'Kinematics',
      level: 'GCSE',
      baseType: 'GCSE',
      teachingTimeInHour: '1.00',
    });
    const b = await buildLesson(fresh.db, {
      title: 'Electricity',
      level: 'GCSE',
      baseType: 'GCSE',
      teachingTimeInHour: '1.25',
    });
    const w = await buildLesson(fresh.db, {
      title: 'Writing Task 2',
      level: 'IELTS',
      baseType: 'IELTS',
      teachingTimeInHour: '1.50',
    });
    await buildSpecification(fresh.db, [a.lessonId, b.lessonId], {
      title: 'GCSE Physics',
      level: 'GCSE',
      baseType: 'GCSE',
    });
    await buildSpecification(fresh.db, [b.lessonId], {
      title: 'GCSE Physics placement test',
      level: 'GCSE',
      baseType: 'GCSE',
      isEvaluationTest: true,
    });
    await buildSpecification(fresh.db, [w.lessonId], {
      title: 'IELTS Writing',
      level: 'IELTS',
      baseType: 'IELTS',
    });
    // A second apart: two inserts in one clock tick would tie on "newest first".
    for (let i = 0; i < 10; i++)
      await buildSpecification(fresh.db, [a.lessonId], {
        title: `Physics group ${i}`,
        level: 'GCSE',
        baseType: 'GCSE',
        createMoment: new Date(Date.now() + (i + 1) * 1000),
      });
  });
  afterAll(() => fresh.close());

  const list = (body: object, options = {}) => fresh.call(c.list, { body }, { token, ...options });

  it('pages 10 at a time, newest first, each course with its lessons in order and its hours', async () => {
    const first = (await list({})).json();
    expect(first.totalCount).toBe(13);
    expect(first.data).toHaveLength(10);
    expect(first.data[0].title).toBe('Physics group 9');
    const last = (await list({ page: { index: 2, size: 10 } })).json();
    const physics = last.data.find((s: { title: string }) => s.title === 'GCSE Physics');
    expect(physics).toMatchObject({
      totalHours: 2.25,
      lessons: [{ title: 'Kinematics' }, { title: 'Electricity' }],
      courseFiles: [],
    });
  });

  it('searches titles and filters by level, base type and evaluation test', async () => {
    const search = (await list({ where: [textSearchGroup(['title'], 'ielts')] })).json();
    expect(search.data.map((s: { title: string }) => s.title)).toEqual(['IELTS Writing']);
    const tests = (
      await list({ where: [[{ column: 'isEvaluationTest', comparison: 'Equal', operand: true }]] })
    ).json();
    expect(tests.data.map((s: { title: string }) => s.title)).toEqual(['GCSE Physics placement test']);
    const gcse = (
      await list(
        {
          where: [
            [{ column: 'level', comparison: 'Equal', operand: 'GCSE' }],
            [{ column: 'baseType', comparison: 'Equal', operand: 'GCSE' }],
          ],
          order: [{ column: 'title', descending: false }],
          page: { index: 1, size: 3 },
        },
        { path: 'admin_specifications' },
      )
    ).json();
    expect(gcse.totalCount).toBe(12);
    expect(gcse.data.map((s: { title: string }) => s.title)).toEqual([
      'GCSE Physics',
      'GCSE Physics placement test',
      'Physics group 0',
    ]);
  });

  it('refuses undeclared columns', async () => {
    const res = await list({ where: [[{ column: 'lessons', comparison: 'Contains', operand: 'x' }]] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_QUERY');
  });
});

describe('specification/edit (edit_specification)', () => {
  it('replaces the fields and the lessons, in the new order', async () => {
    const [a, b, d] = [await buildLesson(t.db), await buildLesson(t.db), await buildLesson(t.db)];
    const spec = await buildSpecification(t.db, [a.lessonId, b.lessonId]);
    const res = await t.call(
      c.edit,
      {
        body: {
          specificationId: spec.specificationId,
          title: 'Renamed',
          level: 'IB',
          baseType: 'IB',
          isEvaluationTest: true,
          lessonIds: [d.lessonId, a.lessonId],
        },
      },
      { token: admin, path: 'edit_specification' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().specification).toMatchObject({
      title: 'Renamed',
      level: 'IB',
      isEvaluationTest: true,
      lessons: [{ lessonId: d.lessonId }, { lessonId: a.lessonId }],
    });
    const links = await t.db
      .select()
      .from(specificationLessons)
      .where(eq(specificationLessons.specificationId, spec.specificationId));
    expect(links).toHaveLength(2);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, spec.specificationId));
    expect(audit[0]).toMatchObject({
      action: 'specification.edit',
      before: { lessonIds: [a.lessonId, b.lessonId] },
    });
  });

  it('answers a missing course as not found and leaves a course untouched on a bad lesson', async () => {
    const lesson = await buildLesson(t.db);
    const missing = await t.call(
      c.edit,
      {
        body: {
          specificationId: nobody,
          title: 'X',
          level: 'IB',
          baseType: 'IB',
          lessonIds: [lesson.lessonId],
        },
      },
      { token: admin },
    );
    expect(missing.statusCode).toBe(404);
    const spec = await buildSpecification(t.db, [lesson.lessonId], { title: 'Untouched' });
    const bad = await t.call(
      c.edit,
      {
        body: {
          specificationId: spec.specificationId,
          title: 'Changed',
          level: 'IB',
          baseType: 'IB',
          lessonIds: [nobody],
        },
      },
      { token: admin },
    );
    expect(bad.statusCode).toBe(400);
    const [row] = await t.db
      .select()
      .from(specifications)
      .where(eq(specifications.specificationId, spec.specificationId));
    expect(row!.title).toBe('Untouched');
  });
});

describe('specification/delete (delete_specification)', () => {
  it('deletes the course and its lesson links, keeps the lessons, and frees them for deletion', async () => {
    const lesson = await buildLesson(t.db);
    const spec = await buildSpecification(t.db, [lesson.lessonId]);
    const res = await t.call(
      c.delete,
      { body: { specificationId: spec.specificationId } },
      { token: admin, path: 'delete_specification' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      message: 'Specification created, edited or deleted successfully',
    });
    expect(
      await t.db
        .select()
        .from(specifications)
        .where(eq(specifications.specificationId, spec.specificationId)),
    ).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(specificationLessons)
        .where(eq(specificationLessons.lessonId, lesson.lessonId)),
    ).toHaveLength(0);
    expect(await t.db.select().from(lessons).where(eq(lessons.lessonId, lesson.lessonId))).toHaveLength(1);
    const lessonGone = await t.call(
      contract.lessons.delete,
      { body: { lessonId: lesson.lessonId } },
      { token: admin },
    );
    expect(lessonGone.statusCode).toBe(200);
    expect(
      (await t.call(c.delete, { body: { specificationId: spec.specificationId } }, { token: admin }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses bad ids', async () => {
    for (const body of [{}, { specificationId: 'x' }, { specificationId: nobody, more: 1 }]) {
      const res = await t.call(c.delete, { body: body as never }, { token: admin });
      expect(res.statusCode).toBe(400);
    }
  });

  it('asks every registered usage check before deleting, inside the transaction (the classrooms hook)', async () => {
    const transaction = transactionRunner(t.db, () => undefined);
    const lessonsService = createLessonsService({ db: t.db, transaction, listAllCap: 100 });
    const service = createSpecificationsService({
      db: t.db,
      transaction,
      lessons: lessonsService,
      store: createCourseFileStore({ filesDir: '/nonexistent-test-data/files', maxUploadBytes: 1024 }),
      listAllCap: 100,
      log: { error: () => undefined },
    });
    const lesson = await buildLesson(t.db);
    const spec = await buildSpecification(t.db, [lesson.lessonId], { title: 'Used by a class' });
    const asked: string[] = [];
    service.registerUsageCheck(async (_q, id) => {
      asked.push(id);
      return { key: 'specificationInUse', names: ['IELTS Group A', 'IELTS Group B'] };
    });
    const user = {
      publicKey: nobody,
      sessionId: nobody,
      role: 'Admin' as const,
      fullName: 'A',
      isAdmin: true,
      permissions: new Set<never>(),
    };
    await expect(service.delete(user, spec.specificationId)).rejects.toMatchObject({
      code: 'CONFLICT',
      options: { text: { key: 'specificationInUse', values: { names: '“IELTS Group A”, “IELTS Group B”' } } },
    });
    expect(asked).toEqual([spec.specificationId]);
    expect(
      await t.db
        .select()
        .from(specifications)
        .where(eq(specifications.specificationId, spec.specificationId)),
    ).toHaveLength(1);
  });
});

describe('a course referenced by a table with no registered check yet', () => {
  it('is refused with a plain "still in use", not a server error', async () => {
    const fresh = await createTestApp();
    try {
      const token = await sessionFor(fresh.db, await buildUser(fresh.db, { role: 'Admin' }));
      const spec = await buildSpecification(fresh.db, [(await buildLesson(fresh.db)).lessonId]);
      await fresh.db.execute(
        sql.raw(
          `create table uses_course (specification_id uuid references specifications(specification_id) on delete restrict)`,
        ),
      );
      await fresh.db.execute(sql`insert into uses_course values (${spec.specificationId})`);
      const res = await fresh.call(c.delete, { body: { specificationId: spec.specificationId } }, { token });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'This record is still in use elsewhere and can not be deleted.',
      });
      expect(
        await fresh.db
          .select()
          .from(specifications)
          .where(eq(specifications.specificationId, spec.specificationId)),
      ).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('specification/getEvaluationTestSpecifications', () => {
  let fresh: TestApp;
  let token: string;
  let ieltsStudent: string;
  let gcseStudent: string;
  let contestStudent: string;
  let teacherKey: string;
  beforeAll(async () => {
    fresh = await createTestApp();
    token = await sessionFor(fresh.db, await buildUser(fresh.db, { role: 'SchedulingAdmin' }));
    ieltsStudent = (await buildUser(fresh.db, { role: 'Student', baseType: 'IELTS' })).publicKey;
    gcseStudent = (await buildUser(fresh.db, { role: 'Student', baseType: 'GCSE' })).publicKey;
    contestStudent = (await buildUser(fresh.db, { role: 'Student', baseType: 'Contest' })).publicKey;
    teacherKey = (await buildUser(fresh.db, { role: 'Teacher', baseType: 'IELTS' })).publicKey;
    const lesson = await buildLesson(fresh.db, {
      title: 'Placement test',
      level: 'IELTS',
      baseType: 'IELTS',
    });
    await buildSpecification(fresh.db, [lesson.lessonId], {
      title: 'IELTS placement test',
      level: 'IELTS',
      baseType: 'IELTS',
      isEvaluationTest: true,
    });
    await buildSpecification(fresh.db, [lesson.lessonId], {
      title: 'IELTS advanced placement',
      level: 'Advanced',
      baseType: 'IELTS',
      isEvaluationTest: true,
    });
    await buildSpecification(fresh.db, [lesson.lessonId], {
      title: 'IELTS Writing course',
      level: 'IELTS',
      baseType: 'IELTS',
    });
    await buildSpecification(fresh.db, [lesson.lessonId], {
      title: 'GCSE diagnostic',
      level: 'GCSE',
      baseType: 'GCSE',
      isEvaluationTest: true,
    });
  });
  afterAll(() => fresh.close());

  const ask = (body: object, options = {}) =>
    fresh.call(c.evaluationTests, { body: body as never }, { token, ...options });
  const titles = (res: { json(): { title: string }[] }) => res.json().map((s) => s.title);

  it("answers the base type's evaluation tests at the students' levels, with their lessons", async () => {
    const res = await ask({ studentsPublicKey: [ieltsStudent], baseType: 'IELTS' });
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['IELTS placement test']);
    expect(res.json()[0].lessons).toMatchObject([{ title: 'Placement test' }]);
    expect(
      titles(
        await ask(
          { studentsPublicKey: [gcseStudent], baseType: 'GCSE' },
          { path: 'getEvaluationTestSpecifications' },
        ),
      ),
    ).toEqual(['GCSE diagnostic']);
    expect(titles(await ask({ studentsPublicKey: [gcseStudent], baseType: 'IELTS' }))).toEqual([]);
  });

  it('offers every level of the base type when a student has no level', async () => {
    const res = await ask({ studentsPublicKey: [ieltsStudent, contestStudent], baseType: 'IELTS' });
    expect(titles(res)).toEqual(['IELTS advanced placement', 'IELTS placement test']);
  });

  it('refuses unknown people, non-students, an empty list and bad input', async () => {
    const cases: [object, string, string?][] = [
      [{ studentsPublicKey: [nobody], baseType: 'IELTS' }, 'studentsPublicKey', 'Students is not valid.'],
      [{ studentsPublicKey: [teacherKey], baseType: 'IELTS' }, 'studentsPublicKey'],
      [{ studentsPublicKey: [], baseType: 'IELTS' }, 'studentsPublicKey', 'Please select a student'],
      [{ studentsPublicKey: ['x'], baseType: 'IELTS' }, 'studentsPublicKey.0'],
      [{ studentsPublicKey: [ieltsStudent] }, 'baseType'],
      [{ studentsPublicKey: [ieltsStudent], baseType: 'IELTS', level: 'IELTS' }, 'level'],
    ];
    for (const [body, field, message] of cases) {
      const res = await ask(body);
      expect(res.statusCode).toBe(400);
      const detail = res.json().details.find((d: { field: string }) => d.field === field);
      expect(detail, JSON.stringify(res.json())).toBeDefined();
      if (message) expect(detail.message).toBe(message);
    }
  });

  it('is for those who create classes', async () => {
    const leader = await sessionFor(fresh.db, await buildUser(fresh.db, { role: 'TeamLeader' }));
    expect(
      (await ask({ studentsPublicKey: [ieltsStudent], baseType: 'IELTS' }, { token: leader })).statusCode,
    ).toBe(403);
  });
});
