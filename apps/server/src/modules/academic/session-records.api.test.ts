import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@tutoria/shared';
import { exams, homeworks, lessonProgress, sessionAcademicFlags } from '../../db/schema/index.ts';
import { recordedEvents, refusedUnchanged } from '../../../test/academic-factories.ts';
import {
  buildClassroom,
  type BuiltClassroom,
  DAY,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
} from '../../../test/scheduling-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Per-session academic records (issue 10): homework, exams, lesson progress and the WithOut… flags.
 * Each test builds its own class, so none depends on another's records.
 */
let t: TestApp;
let admin: Person;
let scheduler: Person;
let consultant: Person;
let otherTeacher: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'Admin');
  scheduler = await person(t, 'SchedulingAdmin');
  consultant = await person(t, 'AcademicConsultant');
  otherTeacher = await person(t, 'Teacher');
});
afterAll(() => t.close());

const a = contract.academic;
const past = monday(-1) + 9 * HOUR;
const future = monday(2) + 9 * HOUR;

/** A class of two students with a held past session (60 teaching minutes) and a future one; an assistant. */
async function heldClass() {
  const built = await buildClassroom(t, {
    times: [
      { start: past, end: past + HOUR },
      { start: future, end: future + HOUR },
    ],
    assistant: true,
  });
  await recordSession(t.db, built.sessionIds[0]!, { teachingDay: true });
  return built;
}

const giveHomework = (built: BuiltClassroom, token: string, extra: Record<string, unknown> = {}) =>
  t.call(
    a.addHomework,
    {
      body: {
        sessionId: built.sessionIds[0]!,
        studentsPublicKey: built.students.map((s) => s.publicKey),
        subtitle: 'Exercises 1–10 on page 42',
        deadLine: past + 3 * DAY,
        form: 'written',
        ...extra,
      },
    },
    { token },
  );

const recordExam = (built: BuiltClassroom, token: string, extra: Record<string, unknown> = {}) =>
  t.call(
    a.setExam,
    {
      body: {
        sessionId: built.sessionIds[0]!,
        studentPublicKey: built.students[0]!.publicKey,
        examType: 'NameExam',
        classroomLessonId: built.lessonId,
        score: 92.25,
        examState: 'Done',
        feedback: 'Very good',
        ...extra,
      },
    },
    { token },
  );

