import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type SessionReport } from '@tutoria/shared';
import { buildClassroom, HOUR, monday, type Person, person } from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { expectNothingOfSam, type GroupSession, groupSession } from './session-report.fixture.ts';

/**
 * `Report/GetSessionReportOfStudent` (issue 10): one student's view of one session, for the student
 * themself and staff who reach the student; anyone else is told it does not exist.
 */
let t: TestApp;
let g: GroupSession;
let admin: Person;
let leader: Person;
let otherTeacher: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
  leader = await person(t, 'TeamLeader');
  otherTeacher = await person(t, 'Teacher');
  g = await groupSession(t);
});
afterAll(() => t.close());

const read = (token: string, studentPublicKey: string, sessionId = g.sessionId) =>
  t.call(contract.sessionReports.sessionReport, { query: { sessionId, studentPublicKey } }, { token });

describe('session report', () => {
  it("answers the student's session: time, teacher, lessons, teaching day, presence, homework, exams, progress", async () => {
    const res = await read(g.built.teacher.token, g.sara.publicKey);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as SessionReport;
    expect(report).toMatchObject({
      studentName: 'Sara Parentlink',
      teacherName: g.built.teacher.fullName,
      state: 'waitingforclass',
      // Recorded but never marked held: shown by the shared display rule, not the stored state.
      displayState: 'passed',
      teachingDay: {
        taughtLessonsDescription: 'Quadratic equations',
        teachingMinutes: 60,
        teachingType: 'offline',
      },
      presence: { isPresent: true, feedback: 'Sara asked sharp questions' },
      flags: { withOutExam: false, withOutHomeWork: false, withOutReview: false, withOutTeach: false },
    });
    expect(report.homeworks).toEqual([
      expect.objectContaining({ subtitle: 'Exercises 1–10 on page 42', form: 'written', state: 'Pending' }),
    ]);
    expect(report.exams).toEqual([
      {
        examType: 'NameExam',
        lessonName: 'Mathematics',
        score: 92.25,
        examState: 'Done',
        feedback: 'Very good',
      },
    ]);
    expect(report.progress).toEqual([
      expect.objectContaining({
        lessonName: 'Mathematics',
        teachedHereInHour: 1,
        teachingTimeLeftInHour: 0.5,
      }),
    ]);
    expect(report.end - report.start).toBe(3600);
    // A group class: nothing of the classmate, and no keys or ids at all.
    expectNothingOfSam(res.body);
    expect(res.body).not.toContain(g.sara.publicKey);
  });

  it('the student themself, the assistant, the consultant, an Admin and a TeamLeader read it', async () => {
    for (const token of [
      g.sara.token,
      g.built.assistant!.token,
      g.consultant.token,
      admin.token,
      leader.token,
    ]) {
      const res = await read(token, g.sara.publicKey);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().studentName).toBe('Sara Parentlink');
    }
  });

  it('student A never reads student B; a teacher of another class or a consultant of another student gets 404', async () => {
    const refused = [
      [g.sara.token, g.sam.publicKey],
      [g.sam.token, g.sara.publicKey],
      [otherTeacher.token, g.sara.publicKey],
      [g.consultant.token, g.sam.publicKey],
      [g.otherConsultant.token, g.sara.publicKey],
    ] as const;
    for (const [token, student] of refused) {
      const res = await read(token, student);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('FETCH_DATA_FAILED');
    }
  });

  it('a student not in the class, an unknown session and bad ids are refused', async () => {
    const stranger = await person(t, 'Student');
    expect((await read(admin.token, stranger.publicKey)).statusCode).toBe(404);
    expect((await read(admin.token, g.sara.publicKey, crypto.randomUUID())).statusCode).toBe(404);
    const bad = await read(admin.token, 'not-a-key');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('FAILED_VALIDATION');
  });

  it('an ended session without records shows "not recorded", as the class details do (hw-files)', async () => {
    const start = monday(-1) + 15 * HOUR;
    const built = await buildClassroom(t, { times: [{ start, end: start + HOUR }], students: [g.sara] });
    const res = await read(admin.token, g.sara.publicKey, built.sessionIds[0]!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'waitingforclass', displayState: 'notRecorded' });
  });

  it('a session not held yet reads with nothing recorded', async () => {
    const res = await read(g.built.teacher.token, g.sara.publicKey, g.futureSessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ presence: null, teachingDay: null, homeworks: [], exams: [] });
  });
});
