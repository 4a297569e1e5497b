import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Endpoint } from '@tutoria/shared';
import { tableCounts } from '../../../test/factories.ts';
import {
  addSlots,
  type Centre,
  centre,
  createClass,
  HOUR,
  monday,
  person,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * DESIGN §6: a record outside the caller's scope answers as if it did not exist. Every classroom,
 * session and timetable call a Teacher may make is tried on another teacher's records; every one
 * answers FETCH_DATA_FAILED and writes nothing.
 */
let t: TestApp;
let c: Centre;
let classroomId: string;
let sessionId: string;
let availableTimeId: string;
let lessonId: string;
const past = monday(-1) + 9 * HOUR;

beforeAll(async () => {
  t = await createTestApp();
  c = await centre(t);
  const [slot] = await addSlots(t, c.teacher.token, [{ start: past, end: past + 3 * HOUR }]);
  availableTimeId = slot!.availableTimeId;
  const made = await createClass(t, c.scheduler.token, { teacher: c.teacher, students: [c.student] }, [
    { start: past, end: past + HOUR },
  ]);
  classroomId = made.classroomId;
  sessionId = made.sessionIds[0]!;
  const details = (
    await t.call(contract.classes.get, { query: { classroomId } }, { token: c.admin.token })
  ).json();
  lessonId = details.lessons[0].classroomLessonId;
});
afterAll(() => t.close());

const cl = contract.classes;
const tt = contract.timetable;

function calls(): [string, Endpoint, Record<string, unknown>][] {
  return [
    ['get', cl.get, { query: { classroomId } }],
    ['timesState', cl.timesState, { query: { classroomId } }],
    ['passedLessons', cl.passedLessons, { query: { classroomId } }],
    ['sessionsOfLesson', cl.sessionsOfLesson, { query: { classroomId, classroomLessonId: lessonId } }],
    [
      'setPresence',
      cl.setPresence,
      { body: { sessionId, presences: [{ studentPublicKey: c.student.publicKey, isPresent: true }] } },
    ],
    [
      'setTeachingDayInfo',
      cl.setTeachingDayInfo,
      {
        body: {
          sessionId,
          date: past,
          taughtLessonsDescription: 'x',
          teachingMinutes: 60,
          teachingType: 'offline',
        },
      },
    ],
    ['resetSessionInfo', cl.resetSessionInfo, { body: { sessionId } }],
    ['confirmByTeacher', cl.confirmByTeacher, { body: { sessionId } }],
    ['confirmChangesByTeacher', cl.confirmChangesByTeacher, { body: { classroomId } }],
    ['cancelTime', tt.cancelTime, { body: { availableTimeId, cancelSessions: true } }],
    ['removeAvailableTime', tt.removeAvailableTime, { body: { availableTimeId, cancelSessions: true } }],
    ['editStartOrEnd', tt.editStartOrEnd, { body: { availableTimeId, start: past, end: past + 4 * HOUR } }],
    [
      'addAvailableTimes',
      tt.addAvailableTimes,
      {
        body: {
          teacherPublicKey: c.teacher.publicKey,
          times: [{ start: past + 5 * HOUR, end: past + 6 * HOUR }],
        },
      },
    ],
    [
      'editTimeTable',
      tt.editTimeTable,
      { body: { teacherPublicKey: c.teacher.publicKey, lessonNames: ['Physics'] } },
    ],
  ];
}

describe('another teacher', () => {
  const names = [
    'get',
    'timesState',
    'passedLessons',
    'sessionsOfLesson',
    'setPresence',
    'setTeachingDayInfo',
    'resetSessionInfo',
    'confirmByTeacher',
    'confirmChangesByTeacher',
    'cancelTime',
    'removeAvailableTime',
    'editStartOrEnd',
    'addAvailableTimes',
    'editTimeTable',
  ];
  it('covers every call in the list', () => expect(calls().map(([n]) => n)).toEqual(names));

  it.each(names)('%s answers FETCH_DATA_FAILED and writes nothing', async (name) => {
    const [, endpoint, input] = calls().find(([n]) => n === name)!;
    const before = await tableCounts(t.db);
    const res = await t.call(endpoint, input as never, { token: c.teacher2.token });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().code).toBe('FETCH_DATA_FAILED');
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('sees nothing of the class in lists, upcoming sessions or the classes of a user', async () => {
    const list = await t.call(
      cl.list,
      { body: { page: { index: 1, size: -1 } } },
      { token: c.teacher2.token },
    );
    expect(list.json().data.map((r: { classroomId: string }) => r.classroomId)).not.toContain(classroomId);
    const sessions = await t.call(
      cl.filteredByDate,
      { body: { start: past - HOUR, end: past + 2 * HOUR } },
      { token: c.teacher2.token },
    );
    expect(sessions.json().totalCount).toBe(0);
    const ofUser = await t.call(
      cl.ofUser,
      { query: { publicKey: c.teacher.publicKey } },
      { token: c.teacher2.token },
    );
    expect(ofUser.json().data).toEqual([]);
    const mine = await t.call(
      tt.getForTeacher,
      { query: { start: past - HOUR, end: past + 4 * HOUR } },
      { token: c.teacher2.token },
    );
    expect(mine.json()).toEqual([
      expect.objectContaining({ teacherPublicKey: c.teacher2.publicKey, availableTimes: [] }),
    ]);
  });
});

describe('assistants and students', () => {
  it("an assistant of another class can not record this one; the class's own assistant can", async () => {
    const other = await person(t, 'AssistantTeacher');
    const presence = {
      body: { sessionId, presences: [{ studentPublicKey: c.student.publicKey, isPresent: true }] },
    };
    const refused = await t.call(cl.setPresence, presence, { token: other.token });
    expect(refused.statusCode).toBe(404);
    await t.call(
      cl.edit,
      {
        body: {
          classroomId,
          classroomName: 'Scoped',
          classroomLevel: 'GCSE',
          classroomType: 'Private',
          lessonType: 'GCSE_Offline',
          assistantTeacherPublicKey: other.publicKey,
        },
      },
      { token: c.scheduler.token },
    );
    const allowed = await t.call(cl.setPresence, presence, { token: other.token });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it("a student reads their own class and sessions, not another's, and changes nothing", async () => {
    expect((await t.call(cl.get, { query: { classroomId } }, { token: c.student.token })).statusCode).toBe(
      200,
    );
    expect((await t.call(cl.get, { query: { classroomId } }, { token: c.student2.token })).statusCode).toBe(
      404,
    );
    const write = await t.call(
      cl.setPresence,
      { body: { sessionId, presences: [] } },
      { token: c.student.token },
    );
    expect(write.statusCode).toBe(403);
  });

  it('a consultant reads the classes of their students only', async () => {
    expect((await t.call(cl.get, { query: { classroomId } }, { token: c.consultant.token })).statusCode).toBe(
      200,
    );
    const other = await person(t, 'AcademicConsultant');
    expect((await t.call(cl.get, { query: { classroomId } }, { token: other.token })).statusCode).toBe(404);
  });
});