describe('homework', () => {
  it('the teacher gives a homework to every student of a held session; the event is recorded', async () => {
    const built = await heldClass();
    const res = await giveHomework(built, built.teacher.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().homeworkIds).toHaveLength(2);
    const rows = await t.db.select().from(homeworks).where(eq(homeworks.sessionId, built.sessionIds[0]!));
    expect(rows.map((r) => r.studentKey).sort()).toEqual(built.students.map((s) => s.publicKey).sort());
    expect(rows.every((r) => r.state === 'Pending' && r.form === 'written')).toBe(true);
    const given = (await recordedEvents(t.db, 'homework.given')).filter(
      (e) => e.sessionId === built.sessionIds[0],
    );
    expect(given).toHaveLength(1);
    expect(given[0]).toMatchObject({ classroomId: built.classroomId, actorKey: built.teacher.publicKey });
  });

  it('the assistant may give homework too; a teacher of another class is told it does not exist', async () => {
    const built = await heldClass();
    expect((await giveHomework(built, built.assistant!.token)).statusCode).toBe(200);
    await refusedUnchanged(t, () => giveHomework(built, otherTeacher.token), 'FETCH_DATA_FAILED');
  });

  it('refuses a student and a consultant (no sessions.record) without writing', async () => {
    const built = await heldClass();
    await refusedUnchanged(t, () => giveHomework(built, built.students[0]!.token), 'ACCESS_DENIED');
    await refusedUnchanged(t, () => giveHomework(built, consultant.token), 'ACCESS_DENIED');
  });

  it('refuses a session not started, a deadline before the session, a stranger and an unknown form', async () => {
    const built = await heldClass();
    const teacher = built.teacher.token;
    await refusedUnchanged(
      t,
      () => giveHomework(built, teacher, { sessionId: built.sessionIds[1]!, deadLine: future + DAY }),
      'FAILED_VALIDATION',
      'sessionNotStarted',
    );
    const early = await refusedUnchanged(
      t,
      () => giveHomework(built, teacher, { deadLine: past - HOUR }),
      'FAILED_VALIDATION',
    );
    expect(early.json().details.map((d: { field: string }) => d.field)).toEqual(['deadLine']);
    const stranger = await person(t, 'Student');
    const res = await refusedUnchanged(
      t,
      () => giveHomework(built, teacher, { studentsPublicKey: [stranger.publicKey] }),
      'FAILED_VALIDATION',
    );
    expect(res.json().details[0].field).toBe('studentsPublicKey');
    await refusedUnchanged(t, () => giveHomework(built, teacher, { form: 'telepathy' }), 'FAILED_VALIDATION');
    await refusedUnchanged(
      t,
      () => giveHomework(built, teacher, { studentsPublicKey: [] }),
      'FAILED_VALIDATION',
    );
    await refusedUnchanged(t, () => giveHomework(built, teacher, { subtitle: '   ' }), 'FAILED_VALIDATION');
  });

  it('grades a homework Pending → Done with the percentage, the moment and feedback; refuses 101 and a missing score', async () => {
    const built = await heldClass();
    const [homeworkId] = (await giveHomework(built, built.teacher.token)).json().homeworkIds as string[];
    const grade = (body: Record<string, unknown>) =>
      t.call(
        a.setHomework,
        { body: { homeworkId: homeworkId!, state: 'Done', ...body } },
        { token: built.teacher.token },
      );
    await refusedUnchanged(t, () => grade({ state: 'Done', correctPercentation: 101 }), 'FAILED_VALIDATION');
    await refusedUnchanged(t, () => grade({ state: 'Done', correctPercentation: -1 }), 'FAILED_VALIDATION');
    await refusedUnchanged(
      t,
      () => grade({ state: 'Done', correctPercentation: 80.123 }),
      'FAILED_VALIDATION',
    );
    const missing = await refusedUnchanged(t, () => grade({ state: 'Done' }), 'FAILED_VALIDATION');
    expect(missing.json().details[0].field).toBe('correctPercentation');
    const res = await grade({
      state: 'Done',
      correctPercentation: 85.5,
      feedback: 'Neat work',
      doneMoment: past + DAY,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(homeworks).where(eq(homeworks.homeworkId, homeworkId!));
    expect(row).toMatchObject({ state: 'Done', correctPercentation: '85.50', feedback: 'Neat work' });
    expect(row!.doneMoment!.getTime()).toBe((past + DAY) * 1000);
    const graded = (await recordedEvents(t.db, 'homework.graded')).filter((e) => e.homeworkId === homeworkId);
    expect(graded).toEqual([
      expect.objectContaining({ state: 'Done', userKeys: [built.students[0]!.publicKey] }),
    ]);
    // Back to Pending clears the grade.
    expect((await grade({ state: 'Pending' })).statusCode).toBe(200);
    const [reopened] = await t.db.select().from(homeworks).where(eq(homeworks.homeworkId, homeworkId!));
    expect(reopened).toMatchObject({ state: 'Pending', correctPercentation: null, doneMoment: null });
  });

  it('grading is allowed after the admin confirmed the session; a teacher of another class gets 404', async () => {
    const built = await heldClass();
    const [homeworkId] = (await giveHomework(built, built.teacher.token)).json().homeworkIds as string[];
    await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });
    const body = { homeworkId: homeworkId!, state: 'Done' as const, correctPercentation: 70 };
    await refusedUnchanged(
      t,
      () => t.call(a.setHomework, { body }, { token: otherTeacher.token }),
      'FETCH_DATA_FAILED',
    );
    expect((await t.call(a.setHomework, { body }, { token: built.teacher.token })).statusCode).toBe(200);
  });
});

