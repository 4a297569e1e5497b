import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  surveyAnswers,
  surveyQuestions,
  surveyResponses,
  surveyRoundQuestions,
} from '../../db/schema/surveys.ts';
import { selectRow, selectRows } from '../../db/sql.ts';
import { people } from '../users/users.module.ts';
import { classroomsView } from '../scheduling/scheduling.module.ts';
import { heldPairs, type RoundWindow } from './answers.repo.ts';

/**
 * The survey report's aggregates, all in SQL (counts, averages on 1–5 and rates as numeric):
 * `answered` = the round's responses, `everyone` = the students expected to answer (held sessions
 * in the round's dates) together with those who answered.
 */

export interface ReportFilter {
  teacherKey?: string;
  classroomId?: string;
}

function selection(round: RoundWindow, filter: ReportFilter): SQL {
  const held: SQL[] = [];
  const given: SQL[] = [sql`r.round_id = ${round.roundId}`];
  if (filter.teacherKey) {
    held.push(sql`s.teacher_key = ${filter.teacherKey}`);
    given.push(sql`r.teacher_key = ${filter.teacherKey}`);
  }
  if (filter.classroomId) {
    held.push(sql`s.classroom_id = ${filter.classroomId}`);
    given.push(sql`r.classroom_id = ${filter.classroomId}`);
  }
  return sql`with answered as (
      select r.response_id, r.classroom_id, r.teacher_key, r.student_key, r.comment, r.updated_at
      from ${surveyResponses} r where ${sql.join(given, sql` and `)}
    ),
    everyone as (
      select classroom_id, teacher_key, student_key from ${heldPairs(round, held)} h
      union select classroom_id, teacher_key, student_key from answered
    )`;
}

const rate = (answered: SQL, expected: SQL) =>
  sql`round(100.0 * ${answered} / nullif(${expected}, 0), 2)::text`;

export interface Totals {
  answerCount: number;
  expectedCount: number;
  responseRate: string | null;
}

export async function totals(q: Queryable, round: RoundWindow, filter: ReportFilter): Promise<Totals> {
  const row = await selectRow<Totals>(
    q,
    sql`${selection(round, filter)}
      select t.answer_count, t.expected_count, ${rate(sql`t.answer_count`, sql`t.expected_count`)} as response_rate
      from (select (select count(*) from answered)::int as answer_count,
        (select count(*) from everyone)::int as expected_count) t`,
  );
  return row!;
}

export interface QuestionFigures {
  questionId: string;
  textEn: string | null;
  textZh: string | null;
  veryWeak: number;
  weak: number;
  medium: number;
  good: number;
  veryGood: number;
  answerCount: number;
  average: string | null;
}

/**
 * Per question of the round (those it opened with): the count per rating and the average; the
 * ones still in the survey, and removed ones that were answered.
 */
export function questionFigures(
  q: Queryable,
  round: RoundWindow,
  filter: ReportFilter,
): Promise<QuestionFigures[]> {
  const count = (rating: number) => sql`(count(sa.rating) filter (where sa.rating = ${rating}))::int`;
  return selectRows<QuestionFigures>(
    q,
    sql`${selection(round, filter)}
      select q.question_id, q.text_en, q.text_zh, ${count(1)} as very_weak, ${count(2)} as weak, ${count(3)} as medium,
        ${count(4)} as good, ${count(5)} as very_good, count(sa.rating)::int as answer_count,
        round(avg(sa.rating), 2)::text as average
      from ${surveyRoundQuestions} rq
      join ${surveyQuestions} q on q.question_id = rq.question_id
      left join (${surveyAnswers} sa join answered a on a.response_id = sa.response_id) on sa.question_id = q.question_id
      where rq.round_id = ${round.roundId}
      group by q.question_id
      having q.removed_at is null or count(sa.rating) > 0
      order by q.position, q.create_moment`,
  );
}

export interface TeacherFigures {
  teacherPublicKey: string;
  fullName: string;
  answerCount: number;
  expectedCount: number;
  responseRate: string | null;
  average: string | null;
}

/** Each teacher's figures side by side (staff comparing teachers). */
export function teacherFigures(
  q: Queryable,
  round: RoundWindow,
  filter: ReportFilter,
): Promise<TeacherFigures[]> {
  return selectRows<TeacherFigures>(
    q,
    sql`${selection(round, filter)}
      select f.teacher_key as teacher_public_key, coalesce(p.full_name, '') as full_name, f.answer_count,
        f.expected_count, ${rate(sql`f.answer_count`, sql`f.expected_count`)} as response_rate, f.average
      from (
        select t.teacher_key,
          (select count(*) from answered a where a.teacher_key = t.teacher_key)::int as answer_count,
          (select count(*) from everyone e where e.teacher_key = t.teacher_key)::int as expected_count,
          (select round(avg(sa.rating), 2)::text from ${surveyAnswers} sa join answered a on a.response_id = sa.response_id
            where a.teacher_key = t.teacher_key) as average
        from (select distinct teacher_key from everyone) t
      ) f
      left join ${people} p on p.public_key = f.teacher_key
      order by full_name, f.teacher_key`,
  );
}

export interface ClassFigures {
  classroomId: string;
  classroomName: string;
  answerCount: number;
  expectedCount: number;
  responseRate: string | null;
}

/** Per class, how many answered of the students expected: counts only, no names (staff). */
export function classFigures(
  q: Queryable,
  round: RoundWindow,
  filter: ReportFilter,
): Promise<ClassFigures[]> {
  return selectRows<ClassFigures>(
    q,
    sql`${selection(round, filter)}
      select f.classroom_id, c.classroom_name, f.answer_count, f.expected_count,
        ${rate(sql`f.answer_count`, sql`f.expected_count`)} as response_rate
      from (
        select e.classroom_id, count(*)::int as expected_count,
          (select count(*) from answered a where a.classroom_id = e.classroom_id)::int as answer_count
        from everyone e group by e.classroom_id
      ) f
      join ${classroomsView} c on c.classroom_id = f.classroom_id
      order by c.classroom_name, f.classroom_id`,
  );
}

/**
 * The comments' texts alone, in text order (at most 200, the newest): nothing ties a comment to
 * its student, class or time (issue 27: the student's survey promises it).
 */
export async function comments(q: Queryable, round: RoundWindow, filter: ReportFilter): Promise<string[]> {
  const rows = await selectRows<{ comment: string }>(
    q,
    sql`${selection(round, filter)}
      select a.comment from answered a
      where a.comment is not null and a.comment <> ''
      order by a.updated_at desc, a.response_id
      limit 200`,
  );
  return rows.map((row) => row.comment).sort((a, b) => a.localeCompare(b));
}
