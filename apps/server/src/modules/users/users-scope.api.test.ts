import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { classrooms, classroomStudents } from '../../db/schema/index.ts';
import { buildUser, sessionFor, tableCounts } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * DESIGN §6 scope for users: a consultant reaches only their own students; a teacher or assistant
 * reaches the students of their own classrooms only; a record out of scope answers as if it did not exist.
 */
const c = contract.users;
let t: TestApp;
type Built = Awaited<ReturnType<typeof buildUser>>;
let consultantA: Built;
let consultantB: Built;
let studentOfA: Built;
let studentOfB: Built;
let teacher: Built;
let tokenA: string;
let teacherToken: string;

beforeAll(async () => {
  t = await createTestApp();
  consultantA = await buildUser(t.db, { role: 'AcademicConsultant', fullName: 'Consultant A' });
  consultantB = await buildUser(t.db, { role: 'AcademicConsultant', fullName: 'Consultant B' });
  studentOfA = await buildUser(t.db, {
    role: 'Student',
    consultantKey: consultantA.publicKey,
    fullName: 'Pupil of A',
  });
  studentOfB = await buildUser(t.db, {
    role: 'Student',
    consultantKey: consultantB.publicKey,
    fullName: 'Pupil of B',
  });
  teacher = await buildUser(t.db, { role: 'Teacher', fullName: 'Teacher T' });
  await buildUser(t.db, { role: 'Student', fullName: 'Pupil of nobody' });
  tokenA = await sessionFor(t.db, consultantA);
  teacherToken = await sessionFor(t.db, teacher);
});
afterAll(() => t.close());

const keysOf = (res: { json(): { data: { publicKey: string }[] } }) =>
  res
    .json()
    .data.map((u) => u.publicKey)
    .sort();