describe('exams', () => {
  it('records, edits and removes an exam with a two-decimal score; events say what happened', async () => {
    const built = await heldClass();
    const res = await recordExam(built, built.teacher.token);
    expect(res.statusCode, res.body).toBe(200);
    const { examId } = res.json();
    expect((await t.db.select().from(exams).where(eq(exams.examId, examId)))[0]).toMatchObject({
      score: '92.25',
      examType: 'NameExam',
      examState: 'Done',
      classroomLessonId: built.lessonId,
    });
    const edit = await recordExam(built, built.teacher.token, { examId, score: 60, examType: 'TitleExam' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await t.db.select().from(exams).where(eq(exams.examId, examId)))[0]).toMatchObject({
      score: '60.00',
      examType: 'TitleExam',
    });
    const removed = await t.call(a.removeExam, { body: { examId } }, { token: built.teacher.token });
    expect(removed.statusCode).toBe(200);
    expect(await t.db.select().from(exams).where(eq(exams.examId, examId))).toEqual([]);
    const actions = (await recordedEvents(t.db, 'exam.recorded'))
      .filter((e) => e.examId === examId)
      .map((e) => e.action);
    expect(actions).toEqual(['recorded', 'edited', 'removed']);
  });

  it('refuses a score of 101, a negative one, three decimals, Done without a score and a student of another class', async () => {
    const built = await heldClass();
    const teacher = built.teacher.token;
    for (const score of [101, -0.5, 50.125]) {
      const res = await refusedUnchanged(t, () => recordExam(built, teacher, { score }), 'FAILED_VALIDATION');
      expect(res.json().details[0].field).toBe('score');
    }
    await refusedUnchanged(t, () => recordExam(built, teacher, { score: null }), 'FAILED_VALIDATION');
    await refusedUnchanged(t, () => recordExam(built, teacher, { examType: 'Total' }), 'FAILED_VALIDATION');
    const stranger = await person(t, 'Student');
    await refusedUnchanged(
      t,
      () => recordExam(built, teacher, { studentPublicKey: stranger.publicKey }),
      'FAILED_VALIDATION',
    );
    const otherClass = await heldClass();
    await refusedUnchanged(
      t,
      () => recordExam(built, teacher, { classroomLessonId: otherClass.lessonId }),
      'FAILED_VALIDATION',
    );
    // A Pending exam needs no score yet.
    expect((await recordExam(built, teacher, { score: null, examState: 'Pending' })).statusCode).toBe(200);
  });

  it('after the admin confirmed the session only an admin changes exams; another teacher gets 404', async () => {
    const built = await heldClass();
    const { examId } = (await recordExam(built, built.teacher.token)).json();
    await recordSession(t.db, built.sessionIds[0]!, { confirmation: 'confirmedByAdmin' });
    await refusedUnchanged(
      t,
      () => recordExam(built, built.teacher.token),
      'FAILED_VALIDATION',
      'recordsLockedByAdmin',
    );
    await refusedUnchanged(
      t,
      () => t.call(a.removeExam, { body: { examId } }, { token: built.teacher.token }),
      'FAILED_VALIDATION',
      'recordsLockedByAdmin',
    );
    await refusedUnchanged(
      t,
      () => t.call(a.removeExam, { body: { examId } }, { token: otherTeacher.token }),
      'FETCH_DATA_FAILED',
    );
    expect((await recordExam(built, admin.token, { examId, score: 75 })).statusCode).toBe(200);
    expect((await recordExam(built, scheduler.token)).statusCode).toBe(200);
  });
});

