import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { exams, homeworks, lessonProgress, parentReportLinks } from '../db/schema/index.ts';
import { selectRow } from '../db/sql.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';

/**
 * One ready parent report link for the demo (issue 10): the demo student's latest held session,
 * given homework, an exam and the lesson's progress there when the demo has none, and a link to
 * it. Answers the page's path (`/parent/report/{reportId}`), printed once in the start-up log:
 * only the id's hash is stored.
 */
export async function seedDemoParentLink(tx: Queryable, days: number): Promise<string | null> {
  const session = await selectRow<{
    sessionId: string;
    classroomId: string;
    teacherKey: string;
    studentKey: string;
    start: Date;
    hours: string;
    classroomLessonId: string | null;
  }>(
    tx,
    sql`select s.session_id, s.classroom_id, s.teacher_key, u.public_key as student_key, s.start_at as start,
        round(coalesce(s.teaching_minutes, s.duration_minutes) / 60.0, 2)::text as hours,
        (select l.classroom_lesson_id from classroom_lessons l where l.classroom_id = s.classroom_id
          order by l.position limit 1) as classroom_lesson_id
      from users u
      join classroom_students cs on cs.student_key = u.public_key
      join classroom_sessions s on s.classroom_id = cs.classroom_id
      join session_presences p on p.session_id = s.session_id and p.student_key = u.public_key and p.is_present
      where u.user_name = 'student' and s.start_at < now() and s.state <> 'canceled'
      order by s.start_at desc limit 1`,
  );
  if (!session) return null;
  const start = new Date(session.start).getTime();
  const target = { sessionId: session.sessionId, classroomId: session.classroomId };
  const has = async (table: typeof homeworks | typeof exams) =>
    (await selectRow<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${table} where session_id = ${session.sessionId} and student_key = ${session.studentKey}`,
    ))!.n > 0;
  if (!(await has(homeworks)))
    await tx.insert(homeworks).values({
      ...target,
      studentKey: session.studentKey,
      subtitle: 'Exercises 3.1–3.8: quadratic equations',
      deadLine: new Date(start + 3 * 86_400_000),
      form: 'written',
      state: 'Done',
      correctPercentation: '86.50',
      feedback: 'Careful working; check the signs in 3.6.',
      doneMoment: new Date(start + 2 * 86_400_000),
      createdBy: session.teacherKey,
    });
  if (!(await has(exams)))
    await tx.insert(exams).values({
      ...target,
      studentKey: session.studentKey,
      classroomLessonId: session.classroomLessonId,
      examType: 'NameExam',
      score: '91.00',
      examState: 'Done',
      feedback: 'Strong on factorising.',
      createdBy: session.teacherKey,
    });
  if (session.classroomLessonId)
    await tx
      .insert(lessonProgress)
      .values({
        ...target,
        classroomLessonId: session.classroomLessonId,
        teachState: 'Pending',
        teachedTimeInHour: session.hours,
        reviewState: 'Done',
        reviewMoment: new Date(start),
      })
      .onConflictDoNothing();
  const reportId = randomToken();
  await tx.insert(parentReportLinks).values({
    ...target,
    reportHash: sha256(reportId),
    studentKey: session.studentKey,
    createdBy: session.teacherKey,
    expiresAt: new Date(Date.now() + days * 86_400_000),
  });
  return `/parent/report/${reportId}`;
}