describe('what a consultant sees', () => {
  it('lists only their own students and themself; with ignoreRoleFilter also the staff directory, never other students', async () => {
    const narrow = await t.call(
      c.list,
      { query: {}, body: { page: { index: 1, size: 100 } } },
      { token: tokenA },
    );
    expect(narrow.statusCode).toBe(200);
    expect(keysOf(narrow)).toEqual([consultantA.publicKey, studentOfA.publicKey].sort());
    const wide = await t.call(
      c.list,
      { query: { ignoreRoleFilter: true }, body: { page: { index: 1, size: 100 } } },
      { token: tokenA },
    );
    const wideKeys = keysOf(wide);
    expect(wideKeys).toEqual(
      expect.arrayContaining([
        consultantA.publicKey,
        consultantB.publicKey,
        teacher.publicKey,
        studentOfA.publicKey,
      ]),
    );
    expect(wideKeys).not.toContain(studentOfB.publicKey);
    expect(wide.json().data.filter((u: { role: string }) => u.role === 'Student')).toHaveLength(1);
  });

  it('answers not found for another consultant’s student: get, edit, reset, archive, disable, delete, login history', async () => {
    const before = await tableCounts(t.db);
    const attempts = [
      t.call(c.get, { query: { publicKey: studentOfB.publicKey } }, { token: tokenA }),
      t.call(c.edit, { body: { publicKey: studentOfB.publicKey, fullName: 'Poached' } }, { token: tokenA }),
      t.call(
        c.resetPassword,
        { body: { publicKey: studentOfB.publicKey, password: 'Poach#2024', confirmPassword: 'Poach#2024' } },
        { token: tokenA },
      ),
      t.call(c.archive, { body: { publicKey: studentOfB.publicKey } }, { token: tokenA }),
      t.call(c.disable, { body: { publicKey: studentOfB.publicKey } }, { token: tokenA }),
      t.call(c.delete, { body: { publicKey: studentOfB.publicKey } }, { token: tokenA }),
      t.call(c.loginHistory, { query: { publicKey: studentOfB.publicKey } }, { token: tokenA }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'FETCH_DATA_FAILED', message: 'Could not fetch data.' });
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('may read a staff account but not change it', async () => {
    expect(
      (await t.call(c.get, { query: { publicKey: teacher.publicKey } }, { token: tokenA })).statusCode,
    ).toBe(200);
    const edit = await t.call(
      c.edit,
      { body: { publicKey: teacher.publicKey, fullName: 'Renamed' } },
      { token: tokenA },
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe('ACCESS_DENIED');
    // Login history is for the people in one's scope only.
    expect(
      (await t.call(c.loginHistory, { query: { publicKey: teacher.publicKey } }, { token: tokenA }))
        .statusCode,
    ).toBe(404);
  });

  it('edits their own student and the profile, but keeps them a student of theirs', async () => {
    const ok = await t.call(
      c.edit,
      {
        body: {
          publicKey: studentOfA.publicKey,
          nickName: 'Ace',
          studentProfile: { school: 'Nanyang Model School', targetMajors: ['Medicine'] },
        },
      },
      { token: tokenA },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({
      nickName: 'Ace',
      studentProfile: { school: 'Nanyang Model School', targetMajors: ['Medicine'] },
    });
    const before = await tableCounts(t.db);
    const promote = await t.call(
      c.edit,
      { body: { publicKey: studentOfA.publicKey, role: 'Teacher' } },
      { token: tokenA },
    );
    expect(promote.statusCode).toBe(403);
    const handOver = await t.call(
      c.edit,
      { body: { publicKey: studentOfA.publicKey, consultant: consultantB.publicKey } },
      { token: tokenA },
    );
    expect(handOver.statusCode).toBe(400);
    expect(handOver.json()).toMatchObject({
      code: 'FAILED_VALIDATION',
      details: [{ field: 'consultant', message: 'A consultant can only add and edit their own students.' }],
    });
    const drop = await t.call(
      c.edit,
      { body: { publicKey: studentOfA.publicKey, consultant: null } },
      { token: tokenA },
    );
    expect(drop.statusCode).toBe(400);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('resets the password of, archives and restores their own student', async () => {
    const reset = await t.call(
      c.resetPassword,
      { body: { publicKey: studentOfA.publicKey, password: 'Mine#2024', confirmPassword: 'Mine#2024' } },
      { token: tokenA },
    );
    expect(reset.statusCode).toBe(200);
    expect(
      (await t.call(c.archive, { body: { publicKey: studentOfA.publicKey } }, { token: tokenA })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.call(
          c.archive,
          { body: { publicKey: studentOfA.publicKey, archived: false } },
          { token: tokenA },
        )
      ).statusCode,
    ).toBe(200);
  });

  it('counts per role only what they may see; pickers give staff and their students', async () => {
    const counts = (await t.call(c.countOfEachRole, {}, { token: tokenA })).json();
    expect(counts.roles.find((r: { role: string }) => r.role === 'Student').total).toBe(1);
    expect(counts.roles.find((r: { role: string }) => r.role === 'AcademicConsultant').total).toBe(2);
    const students = await t.call(c.byRoleAndBaseType, { body: { roles: ['Student'] } }, { token: tokenA });
    expect(keysOf(students)).toEqual([studentOfA.publicKey]);
  });
});

describe('what a teacher without classrooms sees', () => {
  it('lists themself only, the staff directory with ignoreRoleFilter, and no student at all', async () => {
    const narrow = await t.call(c.list, { query: {}, body: {} }, { token: teacherToken });
    expect(keysOf(narrow)).toEqual([teacher.publicKey]);
    const wide = await t.call(
      c.list,
      { query: { ignoreRoleFilter: 'true' as never }, body: { page: { index: 1, size: 100 } } },
      { token: teacherToken },
    );
    expect(wide.json().data.some((u: { role: string }) => u.role === 'Student')).toBe(false);
    expect(wide.json().totalCount).toBeGreaterThan(1);
    const student = await t.call(
      c.get,
      { query: { publicKey: studentOfA.publicKey } },
      { token: teacherToken },
    );
    expect(student.statusCode).toBe(404);
  });

  it('may not change anyone (no users.manage)', async () => {
    const res = await t.call(
      c.edit,
      { body: { publicKey: teacher.publicKey, fullName: 'Self edit' } },
      { token: teacherToken },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('what a teacher sees through a classroom', () => {
  it('reaches the students of their own classrooms, read-only, and cannot be deleted while teaching', async () => {
    const own = await buildUser(t.db, { role: 'Teacher', fullName: 'Teacher With Class' });
    const assistant = await buildUser(t.db, { role: 'AssistantTeacher' });
    const [room] = await t.db
      .insert(classrooms)
      .values({
        classroomName: 'Scope class',
        classroomLevel: 'GCSE',
        classroomType: 'Private',
        lessonType: 'GCSE_Online',
        teacherKey: own.publicKey,
        assistantKey: assistant.publicKey,
        state: 'Active',
      })
      .returning();
    await t.db.insert(classroomStudents).values({ classroomId: room!.classroomId, studentKey: studentOfB.publicKey });
    for (const staff of [own, assistant]) {
      const token = await sessionFor(t.db, staff);
      const list = await t.call(c.list, { query: {}, body: { page: { index: 1, size: 100 } } }, { token });
      expect(keysOf(list)).toEqual([staff.publicKey, studentOfB.publicKey].sort());
      expect((await t.call(c.get, { query: { publicKey: studentOfB.publicKey } }, { token })).statusCode).toBe(200);
      expect((await t.call(c.get, { query: { publicKey: studentOfA.publicKey } }, { token })).statusCode).toBe(404);
    }
    const admin = await sessionFor(t.db, await buildUser(t.db, { role: 'Admin' }));
    for (const owner of [own, studentOfB]) {
      const refused = await t.call(c.delete, { body: { publicKey: owner.publicKey } }, { token: admin });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('classrooms');
    }
  });
});

describe('unscoped staff', () => {
  it('a scheduling admin sees every user, students included, read-only', async () => {
    const scheduler = await buildUser(t.db, { role: 'SchedulingAdmin' });
    const token = await sessionFor(t.db, scheduler);
    const res = await t.call(c.list, { query: {}, body: { page: { index: 1, size: 100 } } }, { token });
    expect(keysOf(res)).toEqual(expect.arrayContaining([studentOfA.publicKey, studentOfB.publicKey]));
    expect(
      (await t.call(c.edit, { body: { publicKey: studentOfA.publicKey, fullName: 'X' } }, { token }))
        .statusCode,
    ).toBe(403);
  });
});