describe('lesson progress and flags', () => {
  it("adds the session's teaching time to the lesson; a finished lesson has no time left (issue 27)", async () => {
    const built = await heldClass();
    const teach = await t.call(
      a.setTeaching,
      { body: { sessionId: built.sessionIds[0]!, classroomLessonId: built.lessonId, teachState: 'Done' } },
      { token: built.teacher.token },
    );
    expect(teach.statusCode, teach.body).toBe(200);
    const review = await t.call(
      a.setReview,
      { body: { sessionId: built.sessionIds[0]!, classroomLessonId: built.lessonId, reviewState: 'Done' } },
      { token: built.assistant!.token },
    );
    expect(review.statusCode, review.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(lessonProgress)
      .where(eq(lessonProgress.sessionId, built.sessionIds[0]!));
    expect(row).toMatchObject({ teachState: 'Done', reviewState: 'Done', teachedTimeInHour: '1.00' });
    expect(row!.teachedMoment).not.toBeNull();
    const records = (
      await t.call(
        a.sessionRecords,
        { query: { sessionId: built.sessionIds[0]! } },
        { token: built.teacher.token },
      )
    ).json();
    expect(records.lessons[0]).toMatchObject({
      teachState: 'Done',
      reviewState: 'Done',
      teachedTimeInHour: 1,
      // Issue 27: finished after 1 of its 1.5 hours, the lesson leaves nothing (was 0.5) and counts whole.
      teachingTimeLeftInHour: 0,
      teachingPercent: 100,
      atSession: expect.objectContaining({ teachedTimeInHour: 1, teachState: 'Done' }),
    });
  });

  it('refuses a lesson of another class and hours over 24', async () => {
    const built = await heldClass();
    const other = await heldClass();
    const body = {
      sessionId: built.sessionIds[0]!,
      classroomLessonId: other.lessonId,
      teachState: 'Done' as const,
    };
    await refusedUnchanged(
      t,
      () => t.call(a.setTeaching, { body }, { token: built.teacher.token }),
      'FAILED_VALIDATION',
    );
    await refusedUnchanged(
      t,
      () =>
        t.call(
          a.setTeaching,
          { body: { ...body, classroomLessonId: built.lessonId, teachedTimeInHour: 25 } },
          { token: built.teacher.token },
        ),
      'FAILED_VALIDATION',
    );
  });

  it('marks a session without exam and homework; a kind with records is refused; a new record clears its flag', async () => {
    const built = await heldClass();
    const flags = (extra: Record<string, boolean> = {}) =>
      t.call(
        a.setSessionFlags,
        {
          body: {
            sessionId: built.sessionIds[0]!,
            withOutExam: true,
            withOutHomeWork: true,
            withOutReview: false,
            withOutTeach: false,
            ...extra,
          },
        },
        { token: built.teacher.token },
      );
    expect((await flags()).statusCode).toBe(200);
    const stored = async () =>
      (
        await t.db
          .select()
          .from(sessionAcademicFlags)
          .where(eq(sessionAcademicFlags.sessionId, built.sessionIds[0]!))
      )[0];
    expect(await stored()).toMatchObject({ withOutExam: true, withOutHomeWork: true });
    expect((await recordExam(built, built.teacher.token)).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ withOutExam: false, withOutHomeWork: true });
    await refusedUnchanged(t, () => flags(), 'FAILED_VALIDATION', undefined);
    const res = await flags({ withOutHomeWork: true, withOutExam: true });
    expect(res.json().message).toContain('exams');
  });
});

