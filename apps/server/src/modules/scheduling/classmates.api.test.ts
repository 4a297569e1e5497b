import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type Endpoint } from '@tutoria/shared';
import { classroomSessions } from '../../db/schema/index.ts';
import {
  buildClassroom,
  type BuiltClassroom,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue #14: a student sees in a class only their own presence, feedback and money figures;
 * classmates appear at most by display name. Every scheduling endpoint a Student may call is read
 * as student A of a group class with student B: nothing of B but B's name is in the answer.
 */
let t: TestApp;
let group: BuiltClassroom;
let a: Person;
let b: Person;
let consultantOfB: Person;
let admin: Person;
const past = monday(-1) + 9 * HOUR;
const FEEDBACK_A = 'Feedback for A only';
const FEEDBACK_B = 'Feedback for B only';

beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
  consultantOfB = await person(t, 'AcademicConsultant');
  a = await person(t, 'Student', { fullName: 'Student Amy' });
  b = await person(t, 'Student', { fullName: 'Student Ben', consultantKey: consultantOfB.publicKey });
  group = await buildClassroom(t, {
    students: [a, b],
    times: [
      { start: past, end: past + HOUR },
      { start: past + 2 * HOUR, end: past + 3 * HOUR },
    ],
  });
  await recordSession(t.db, group.sessionIds[0]!, {
    presences: [
      { student: a, isPresent: true, feedback: FEEDBACK_A },
      { student: b, isPresent: false, feedback: FEEDBACK_B },
    ],
    teachingDay: true,
  });
  await t.db
    .update(classroomSessions)
    .set({ taughtLessonIds: [group.lessonId], financialConfirmation: true })
    .where(eq(classroomSessions.sessionId, group.sessionIds[0]!));
});
afterAll(() => t.close());

const cl = contract.classes;

/** Every scheduling call a Student may make that answers records of the class. */
function studentCalls(): [string, Endpoint, Record<string, unknown>][] {
  const classroomId = group.classroomId;
  return [
    ['get', cl.get, { query: { classroomId } }],
    ['passedLessons', cl.passedLessons, { query: { classroomId } }],
    ['sessionsOfLesson', cl.sessionsOfLesson, { query: { classroomId, classroomLessonId: group.lessonId } }],
    ['timesState', cl.timesState, { query: { classroomId } }],
    ['list', cl.list, { body: { page: { index: 1, size: -1 } } }],
    ['listOfTeacher', cl.listOfTeacher, { body: { page: { index: 1, size: -1 } } }],
    ['ofUser', cl.ofUser, { query: { publicKey: a.publicKey } }],
    ['filteredByDate', cl.filteredByDate, { body: { start: past - HOUR, end: past + 4 * HOUR } }],
  ];
}

const call = async (name: string, token: string) => {
  const [, endpoint, input] = studentCalls().find(([n]) => n === name)!;
  const res = await t.call(endpoint, input as never, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('a student of a group class', () => {
  const names = [
    'get',
    'passedLessons',
    'sessionsOfLesson',
    'timesState',
    'list',
    'listOfTeacher',
    'ofUser',
    'filteredByDate',
  ];
  it('covers every call in the list', () => expect(studentCalls().map(([n]) => n)).toEqual(names));

  it.each(names)('%s carries nothing of a classmate but the name', async (name) => {
    const body = (await call(name, a.token)).body;
    expect(body).not.toContain(b.publicKey);
    expect(body).not.toContain(consultantOfB.publicKey);
    expect(body).not.toContain(FEEDBACK_B);
  });

  it('reads their own presence and feedback, and the classmate by name only', async () => {
    const details = (await call('get', a.token)).json();
    expect(details.students).toEqual([
      { studentPublicKey: a.publicKey, studentName: 'Student Amy', consultantPublicKey: null },
      { studentPublicKey: null, studentName: 'Student Ben', consultantPublicKey: null },
    ]);
    const [held] = details.times;
    expect(held.presences).toEqual([
      { studentPublicKey: a.publicKey, studentName: 'Student Amy', isPresent: true, feedback: FEEDBACK_A },
    ]);
    for (const name of ['passedLessons', 'sessionsOfLesson']) {
      const [session] = (await call(name, a.token)).json().data;
      expect(session.presences, name).toEqual(held.presences);
    }
    const [row] = (await call('list', a.token)).json().data;
    expect(row.students).toEqual([
      { publicKey: a.publicKey, fullName: 'Student Amy' },
      { publicKey: null, fullName: 'Student Ben' },
    ]);
    const [session] = (await call('filteredByDate', a.token)).json().data;
    expect(session.students).toEqual(row.students);
  });

  it("does not read the class's money figures, which sum up the classmates' payments too", async () => {
    const details = (await call('get', a.token)).json();
    expect(details.financialState).toBeNull();
    expect(
      details.times.map((s: { financialConfirmation: boolean | null }) => s.financialConfirmation),
    ).toEqual([null, null]);
    // Without the class's finance the display state leaves out SPEC §4 rule 1 (reserved).
    expect(details.times[1].displayState).not.toBe('reserved');
    expect((await call('timesState', a.token)).json().reserved).toBeNull();
    const sessions = (await call('filteredByDate', a.token)).json().data;
    expect(sessions.map((s: { financialConfirmation: boolean | null }) => s.financialConfirmation)).toEqual([
      null,
      null,
    ]);
  });

  it('staff read every student of the class, with the money figures', async () => {
    const details = (await call('get', admin.token)).json();
    expect(details.students.map((s: { studentPublicKey: string }) => s.studentPublicKey).sort()).toEqual(
      [a.publicKey, b.publicKey].sort(),
    );
    expect(
      details.students.find((s: { studentPublicKey: string }) => s.studentPublicKey === b.publicKey),
    ).toMatchObject({
      consultantPublicKey: consultantOfB.publicKey,
    });
    expect(details.times[0].presences).toHaveLength(2);
    expect(details.financialState).toBe('reserved');
    // Ended without its records: "not recorded" comes before rule 1 (docs/decisions.md, issue #13).
    expect(details.times[1]).toMatchObject({ financialConfirmation: false, displayState: 'notRecorded' });
    expect((await call('timesState', admin.token)).json().reserved).toBe(1);
    const consultant = (await call('get', consultantOfB.token)).json();
    expect(JSON.stringify(consultant)).toContain(FEEDBACK_B);
  });
});

describe('a student alone in a class', () => {
  it('reads the money figures, which are all their own', async () => {
    const solo = await buildClassroom(t, {
      students: [a],
      times: [{ start: past + 5 * HOUR, end: past + 6 * HOUR }],
    });
    const details = (
      await t.call(cl.get, { query: { classroomId: solo.classroomId } }, { token: a.token })
    ).json();
    expect(details.financialState).toBe('reserved');
    expect(details.times[0]).toMatchObject({ financialConfirmation: false, displayState: 'notRecorded' });
    const state = await t.call(
      cl.timesState,
      { query: { classroomId: solo.classroomId } },
      { token: a.token },
    );
    expect(state.json().reserved).toBe(1);
  });
});
