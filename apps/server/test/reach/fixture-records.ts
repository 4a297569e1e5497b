import type { LightMyRequestResponse } from 'fastify';
import { contract } from '@tutoria/shared';
import { pdfFile } from '../files.ts';
import { multipartBody } from '../multipart.ts';
import { recordSession } from '../scheduling-factories.ts';
import { signedHeaders } from '../signing.ts';
import type { Fixture, FixtureClass, FixtureSession, UserLabel } from './model.ts';

const DAY = 86400;

/** The answer of a fixture call, refusing anything but 200 (a fixture that did not build fails loudly). */
export async function ok(res: LightMyRequestResponse | Promise<LightMyRequestResponse>, what: string) {
  const answer = await res;
  if (answer.statusCode !== 200)
    throw new Error(`reach fixture, ${what}: ${answer.statusCode} ${answer.body}`);
  return answer.json();
}

/**
 * The academic records of every held session, written through the record calls as the Admin:
 * presence and feedback, the teaching day naming the class's lesson, one homework and one exam per
 * student (done and scored at a class's first session, pending at its second), the lesson taught,
 * an assignment file on each pending homework; then the session is confirmed by the teacher
 * (haveclass). A parent link per student of each class's first session.
 */
export async function addRecords(f: Fixture) {
  for (const c of Object.values(f.classes)) {
    for (const [i, session] of c.sessions.filter((s) => s.held).entries()) {
      await recordHeldSession(f, c, session, i === 0);
    }
  }
  const a = contract.sessionReports;
  for (const c of Object.values(f.classes)) {
    const first = c.sessions[0]!;
    for (const student of c.students) {
      const body = { sessionId: first.id, studentPublicKey: f.users[student].publicKey };
      const link = await ok(
        f.t.call(a.createParentLink, { body }, { token: f.users.Admin.token }),
        'parent link',
      );
      const label = `link ${first.label} ${student}`;
      f.parentLinks.push({ label, id: link.linkId, student, classroom: c.label, session: first.label });
      f.labels.set(link.linkId, label);
    }
  }
}

async function recordHeldSession(f: Fixture, c: FixtureClass, session: FixtureSession, first: boolean) {
  const token = f.users.Admin.token;
  const call = <E extends Parameters<Fixture['t']['call']>[0]>(endpoint: E, body: unknown, what: string) =>
    ok(f.t.call(endpoint, { body } as never, { token }), `${what} ${session.label}`);
  const s = contract.classes;
  const a = contract.academic;
  const key = (student: UserLabel) => f.users[student].publicKey;
  const feedback = (student: UserLabel) => `fb ${session.label} ${student}`;
  await call(
    s.setPresence,
    {
      sessionId: session.id,
      presences: c.students.map((st) => ({
        studentPublicKey: key(st),
        isPresent: st !== 'S2',
        feedback: feedback(st),
      })),
    },
    'presence',
  );
  for (const st of c.students) {
    f.presences.push({
      label: `presence ${session.label} ${st}`,
      student: st,
      classroom: c.label,
      session: session.label,
      feedback: feedback(st),
    });
    f.labels.set(feedback(st), `presence ${session.label} ${st}`);
  }
  await call(
    s.setTeachingDayInfo,
    {
      sessionId: session.id,
      date: session.start,
      taughtLessonsDescription: `Taught ${session.label}`,
      teachingMinutes: 60,
      teachingType: 'offline',
      classroomLessonIds: [c.lessonId],
    },
    'teaching day',
  );
  for (const st of c.students) {
    const label = `hw ${session.label} ${st}`;
    const given = await call(
      a.addHomework,
      {
        sessionId: session.id,
        studentsPublicKey: [key(st)],
        subtitle: label,
        deadLine: session.start + 3 * DAY,
        form: 'written',
      },
      'homework',
    );
    const homeworkId = given.homeworkIds[0] as string;
    if (first)
      await call(
        a.setHomework,
        { homeworkId, state: 'Done', correctPercentation: 80, doneMoment: session.start + DAY },
        'grade',
      );
    f.homeworks.push({
      label,
      id: homeworkId,
      student: st,
      classroom: c.label,
      session: session.label,
      done: first,
      subtitle: label,
    });
    f.labels.set(homeworkId, label);
    f.labels.set(label, label);
    const examLabel = `exam ${session.label} ${st}`;
    const exam = await call(
      a.setExam,
      {
        sessionId: session.id,
        studentPublicKey: key(st),
        examType: 'NameExam',
        classroomLessonId: c.lessonId,
        score: first ? 70 : null,
        examState: first ? 'Done' : 'Pending',
        feedback: examLabel,
      },
      'exam',
    );
    f.exams.push({
      label: examLabel,
      id: exam.examId,
      student: st,
      classroom: c.label,
      session: session.label,
      scored: first,
      feedback: examLabel,
    });
    f.labels.set(exam.examId, examLabel);
    f.labels.set(examLabel, examLabel);
    if (!first)
      await attachFile(f, homeworkId, label, { student: st, classroom: c.label, session: session.label });
  }
  await call(
    a.setTeaching,
    { sessionId: session.id, classroomLessonId: c.lessonId, teachState: 'Done' },
    'teaching',
  );
  await recordSession(f.t.db, session.id, { confirmation: 'confirmedByTeacher' });
}

async function attachFile(
  f: Fixture,
  homeworkId: string,
  homework: string,
  of: { student: UserLabel; classroom: FixtureClass['label']; session: string },
) {
  const { payload, contentType } = multipartBody([
    { filename: `${homework}.pdf`, content: pdfFile(homework) },
  ]);
  const res = await f.t.app.inject({
    method: 'POST',
    url: `/api/v1/${contract.homeworkFiles.uploadHomeworkFiles.path}?${new URLSearchParams({ homeworkId })}`,
    headers: {
      ...signedHeaders(),
      authorization: `Bearer ${f.users.Admin.token}`,
      'content-type': contentType,
    },
    payload,
  });
  const file = (await ok(res, `file of ${homework}`)).files[0] as { homeworkFileId: string };
  const label = `file ${homework}`;
  f.homeworkFiles.push({ label, id: file.homeworkFileId, homework, ...of });
  f.labels.set(file.homeworkFileId, label);
}