describe('reading a session', () => {
  it("a student reads only their own records; a teacher every student's; another class's teacher gets 404", async () => {
    const built = await heldClass();
    await giveHomework(built, built.teacher.token);
    await recordExam(built, built.teacher.token);
    const query = { sessionId: built.sessionIds[0]! };
    const mine = await t.call(a.sessionRecords, { query }, { token: built.students[1]!.token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().students).toHaveLength(1);
    expect(mine.json().students[0]).toMatchObject({
      studentPublicKey: built.students[1]!.publicKey,
      exams: [],
      homeworks: [expect.objectContaining({ state: 'Pending' })],
    });
    const all = (await t.call(a.sessionRecords, { query }, { token: built.teacher.token })).json();
    expect(all.students).toHaveLength(2);
    expect(all.teachingMinutes).toBe(60);
    const withExam = all.students.find(
      (s: { studentPublicKey: string }) => s.studentPublicKey === built.students[0]!.publicKey,
    );
    expect(withExam.exams[0]).toMatchObject({ score: 92.25, lessonName: 'Mathematics' });
    const outsider = await person(t, 'Student');
    expect((await t.call(a.sessionRecords, { query }, { token: outsider.token })).statusCode).toBe(404);
    expect((await t.call(a.sessionRecords, { query }, { token: otherTeacher.token })).json().code).toBe(
      'FETCH_DATA_FAILED',
    );
  });
});

describe('reach inside a group session (issue 26)', () => {
  it("a consultant reads their consultee's rows of a group session, never another consultant's student's", async () => {
    const otherConsultant = await person(t, 'AcademicConsultant');
    const mine = await person(t, 'Student', { consultantKey: consultant.publicKey });
    const theirs = await person(t, 'Student', { consultantKey: otherConsultant.publicKey });
    const built = await buildClassroom(t, {
      times: [{ start: past, end: past + HOUR }],
      students: [mine, theirs],
    });
    await recordSession(t.db, built.sessionIds[0]!, { teachingDay: true });
    await giveHomework(built, built.teacher.token);
    await recordExam(built, built.teacher.token, { studentPublicKey: theirs.publicKey });
    const query = { sessionId: built.sessionIds[0]! };
    const read = await t.call(a.sessionRecords, { query }, { token: consultant.token });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().students.map((s: { studentPublicKey: string }) => s.studentPublicKey)).toEqual([
      mine.publicKey,
    ]);
    const other = (await t.call(a.sessionRecords, { query }, { token: otherConsultant.token })).json();
    expect(other.students.map((s: { studentPublicKey: string }) => s.studentPublicKey)).toEqual([
      theirs.publicKey,
    ]);
    expect(other.students[0].exams).toHaveLength(1);
  });

  it("the teacher of a disabled class no longer reaches its students' records", async () => {
    const built = await heldClass();
    await giveHomework(built, built.teacher.token);
    const student = built.students[0]!;
    const records = () =>
      t.call(
        a.studentClassRecords,
        { query: { classroomId: built.classroomId, studentPublicKey: student.publicKey } },
        { token: built.teacher.token },
      );
    expect((await records()).statusCode).toBe(200);
    const disabled = await t.call(
      contract.classes.disable,
      { body: { classroomId: built.classroomId } },
      { token: admin.token },
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await records()).json().code).toBe('FETCH_DATA_FAILED');
    const report = await t.call(
      contract.reports.pendingHomeworks,
      { query: { studentPublicKey: student.publicKey } },
      { token: built.teacher.token },
    );
    expect(report.json().code).toBe('FETCH_DATA_FAILED');
    const asAdmin = await t.call(
      contract.reports.pendingHomeworks,
      { query: { studentPublicKey: student.publicKey } },
      { token: admin.token },
    );
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
  });
});

describe('a student with homework on record', () => {
  it('is not deleted even after leaving the class: their academic history is kept', async () => {
    const built = await heldClass();
    expect((await giveHomework(built, built.teacher.token)).statusCode).toBe(200);
    const leaver = built.students[0]!;
    const removed = await t.call(
      contract.classes.removeStudent,
      { body: { classroomId: built.classroomId, studentPublicKey: leaver.publicKey } },
      { token: admin.token },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const res = await t.call(
      contract.users.delete,
      { body: { publicKey: leaver.publicKey } },
      { token: admin.token },
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain('homework and exams');
    expect(
      await t.db.select().from(homeworks).where(eq(homeworks.studentKey, leaver.publicKey)),
    ).toHaveLength(1);
  });
});
