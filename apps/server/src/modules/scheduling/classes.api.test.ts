import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingConflict, contract } from '@tutoria/shared';
import { tableCounts } from '../../../test/factories.ts';
import { buildSpecification } from '../../../test/lesson-factories.ts';
import {
  addSlots,
  type Centre,
  centre,
  classBody,
  createClass,
  DAY,
  HOUR,
  monday,
  person,
  refusesWithoutWriting,
  text,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { formatSpan } from './format.ts';

let t: TestApp;
let c: Centre;
const cl = contract.classes;
const base = monday(2);

beforeAll(async () => {
  t = await createTestApp();
  c = await centre(t);
  // Monday to Friday 09:00–17:00 next-but-one week for both teachers.
  const days = [0, 1, 2, 3, 4].map((d) => ({
    start: base + d * DAY + 9 * HOUR,
    end: base + d * DAY + 17 * HOUR,
  }));
  await addSlots(t, c.teacher.token, days);
  await addSlots(t, c.teacher2.token, days);
});
afterAll(() => t.close());

const at = (day: number, hour: number, hours = 1) => ({
  start: base + day * DAY + hour * HOUR,
  end: base + day * DAY + (hour + hours) * HOUR,
});

describe('creating a class', () => {
  /** A class of Student Sue with Teacher Tina, with some fields overridden. */
  const createWith = (override: object) =>
    t.call(
      cl.create,
      {
        body: {
          ...classBody({ teacher: c.teacher, students: [c.student3] }, [at(3, 9)]),
          ...override,
        } as never,
      },
      { token: c.scheduler.token },
    );

  it("creates a class with its students, lessons and sessions inside the teacher's available times", async () => {
    const spec = await buildSpecification(t.db, []);
    const res = await t.call(
      cl.create,
      {
        body: classBody({ teacher: c.teacher, students: [c.student, c.student2] }, [at(0, 9), at(2, 9)], {
          specificationIds: [spec.specificationId],
          classroomNumber: 'A-101',
        }),
      },
      { token: c.scheduler.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isSuccess: true, message: 'Created successfully.' });
    const { classroomId, sessionIds } = res.json();
    expect(sessionIds).toHaveLength(2);
    const details = (await t.call(cl.get, { query: { classroomId } }, { token: c.scheduler.token })).json();
    expect(details).toMatchObject({
      classroomType: 'TwoOrThreePerson',
      lessonType: 'A_LEVEL_Offline',
      baseType: 'A_LEVEL',
      classroomNumber: 'A-101',
      state: 'Active',
      archived: false,
      teacher: { teacherPublicKey: c.teacher.publicKey, teacherName: 'Teacher Tina' },
      financialState: 'reserved',
    });
    expect(details.students.map((s: { studentName: string }) => s.studentName)).toEqual([
      'Student Sam',
      'Student Sara',
    ]);
    expect(details.lessons).toEqual([
      expect.objectContaining({ lessonName: 'Mathematics', teachingLessonTimeInHour: 1.5 }),
    ]);
    expect(details.specifications).toEqual([
      expect.objectContaining({ specificationId: spec.specificationId }),
    ]);
    expect(details.times.map((s: { start: number }) => s.start)).toEqual([at(0, 9).start, at(2, 9).start]);
    // New sessions: not financially confirmed yet → reserved (SPEC §4 rule 1); booked by the scheduling admin.
    expect(details.times[0]).toMatchObject({
      state: 'waitingforclass',
      confirmation: 'noConfirmation',
      financialConfirmation: false,
      displayState: 'reserved',
      displayColour: '#6d28d9',
      changesConfirmedBySchedulingAdmin: true,
      changesConfirmedByTeacher: false,
      durationMinutes: 60,
    });
  });

  it.each([
    ['no student', { studentsPublicKey: [] }, 'Please select a student'],
    ['no teacher', { teacherPublicKey: '' }, 'Please select a teacher'],
    ['no lesson', { lessons: [] }, 'Please select lessons'],
    ['no time', { times: [] }, 'Please add time'],
    [
      'a lesson hour that is not a decimal',
      { lessons: [{ lessonName: 'X', lessonLevel: 'GCSE', teachingLessonTimeInHour: 'abc' }] },
      'Teaching time (hours) must be a decimal number with at most 2 decimals.',
    ],
  ])('refuses %s with the form text and writes nothing', async (_case, override, message) => {
    const before = await tableCounts(t.db);
    const res = await createWith(override);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('FAILED_VALIDATION');
    expect(res.json().details.map((d: { message: string }) => d.message)).toContain(message);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('says the class form texts (SPEC §5) in Chinese too', async () => {
    const res = await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.create,
          {
            body: {
              ...classBody({ teacher: c.teacher, students: [] }, []),
              studentsPublicKey: [],
              times: [],
            },
          },
          { token: c.scheduler.token, language: 'zh' },
        ),
      'FAILED_VALIDATION',
    );
    const messages = res.json().details.map((d: { message: string }) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([text('selectStudent', {}, 'zh'), text('addTime', {}, 'zh')]),
    );
    expect(messages).not.toContain('Please select a student');
  });

  it('parses the lesson hour as a decimal from text', async () => {
    const res = await t.call(
      cl.create,
      {
        body: classBody({ teacher: c.teacher2, students: [c.student3] }, [at(4, 16)], {
          classroomType: 'Private',
          lessons: [
            {
              ...classBody({ teacher: c.teacher, students: [] }, []).lessons[0]!,
              teachingLessonTimeInHour: '2.25',
            },
          ],
        }),
      },
      { token: c.scheduler.token, language: 'zh' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(text('scheduleCreated', {}, 'zh'));
    const details = (
      await t.call(cl.get, { query: { classroomId: res.json().classroomId } }, { token: c.admin.token })
    ).json();
    expect(details.lessons[0].teachingLessonTimeInHour).toBe(2.25);
    expect(details.state).toBe('WaitingForAddCourse');
  });

  it('refuses a teacher key that is not a teacher, a student that is not a student, an unknown course and too many students', async () => {
    const cases = [
      [{ teacherPublicKey: c.student.publicKey }, 'teacherPublicKey'],
      [{ studentsPublicKey: [c.teacher.publicKey] }, 'studentsPublicKey'],
      [{ specificationIds: ['00000000-0000-4000-8000-000000000000'] }, 'specificationIds'],
      [
        { classroomType: 'Private', studentsPublicKey: [c.student.publicKey, c.student2.publicKey] },
        'studentsPublicKey',
      ],
    ] as const;
    for (const [override, field] of cases) {
      const res = await refusesWithoutWriting(t, () => createWith(override), 'FAILED_VALIDATION');
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        JSON.stringify(override),
      ).toEqual([field]);
    }
  });

  it('only classes.manage creates', async () => {
    await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.create,
          { body: classBody({ teacher: c.teacher, students: [c.student3] }, [at(3, 9)]) },
          { token: c.teacher.token },
        ),
      'ACCESS_DENIED',
    );
  });
});

