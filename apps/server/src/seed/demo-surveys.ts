import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import {
  classrooms,
  classroomSessions,
  classroomStudents,
  surveyAnswers,
  surveyQuestions,
  surveyResponses,
  surveyRoundQuestions,
  surveyRounds,
  users,
} from '../db/schema/index.ts';
import { selectRows } from '../db/sql.ts';

/**
 * Demo surveys (issue 12): four questions in English and Chinese and an open round over the last
 * four weeks, answered by most students: Hannah Brooks's IELTS trio and Wei Zhang's group from
 * three answers on (their reports show), the demo teacher's pair with two (hidden until a third
 * answers), and the demo student's classes left to answer (the panel's badge).
 */
const questions = [
  { textEn: 'How clear were the explanations?', textZh: '老师讲解得清楚吗？' },
  { textEn: 'How useful was the homework?', textZh: '作业有帮助吗？' },
  { textEn: 'How well did the lessons match your level?', textZh: '课程符合您的水平吗？' },
  { textEn: 'Would you recommend this teacher?', textZh: '您会推荐这位老师吗？' },
];

/** Students who answered; the others (the demo student among them) have not yet. */
const answering = new Set([
  'ethan_xu',
  'isabella_ma',
  'olivia_sun',
  'ryan_he',
  'alex_qian',
  'ava_lin',
  'zoe_luo',
  'chloe_tang',
  'jason_feng',
]);

const patterns = [
  [5, 4, 4, 5],
  [4, 4, 3, 5],
  [5, 5, 4, 4],
  [3, 4, 4, 3],
  [4, 5, 5, 4],
  [4, 3, 4, 4],
];
const comments = [
  'Very clear examples, thank you!',
  'Sometimes a bit fast.',
  null,
  'The homework helped me a lot.',
  null,
];

const DAY = 24 * 3600_000;

export async function seedDemoSurveys(tx: Queryable, now = new Date()): Promise<void> {
  const rows = await tx
    .insert(surveyQuestions)
    .values(questions.map((texts, position) => ({ ...texts, position })))
    .returning({ questionId: surveyQuestions.questionId });
  const [leader] = await tx
    .select({ key: users.publicKey })
    .from(users)
    .where(sql`${users.userName} = 'leader'`);
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const [round] = await tx
    .insert(surveyRounds)
    .values({
      title: 'Autumn term feedback',
      startsAt: new Date(midnight - 28 * DAY),
      endsAt: new Date(midnight + 7 * DAY),
      createdBy: leader?.key ?? null,
    })
    .returning();
  await tx
    .insert(surveyRoundQuestions)
    .values(rows.map((q) => ({ roundId: round!.roundId, questionId: q.questionId })));
  // The pairs the app would offer: held sessions in the round's dates, classes not disabled.
  const pairs = await selectRows<{
    classroomId: string;
    teacherKey: string;
    studentKey: string;
    userName: string;
  }>(
    tx,
    sql`select distinct s.classroom_id, s.teacher_key, cs.student_key, u.user_name
      from ${classroomSessions} s
      join ${classrooms} c on c.classroom_id = s.classroom_id and c.state <> 'Deleted'
      join ${classroomStudents} cs on cs.classroom_id = s.classroom_id
      join ${users} u on u.public_key = cs.student_key
      where s.state = 'haveclass' and s.start_at >= ${round!.startsAt.toISOString()}::timestamptz
        and s.start_at < ${round!.endsAt.toISOString()}::timestamptz
      order by s.classroom_id, cs.student_key`,
  );
  const given = pairs.filter((p) => answering.has(p.userName));
  for (const [i, pair] of given.entries()) {
    const [response] = await tx
      .insert(surveyResponses)
      .values({
        roundId: round!.roundId,
        classroomId: pair.classroomId,
        teacherKey: pair.teacherKey,
        studentKey: pair.studentKey,
        comment: comments[i % comments.length] ?? null,
      })
      .returning({ responseId: surveyResponses.responseId });
    const pattern = patterns[i % patterns.length]!;
    await tx.insert(surveyAnswers).values(
      rows.map((q, index) => ({
        responseId: response!.responseId,
        questionId: q.questionId,
        rating: pattern[index]!,
      })),
    );
  }
}
