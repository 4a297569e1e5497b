import { contract } from '@tutoria/shared';
import { expect } from 'vitest';
import {
  buildClassroom,
  DAY,
  HOUR,
  monday,
  type Person,
  person,
  recordSession,
} from '../../../test/scheduling-factories.ts';
import type { TestApp } from '../../../test/test-app.ts';

/**
 * A group class for the session report and parent link tests (issue 10): Sara (the consultant's
 * consultee) and Sam (another consultant's) in one class with a teacher and an assistant; a held
 * session with presences, the teaching day, homework for both, an exam each and the lesson taught;
 * a future session. Sam's records carry words a report of Sara must never show.
 */
export async function groupSession(t: TestApp) {
  const consultant = await person(t, 'AcademicConsultant');
  const otherConsultant = await person(t, 'AcademicConsultant');
  const sara = await person(t, 'Student', {
    fullName: 'Sara Parentlink',
    consultantKey: consultant.publicKey,
  });
  const sam = await person(t, 'Student', {
    fullName: 'Sam Classmate',
    consultantKey: otherConsultant.publicKey,
  });
  const past = monday(-1) + 10 * HOUR;
  const future = monday(2) + 10 * HOUR;
  const built = await buildClassroom(t, {
    times: [
      { start: past, end: past + HOUR },
      { start: future, end: future + HOUR },
    ],
    students: [sara, sam],
    assistant: true,
  });
  const sessionId = built.sessionIds[0]!;
  await recordSession(t.db, sessionId, {
    teachingDay: true,
    presences: [
      { student: sara, isPresent: true, feedback: 'Sara asked sharp questions' },
      { student: sam, isPresent: false, feedback: 'SAM-SECRET-FEEDBACK' },
    ],
  });
  const token = built.teacher.token;
  const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);
  const a = contract.academic;
  ok(
    await t.call(
      a.addHomework,
      {
        body: {
          sessionId,
          studentsPublicKey: [sara.publicKey, sam.publicKey],
          subtitle: 'Exercises 1–10 on page 42',
          deadLine: past + 3 * DAY,
          form: 'written',
        },
      },
      { token },
    ),
  );
  const exam = (student: Person, score: number, feedback: string) =>
    t.call(
      a.setExam,
      {
        body: {
          sessionId,
          studentPublicKey: student.publicKey,
          examType: 'NameExam',
          classroomLessonId: built.lessonId,
          score,
          examState: 'Done',
          feedback,
        },
      },
      { token },
    );
  ok(await exam(sara, 92.25, 'Very good'));
  ok(await exam(sam, 41, 'SAM-SECRET-EXAM'));
  ok(
    await t.call(
      a.setTeaching,
      { body: { sessionId, classroomLessonId: built.lessonId, teachState: 'Pending' } },
      { token },
    ),
  );
  return { built, sessionId, futureSessionId: built.sessionIds[1]!, consultant, otherConsultant, sara, sam };
}
export type GroupSession = Awaited<ReturnType<typeof groupSession>>;

/** Nothing of Sam's may appear in a report of Sara's. */
export function expectNothingOfSam(body: string) {
  expect(body).not.toContain('SAM-SECRET');
  expect(body).not.toContain('Sam Classmate');
}
