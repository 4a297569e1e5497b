import { eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { surveyAnswers, surveyResponses } from '../../db/schema/surveys.ts';
import { selectRows, timestampOf } from '../../db/sql.ts';
import { people } from '../users/users.module.ts';
import { classroomMembers, classroomsView, sessionsView } from '../scheduling/scheduling.module.ts';

/** A student's classes and teachers in a round, and their answers (queries only). */

export interface ItemRow {
  classroomId: string;
  classroomName: string;
  teacherPublicKey: string;
  teacherName: string;
  responseId: string | null;
  comment: string | null;
  answers: { questionId: string; rating: number }[];
}

/** Times as a raw query answers them (text) or Drizzle's builder (Date). */
export interface RoundWindow {
  roundId: string;
  startsAt: Date | string;
  endsAt: Date | string;
}

/** A round's time as epoch seconds with its milliseconds, for `timestampOf`. */
const secondsOf = (value: Date | string) => new Date(value).getTime() / 1000;

/**
 * The (class, teacher) pairs of held sessions in the round's dates, as one SQL source with
 * `classroom_id, teacher_key, student_key` — every student of the class at the time of reading.
 * Disabled (Deleted) classes are left out. Read through scheduling's ports.
 */
export function heldPairs(round: RoundWindow, narrow: SQL[] = []): SQL {
  const conditions = [
    sql`s.held`,
    sql`s.start_at >= ${timestampOf(secondsOf(round.startsAt))}`,
    sql`s.start_at < ${timestampOf(secondsOf(round.endsAt))}`,
    sql`c.live`,
    ...narrow,
  ];
  return sql`(select distinct s.classroom_id, s.teacher_key, cs.student_key
    from ${sessionsView} s
    join ${classroomsView} c on c.classroom_id = s.classroom_id
    join ${classroomMembers} cs on cs.classroom_id = s.classroom_id
    where ${sql.join(conditions, sql` and `)})`;
}

/** The student's items of a round (optionally one class and teacher), with their answers. */
export function studentItems(
  q: Queryable,
  round: RoundWindow,
  studentKey: string,
  only?: { classroomId: string; teacherKey: string },
): Promise<ItemRow[]> {
  const narrow = [sql`cs.student_key = ${studentKey}`];
  if (only) narrow.push(sql`s.classroom_id = ${only.classroomId}`, sql`s.teacher_key = ${only.teacherKey}`);
  return selectRows<ItemRow>(
    q,
    sql`select h.classroom_id, c.classroom_name, h.teacher_key as teacher_public_key,
        coalesce(p.full_name, '') as teacher_name, r.response_id, r.comment,
        coalesce((select json_agg(json_build_object('questionId', a.question_id, 'rating', a.rating))
          from ${surveyAnswers} a where a.response_id = r.response_id), '[]'::json) as answers
      from ${heldPairs(round, narrow)} h
      join ${classroomsView} c on c.classroom_id = h.classroom_id
      left join ${people} p on p.public_key = h.teacher_key
      left join ${surveyResponses} r on r.round_id = ${round.roundId} and r.classroom_id = h.classroom_id
        and r.teacher_key = h.teacher_key and r.student_key = h.student_key
      order by c.classroom_name, teacher_name, h.classroom_id, h.teacher_key`,
  );
}

/** Writes (or rewrites) one response and its ratings; answers the response id. */
export async function saveResponse(
  q: Queryable,
  key: { roundId: string; classroomId: string; teacherKey: string; studentKey: string },
  comment: string | null,
  ratings: { questionId: string; rating: number }[],
): Promise<string> {
  const [row] = await q
    .insert(surveyResponses)
    .values({ ...key, comment })
    .onConflictDoUpdate({
      target: [
        surveyResponses.roundId,
        surveyResponses.classroomId,
        surveyResponses.teacherKey,
        surveyResponses.studentKey,
      ],
      set: { comment, updatedAt: sql`now()` },
    })
    .returning({ responseId: surveyResponses.responseId });
  const responseId = row!.responseId;
  await q.delete(surveyAnswers).where(eq(surveyAnswers.responseId, responseId));
  await q.insert(surveyAnswers).values(ratings.map((r) => ({ responseId, ...r })));
  return responseId;
}
