import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import {
  buildClassroom,
  type BuiltClassroom,
  DAY,
  HOUR,
  monday,
  type Person,
  person,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * One student's homework and exams in one class (`class/{id}/student/{student_id}/exams-homeworks`):
 * every record across the sessions, the average exam score and the completion rate, in scope only.
 */
let t: TestApp;
let admin: Person;
let consultant: Person;
let otherTeacher: Person;
let built: BuiltClassroom;
beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
  consultant = await person(t, 'AcademicConsultant');
  otherTeacher = await person(t, 'Teacher');
  const sara = await person(t, 'Student', { consultantKey: consultant.publicKey });
  const sam = await person(t, 'Student');
  const first = monday(-2) + 9 * HOUR;
  const second = monday(-1) + 9 * HOUR;
  built = await buildClassroom(t, {
    times: [
      { start: first, end: first + HOUR },
      { start: second, end: second + HOUR },
    ],
    students: [sara, sam],
    assistant: true,
  });
  const token = built.teacher.token;
  const give = async (sessionId: string, subtitle: string) =>
    (
      await t.call(
        a.addHomework,
        {
          body: {
            sessionId,
            studentsPublicKey: [sara.publicKey, sam.publicKey],
            subtitle,
            deadLine: second + 5 * DAY,
            form: 'reading',
          },
        },
        { token },
      )
    ).json().homeworkIds as string[];
  const [h1] = await give(built.sessionIds[0]!, 'Read chapter 1');
  await give(built.sessionIds[1]!, 'Read chapter 2');
  await give(built.sessionIds[1]!, 'Read chapter 3');
  await t.call(
    a.setHomework,
    { body: { homeworkId: h1!, state: 'Done', correctPercentation: 90 } },
    { token },
  );
  for (const [index, score] of [
    [0, 80.5],
    [1, 91.25],
  ] as const) {
    await t.call(
      a.setExam,
      {
        body: {
          sessionId: built.sessionIds[index]!,
          studentPublicKey: sara.publicKey,
          examType: index ? 'TitleExam' : 'NameExam',
          score,
          examState: 'Done',
        },
      },
      { token },
    );
  }
  await t.call(
    a.setExam,
    {
      body: {
        sessionId: built.sessionIds[1]!,
        studentPublicKey: sara.publicKey,
        examType: 'SubTitleExam',
        examState: 'Pending',
      },
    },
    { token },
  );
});
afterAll(() => t.close());

const a = contract.academic;
const read = (studentKey: string, token: string, classroomId = built.classroomId) =>
  t.call(a.studentClassRecords, { query: { classroomId, studentPublicKey: studentKey } }, { token });

describe('a student in a class', () => {
  it('lists every homework and exam across sessions with the average score and completion rate', async () => {
    const sara = built.students[0]!;
    const res = await read(sara.publicKey, built.teacher.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.studentName).toBe(sara.fullName);
    expect(body.homeworks.map((h: { subtitle: string }) => h.subtitle)).toEqual([
      'Read chapter 1',
      'Read chapter 2',
      'Read chapter 3',
    ]);
    expect(body.exams).toHaveLength(3);
    // (80.5 + 91.25) / 2 = 85.875 → 85.88; the Pending exam does not count.
    expect(body.averageScore).toBe(85.88);
    // One of three done: 33.33… floored.
    expect(body.completionRate).toBe(33);
    const sam = (await read(built.students[1]!.publicKey, built.assistant!.token)).json();
    expect(sam).toMatchObject({ averageScore: null, completionRate: 0, exams: [] });
  });

  it('the student reads their own; a classmate, another teacher and an outsider get 404', async () => {
    const [sara, sam] = built.students as [Person, Person];
    expect((await read(sara.publicKey, sara.token)).statusCode).toBe(200);
    expect((await read(sara.publicKey, sam.token)).json().code).toBe('FETCH_DATA_FAILED');
    expect((await read(sara.publicKey, otherTeacher.token)).statusCode).toBe(404);
    const outsider = await person(t, 'Student');
    expect((await read(outsider.publicKey, admin.token)).statusCode).toBe(404);
  });

  it("the consultant reads their consultee, not the consultee's classmate", async () => {
    const [sara, sam] = built.students as [Person, Person];
    expect((await read(sara.publicKey, consultant.token)).statusCode).toBe(200);
    expect((await read(sam.publicKey, consultant.token)).statusCode).toBe(404);
  });

  it('refuses ids that are not ids', async () => {
    const res = await t.call(
      a.studentClassRecords,
      { query: { classroomId: 'nope', studentPublicKey: built.students[0]!.publicKey } },
      { token: admin.token },
    );
    expect(res.json().code).toBe('FAILED_VALIDATION');
  });
});