describe('no double booking', () => {
  /** A refused booking: CONFLICT, one detail per clash against the requested time, nothing written. */
  const refusedBooking = async (body: ReturnType<typeof classBody>, fields: string[]) => {
    const res = await refusesWithoutWriting(
      t,
      () => t.call(cl.create, { body }, { token: c.scheduler.token }),
      'CONFLICT',
    );
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(fields);
    return res.json().message as string;
  };
  const span = (time: { start: number; end: number }) => formatSpan(time.start, time.end, t.config.timeZone);

  it("refuses a time outside the teacher's available times", async () => {
    const message = await refusedBooking(
      classBody({ teacher: c.teacher, students: [c.student3] }, [at(0, 17)]),
      ['times.0'],
    );
    expect(message).toBe(text('conflictAvailability', { time: span(at(0, 17)), teacher: 'Teacher Tina' }));
  });

  it('refuses a time the teacher already teaches, naming the class and time', async () => {
    const message = await refusedBooking(
      classBody({ teacher: c.teacher, students: [c.student3] }, [
        { start: at(0, 9).start + 1800, end: at(0, 9).end + 1800 },
      ]),
      ['times.0'],
    );
    expect(message).toContain('Teacher Tina');
    expect(message).toContain(span(at(0, 9)));
  });

  it('refuses a time a student already has with another teacher, naming the student', async () => {
    const message = await refusedBooking(
      classBody({ teacher: c.teacher2, students: [c.student2] }, [at(0, 9)]),
      ['times.0'],
    );
    expect(message).toContain('Student Sam');
    expect(message).toContain(span(at(0, 9)));
  });

  it('refuses a room already taken at that time, naming the room', async () => {
    const message = await refusedBooking(
      classBody({ teacher: c.teacher2, students: [c.student3] }, [at(2, 9)], { classroomNumber: 'A-101' }),
      ['times.0'],
    );
    expect(message).toContain('A-101');
    expect(message).toContain(span(at(2, 9)));
  });

  it('refuses times overlapping each other in one request, and counts several clashes', async () => {
    const second = { start: at(0, 9).start + 1800, end: at(0, 9).end + 1800 };
    const res = await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.create,
          { body: classBody({ teacher: c.teacher2, students: [c.student2] }, [at(0, 9), second]) },
          { token: c.scheduler.token, language: 'zh' },
        ),
      'CONFLICT',
    );
    const details = res.json().details as { field: string; message: string }[];
    expect(details.length).toBeGreaterThan(1);
    expect(details).toContainEqual({
      field: 'times.1',
      message: text('conflictRequest', { time: span(second), other: span(at(0, 9)) }, 'zh'),
    });
    // The message is the first clash, and how many more: said in the caller's language.
    expect(res.json().message).toBe(
      text('conflictsMore', { first: details[0]!.message, count: details.length - 1 }, 'zh'),
    );
  });

  it('a cancelled session frees its time; touching times do not clash', async () => {
    const made = await createClass(
      t,
      c.scheduler.token,
      { teacher: c.teacher2, students: [c.student3] },
      [at(1, 13)],
      { classroomType: 'Private' },
    );
    const cancel = await t.call(
      cl.cancelSession,
      { body: { sessionId: made.sessionIds[0]! } },
      { token: c.scheduler.token },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    await createClass(
      t,
      c.scheduler.token,
      { teacher: c.teacher2, students: [c.student3] },
      [at(1, 13), at(1, 14)],
      { classroomType: 'Private' },
    );
  });

  it('checkTimes lists every clash without booking anything', async () => {
    const before = await tableCounts(t.db);
    const res = await t.call(
      cl.checkTimes,
      {
        body: {
          teacherPublicKey: c.teacher2.publicKey,
          studentsPublicKey: [c.student2.publicKey],
          classroomNumber: 'A-101',
          times: [at(0, 9), at(3, 11), at(3, 20)],
        },
      },
      { token: c.scheduler.token, language: 'zh' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.times[0].conflicts.map((x: { kind: string }) => x.kind).sort()).toEqual(['room', 'student']);
    expect(body.times[0].conflicts.find((x: { kind: string }) => x.kind === 'student')).toMatchObject({
      studentPublicKey: c.student2.publicKey,
      studentName: 'Student Sam',
    });
    for (const conflict of body.times[0].conflicts as BookingConflict[]) {
      const values = {
        classroom: conflict.classroomName!,
        time: span(conflict),
        student: 'Student Sam',
        room: 'A-101',
      };
      expect(conflict.message).toBe(
        text(conflict.kind === 'student' ? 'conflictStudent' : 'conflictRoom', values, 'zh'),
      );
    }
    expect(body.times[1]).toMatchObject({ conflicts: [] });
    expect(body.times[1].availableTimeId).not.toBeNull();
    expect(body.times[2].conflicts[0].kind).toBe('availability');
    expect(body.conflictCount).toBe(3);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('the not-available endpoints return exactly the busy student and room times', async () => {
    const students = await t.call(
      cl.notAvailableStudents,
      {
        query: {
          studentsPublicKey: `${c.student.publicKey},${c.student2.publicKey}`,
          start: base,
          end: base + DAY,
        },
      },
      { token: c.scheduler.token },
    );
    expect(students.statusCode, students.body).toBe(200);
    expect(
      students.json().data.map((x: { studentName: string; start: number }) => [x.studentName, x.start]),
    ).toEqual([
      ['Student Sam', at(0, 9).start],
      ['Student Sara', at(0, 9).start],
    ]);
    const rooms = await t.call(
      cl.notAvailableRooms,
      { query: { classroomNumber: 'A-101', start: base, end: base + 7 * DAY } },
      { token: c.scheduler.token },
    );
    expect(rooms.json().data.map((x: { start: number }) => x.start)).toEqual([
      at(0, 9).start,
      at(2, 9).start,
    ]);
    const numbers = await t.call(cl.classNumbers, {}, { token: c.teacher.token });
    expect(numbers.json().data).toContain('A-101');
  });
});

describe('lists, scope and filters', () => {
  let tinaClass: string;
  let tomClass: string;
  beforeAll(async () => {
    tinaClass = (
      await createClass(t, c.scheduler.token, { teacher: c.teacher, students: [c.student] }, [at(4, 9)], {
        classroomName: 'Scope Tina',
        assistantTeacherPublicKey: c.assistant.publicKey,
        lessonType: 'IELTS_Online',
      })
    ).classroomId;
    tomClass = (
      await createClass(t, c.scheduler.token, { teacher: c.teacher2, students: [c.student3] }, [at(4, 9)], {
        classroomName: 'Scope Tom',
      })
    ).classroomId;
  });

  const names = async (token: string, where: unknown[] = [], endpoint = cl.list) => {
    const res = await t.call(
      endpoint,
      { body: { page: { index: 1, size: -1 }, where: where as never } },
      { token },
    );
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { classroomName: string }[]).map((r) => r.classroomName);
  };

  it("a teacher sees their own classes; another teacher's answers FETCH_DATA_FAILED", async () => {
    expect(await names(c.teacher2.token)).toContain('Scope Tom');
    expect(await names(c.teacher2.token)).not.toContain('Scope Tina');
    expect(await names(c.teacher2.token, [], cl.listOfTeacher)).toContain('Scope Tom');
    for (const [endpoint, input] of [
      [cl.get, { query: { classroomId: tinaClass } }],
      [cl.timesState, { query: { classroomId: tinaClass } }],
      [cl.passedLessons, { query: { classroomId: tinaClass } }],
    ] as const) {
      const res = await t.call(endpoint, input as never, { token: c.teacher2.token });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('FETCH_DATA_FAILED');
    }
  });

  it("an assistant sees the classes they assist; a student their own; a consultant their students'", async () => {
    expect(await names(c.assistant.token)).toEqual(['Scope Tina']);
    expect(await names(c.student3.token)).toContain('Scope Tom');
    expect(await names(c.student3.token)).not.toContain('Scope Tina');
    expect(await names(c.consultant.token)).toContain('Scope Tina');
    expect(await names(c.consultant.token)).not.toContain('Scope Tom');
    const other = await t.call(cl.get, { query: { classroomId: tomClass } }, { token: c.student.token });
    expect(other.statusCode).toBe(404);
  });

  it('filters by teacher, student, consultant, lesson type, and a session in a date range', async () => {
    const all = await names(c.admin.token, [
      [{ column: 'teacherPublicKey', comparison: 'Equal', operand: c.teacher2.publicKey }],
    ]);
    expect(all).toContain('Scope Tom');
    expect(all).not.toContain('Scope Tina');
    expect(
      await names(c.admin.token, [
        [{ column: 'studentPublicKey', comparison: 'Equal', operand: c.student3.publicKey }],
      ]),
    ).toContain('Scope Tom');
    expect(
      await names(c.admin.token, [
        [{ column: 'consultantPublicKey', comparison: 'Equal', operand: c.consultant.publicKey }],
      ]),
    ).not.toContain('Scope Tom');
    expect(
      await names(c.admin.token, [[{ column: 'lessonType', comparison: 'Equal', operand: 'IELTS_Online' }]]),
    ).toEqual(['Scope Tina']);
    expect(
      await names(c.admin.token, [[{ column: 'studentName', comparison: 'Contains', operand: 'sue' }]]),
    ).toContain('Scope Tom');
    const inRange = await names(c.admin.token, [
      [{ column: 'fromTime', comparison: 'Equal', operand: at(4, 9).start }],
      [{ column: 'toTime', comparison: 'Equal', operand: at(4, 10).start }],
    ]);
    expect(inRange.sort()).toEqual(['Scope Tina', 'Scope Tom']);
    const bad = await t.call(
      cl.list,
      { body: { where: [[{ column: 'teacherPublicKey', comparison: 'Equal', operand: 'nope' }]] } },
      { token: c.admin.token },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_QUERY');
    const unknown = await t.call(
      cl.list,
      { body: { where: [[{ column: 'secret', comparison: 'Equal', operand: 1 }]] } },
      { token: c.admin.token },
    );
    expect(unknown.json().code).toBe('INVALID_QUERY');
  });

  it('each row carries its own teacher, students, session count and next session', async () => {
    const res = await t.call(cl.list, { body: { page: { index: 1, size: -1 } } }, { token: c.admin.token });
    const rows = res.json().data as {
      classroomName: string;
      teacherName: string;
      students: { fullName: string }[];
      sessionCount: number;
      nextSessionStart: number;
      state: string;
    }[];
    expect(rows.find((r) => r.classroomName === 'Scope Tina')).toMatchObject({
      teacherName: 'Teacher Tina',
      students: [{ fullName: 'Student Sara' }],
      sessionCount: 1,
      nextSessionStart: at(4, 9).start,
      state: 'WaitingForAddCourse',
    });
    expect(rows.find((r) => r.classroomName === 'Scope Tom')).toMatchObject({
      teacherName: 'Teacher Tom',
      students: [{ fullName: 'Student Sue' }],
      sessionCount: 1,
    });
    const details = (
      await t.call(cl.get, { query: { classroomId: tinaClass } }, { token: c.admin.token })
    ).json();
    expect(details.assistantTeacher.fullName).toBe(c.assistant.fullName);
  });

  it('pages with a total count, newest first', async () => {
    const res = await t.call(cl.list, { body: { page: { index: 1, size: 2 } } }, { token: c.admin.token });
    expect(res.json().data).toHaveLength(2);
    expect(res.json().totalCount).toBeGreaterThan(2);
    expect(res.json().data[0].classroomName).toBe('Scope Tom');
    const past = await t.call(cl.list, { body: { page: { index: 50, size: 10 } } }, { token: c.admin.token });
    expect(past.json()).toEqual({ data: [], totalCount: res.json().totalCount });
  });

  it('GetAllClassroomsFilteredByDate lists sessions in start order within scope and filters', async () => {
    const body = { start: at(4, 0).start, end: at(4, 24).start };
    const admin = await t.call(cl.filteredByDate, { body }, { token: c.admin.token });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().data.map((s: { classroomName: string }) => s.classroomName)).toEqual(
      expect.arrayContaining(['Scope Tina', 'Scope Tom']),
    );
    expect(admin.json().data[0]).toMatchObject({
      displayState: 'reserved',
      hasTeachingDayInformation: false,
    });
    const student = await t.call(cl.filteredByDate, { body }, { token: c.student3.token });
    const seen = student.json().data.map((s: { classroomName: string }) => s.classroomName);
    expect(seen).toContain('Scope Tom');
    expect(seen).not.toContain('Scope Tina');
    const byConsultant = await t.call(
      cl.filteredByDate,
      { body: { ...body, academicConsultantPublicKey: c.consultant.publicKey } },
      { token: c.admin.token },
    );
    expect(byConsultant.json().data.map((s: { classroomName: string }) => s.classroomName)).toEqual([
      'Scope Tina',
    ]);
    const byType = await t.call(
      cl.filteredByDate,
      { body: { ...body, lessonType: ['IELTS_Online'], teachersPublicKey: [c.teacher.publicKey] } },
      { token: c.admin.token },
    );
    expect(byType.json().totalCount).toBe(1);
  });

  it('GetAllClassroomsFilteredByDate pages in start order, each page with the total, with or without a scope', async () => {
    const range = { start: at(0, 0).start, end: at(14, 0).start };
    const ids = (rows: { sessionId: string }[]) => rows.map((r) => r.sessionId);
    for (const [token, extra] of [
      [c.admin.token, {}],
      [c.admin.token, { lessonType: 'IELTS_Online' }],
      [c.teacher.token, {}],
    ] as const) {
      const call = async (index: number, size: number) =>
        (
          await t.call(cl.filteredByDate, { body: { ...range, ...extra, page: { index, size } } }, { token })
        ).json() as {
          data: { sessionId: string; start: number }[];
          totalCount: number;
        };
      const all = await call(1, 500);
      expect(all.data.length).toBeGreaterThan(0);
      expect(all.totalCount).toBe(all.data.length);
      const starts = all.data.map((r) => r.start);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      const pages = [];
      for (let index = 1; index <= Math.ceil(all.totalCount / 2); index++) pages.push(await call(index, 2));
      expect(pages.every((p) => p.totalCount === all.totalCount)).toBe(true);
      expect(pages.flatMap((p) => ids(p.data))).toEqual(ids(all.data));
      expect(await call(pages.length + 1, 2)).toEqual({ data: [], totalCount: all.totalCount });
    }
  });

  it("classrooms of a user, within the caller's scope", async () => {
    const res = await t.call(
      cl.ofUser,
      { query: { publicKey: c.assistant.publicKey } },
      { token: c.scheduler.token },
    );
    expect(res.json().data).toEqual([
      expect.objectContaining({ classroomName: 'Scope Tina', relation: 'assistant' }),
    ]);
    const mine = await t.call(
      cl.ofUser,
      { query: { publicKey: c.student.publicKey } },
      { token: c.teacher2.token },
    );
    expect(mine.json().data).toEqual([]);
  });
});

describe('changing a class', () => {
  let classroomId: string;
  beforeAll(async () => {
    classroomId = (
      await createClass(t, c.scheduler.token, { teacher: c.teacher2, students: [c.student3] }, [at(3, 15)], {
        classroomName: 'Change me',
        classroomNumber: 'B-2',
      })
    ).classroomId;
  });
  const details = async () =>
    (await t.call(cl.get, { query: { classroomId } }, { token: c.admin.token })).json();
  /** Edits the class's facts (room as given; left out, the room stays). */
  const edit = (room?: { classroomNumber: string }, language: 'en' | 'zh' = 'en') =>
    t.call(
      cl.edit,
      {
        body: {
          classroomId,
          classroomName: 'Changed',
          classroomLevel: 'GCSE',
          classroomType: 'TwoOrThreePerson',
          lessonType: 'GCSE_Online',
          ...room,
        },
      },
      { token: c.scheduler.token, language },
    );

  it('edits the class ("Class Editted"); a room change is checked against its future sessions', async () => {
    const clash = await edit({ classroomNumber: 'A-101' });
    expect(clash.statusCode, clash.body).toBe(200);
    const res = await edit({ classroomNumber: 'B-3' });
    expect(res.json().message).toBe('Class Editted');
    const zh = await edit(undefined, 'zh');
    expect(zh.json().message).toBe(text('classEdited', {}, 'zh'));
    expect(await details()).toMatchObject({
      classroomName: 'Changed',
      classroomNumber: 'B-3',
      lessonType: 'GCSE_Online',
    });
    expect((await details()).times[0].classroomNumber).toBe('B-3');
  });

  it('refuses a room already used at one of its sessions', async () => {
    await createClass(t, c.scheduler.token, { teacher: c.teacher, students: [c.student2] }, [at(3, 15)], {
      classroomNumber: 'C-9',
    });
    const res = await refusesWithoutWriting(t, () => edit({ classroomNumber: 'C-9' }), 'CONFLICT');
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['classroomNumber.0']);
    expect(res.json().message).toContain('C-9');
  });

  it('adds a student only if free at every future session; removes one but keeps one', async () => {
    const busy = await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.addStudents,
          { body: { classroomId, studentsPublicKey: [c.student2.publicKey] } },
          { token: c.scheduler.token },
        ),
      'CONFLICT',
    );
    expect(busy.json().details.map((d: { field: string }) => d.field)).toEqual(['studentsPublicKey.0']);
    expect(busy.json().message).toContain('Student Sam');
    const newcomer = await person(t, 'Student', { fullName: 'Student Nia' });
    const ok = await t.call(
      cl.addStudents,
      { body: { classroomId, studentsPublicKey: [newcomer.publicKey] } },
      { token: c.scheduler.token },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.addStudents,
          { body: { classroomId, studentsPublicKey: [newcomer.publicKey] } },
          { token: c.scheduler.token },
        ),
      'FAILED_VALIDATION',
    );
    expect(again.json().details).toEqual([
      { field: 'studentsPublicKey', message: expect.stringContaining('Student Nia') },
    ]);
    const remove = await t.call(
      cl.removeStudent,
      { body: { classroomId, studentPublicKey: newcomer.publicKey } },
      { token: c.scheduler.token },
    );
    expect(remove.statusCode, remove.body).toBe(200);
    await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.removeStudent,
          { body: { classroomId, studentPublicKey: c.student3.publicKey } },
          { token: c.scheduler.token },
        ),
      'FAILED_VALIDATION',
      'classKeepsStudent',
    );
  });

  it('adds and removes lessons and courses; the state follows the courses', async () => {
    const add = await t.call(
      cl.addLesson,
      {
        body: {
          classroomId,
          lesson: { lessonName: 'Physics', lessonLevel: 'GCSE', teachingLessonTimeInHour: 2 },
        },
      },
      { token: c.scheduler.token },
    );
    expect(add.statusCode, add.body).toBe(200);
    const lessons = (await details()).lessons;
    expect(lessons.map((l: { lessonName: string }) => l.lessonName)).toEqual(['Mathematics', 'Physics']);
    await t.call(
      cl.removeLesson,
      { body: { classroomId, classroomLessonId: lessons[0].classroomLessonId } },
      { token: c.scheduler.token },
    );
    await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.removeLesson,
          { body: { classroomId, classroomLessonId: lessons[1].classroomLessonId } },
          { token: c.scheduler.token },
        ),
      'FAILED_VALIDATION',
      'classKeepsLesson',
    );
    const spec = await buildSpecification(t.db, []);
    expect((await details()).state).toBe('WaitingForAddCourse');
    await t.call(
      cl.addSpecifications,
      { body: { classroomId, specificationIds: [spec.specificationId] } },
      { token: c.scheduler.token },
    );
    expect((await details()).state).toBe('Active');
    // A course a class uses can not be deleted: the courses area names the class.
    const del = await t.call(
      contract.specifications.delete,
      { body: { specificationId: spec.specificationId } },
      { token: c.admin.token },
    );
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('Changed');
    await t.call(
      cl.removeSpecification,
      { body: { classroomId, specificationIds: [spec.specificationId] } },
      { token: c.scheduler.token },
    );
    expect((await details()).state).toBe('WaitingForAddCourse');
  });

  it('adds times and lessons; removes all future times', async () => {
    const add = await t.call(
      cl.editTimesAndLessons,
      { body: { classroomId, times: [at(3, 16)], lessons: [] } },
      { token: c.scheduler.token },
    );
    expect(add.statusCode, add.body).toBe(200);
    expect((await details()).times).toHaveLength(2);
    await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.editTimesAndLessons,
          { body: { classroomId, times: [at(3, 16)] } },
          { token: c.scheduler.token },
        ),
      'CONFLICT',
    );
    const removed = await t.call(cl.removeAllTimes, { body: { classroomId } }, { token: c.scheduler.token });
    expect(removed.json().sessionIds).toHaveLength(2);
    expect((await details()).times).toHaveLength(0);
  });
});

describe('archive, disable and destroy', () => {
  let classroomId: string;
  beforeAll(async () => {
    classroomId = (
      await createClass(t, c.scheduler.token, { teacher: c.teacher, students: [c.student3] }, [at(1, 15)], {
        classroomName: 'Lifecycle',
      })
    ).classroomId;
  });
  const visible = async (token: string) =>
    (await t.call(cl.get, { query: { classroomId } }, { token })).statusCode;

  it('archiving needs no future session; archived classes refuse changes until un-archived', async () => {
    await refusesWithoutWriting(
      t,
      () => t.call(cl.archive, { body: { classroomId, archived: true } }, { token: c.scheduler.token }),
      'FAILED_VALIDATION',
      'classHasFutureSessions',
    );
    await t.call(cl.removeAllTimes, { body: { classroomId } }, { token: c.scheduler.token });
    const archived = await t.call(
      cl.archive,
      { body: { classroomId, archived: true } },
      { token: c.scheduler.token },
    );
    expect(archived.json()).toMatchObject({ isSuccess: true, message: text('classArchivedDone') });
    await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.addLesson,
          {
            body: {
              classroomId,
              lesson: { lessonName: 'X', lessonLevel: 'GCSE', teachingLessonTimeInHour: 1 },
            },
          },
          { token: c.scheduler.token },
        ),
      'FAILED_VALIDATION',
      'classArchived',
    );
    expect(await visible(c.teacher.token)).toBe(200);
    expect(await visible(c.student3.token)).toBe(200);
    const back = await t.call(
      cl.archive,
      { body: { classroomId, archived: false } },
      { token: c.scheduler.token },
    );
    expect(back.json()).toMatchObject({ isSuccess: true, message: text('classUnarchivedDone') });
  });

  it('disabling (the delete call) hides the class from every role but Admin', async () => {
    await t.call(
      cl.editTimesAndLessons,
      { body: { classroomId, times: [at(1, 15)] } },
      { token: c.scheduler.token },
    );
    const res = await t.call(cl.disable, { body: { classroomId } }, { token: c.scheduler.token });
    expect(res.statusCode, res.body).toBe(200);
    for (const who of [c.scheduler, c.leader, c.teacher, c.student3, c.finance])
      expect(await visible(who.token)).toBe(404);
    expect(await visible(c.admin.token)).toBe(200);
    const admin = (await t.call(cl.get, { query: { classroomId } }, { token: c.admin.token })).json();
    expect(admin.state).toBe('Deleted');
    expect(admin.times[0].state).toBe('canceled');
    const list = await t.call(
      cl.list,
      { body: { where: [[{ column: 'state', comparison: 'Equal', operand: 'Deleted' }]] } },
      { token: c.scheduler.token },
    );
    expect(list.json().totalCount).toBe(0);
    const adminList = await t.call(
      cl.list,
      { body: { where: [[{ column: 'state', comparison: 'Equal', operand: 'Deleted' }]] } },
      { token: c.admin.token },
    );
    expect(adminList.json().data.map((r: { classroomId: string }) => r.classroomId)).toContain(classroomId);
    // The freed time can be booked again.
    await createClass(t, c.scheduler.token, { teacher: c.teacher, students: [c.student3] }, [at(1, 15)]);
  });

  it('destroying is Admin-only and needs the class name typed', async () => {
    await refusesWithoutWriting(
      t,
      () =>
        t.call(
          cl.destroy,
          { body: { classroomId, confirmation: 'Lifecycle' } },
          { token: c.scheduler.token },
        ),
      'ACCESS_DENIED',
    );
    const wrong = await refusesWithoutWriting(
      t,
      () => t.call(cl.destroy, { body: { classroomId, confirmation: 'Lifecycl' } }, { token: c.admin.token }),
      'FAILED_VALIDATION',
    );
    expect(wrong.json().details.map((d: { field: string }) => d.field)).toEqual(['confirmation']);
    const res = await t.call(
      cl.destroy,
      { body: { classroomId, confirmation: 'Lifecycle' } },
      { token: c.admin.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await visible(c.admin.token)).toBe(404);
  });
});
