import { and, asc, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import { contract, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import {
  surveyQuestions,
  surveyResponses,
  surveyRoundQuestions,
  surveyRounds,
} from '../../db/schema/surveys.ts';
import { selectRow, totalCountColumn } from '../../db/sql.ts';
import { columnsFor, type CompiledList, compileListQuery, finishPage } from '../../http/list-query.ts';

/** Survey questions and rounds: queries only (docs/architecture.md "Repos"). */

export type QuestionRow = typeof surveyQuestions.$inferSelect;
/** A round as a raw query answers it: times as text or Date (both read with `new Date`). */
export interface RoundRow {
  roundId: string;
  title: string;
  startsAt: Date | string;
  endsAt: Date | string;
  closedAt: Date | string | null;
  createdBy: string | null;
  createMoment: Date | string;
  answerCount: number;
}

const current = isNull(surveyQuestions.removedAt);

/** The current questions in their order. */
export function currentQuestions(q: Queryable) {
  return q
    .select()
    .from(surveyQuestions)
    .where(current)
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.createMoment));
}

/** The round's questions (those it opened with) still in the survey, in their order. */
export function roundQuestions(q: Queryable, roundId: string) {
  return q
    .select(getTableColumns(surveyQuestions))
    .from(surveyRoundQuestions)
    .innerJoin(surveyQuestions, eq(surveyQuestions.questionId, surveyRoundQuestions.questionId))
    .where(and(eq(surveyRoundQuestions.roundId, roundId), current))
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.createMoment));
}

/** A round keeps the questions current when it opens: one added later is not in it. */
export async function keepRoundQuestions(q: Queryable, roundId: string): Promise<void> {
  await q.execute(sql`insert into ${surveyRoundQuestions} (round_id, question_id)
    select ${roundId}, ${surveyQuestions.questionId} from ${surveyQuestions} where ${current}`);
}

export async function findCurrentQuestion(q: Queryable, questionId: string, forUpdate = false) {
  const query = q
    .select()
    .from(surveyQuestions)
    .where(and(eq(surveyQuestions.questionId, questionId), current))
    .limit(1);
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

export interface QuestionTexts {
  textEn: string | null;
  textZh: string | null;
}

export async function insertQuestion(
  q: Queryable,
  texts: QuestionTexts,
  position: number,
): Promise<QuestionRow> {
  const [row] = await q
    .insert(surveyQuestions)
    .values({ ...texts, position })
    .returning();
  return row!;
}

export async function updateQuestion(q: Queryable, questionId: string, values: Partial<QuestionRow>) {
  const [row] = await q
    .update(surveyQuestions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(surveyQuestions.questionId, questionId))
    .returning();
  return row!;
}

/** Positions 0…n−1 in the order given, in one statement. */
export async function setPositions(q: Queryable, questionIds: readonly string[]): Promise<void> {
  await q.execute(sql`update ${surveyQuestions} set position = o.ord - 1, updated_at = now()
    from unnest(${sql.param([...questionIds])}::uuid[]) with ordinality as o(id, ord)
    where ${surveyQuestions.questionId} = o.id`);
}

const roundColumns = sql`r.round_id, r.title, r.starts_at, r.ends_at, r.closed_at, r.created_by, r.create_moment,
  (select count(*)::int from ${surveyResponses} sr where sr.round_id = r.round_id) as answer_count`;

export async function findRound(
  q: Queryable,
  roundId: string,
  forUpdate = false,
): Promise<RoundRow | undefined> {
  return selectRow<RoundRow>(
    q,
    sql`select ${roundColumns} from ${surveyRounds} r where r.round_id = ${roundId} ${forUpdate ? sql`for update` : sql``}`,
  );
}

/** The open round (at most one), or none. */
export async function openRound(q: Queryable): Promise<RoundRow | undefined> {
  return selectRow<RoundRow>(q, sql`select ${roundColumns} from ${surveyRounds} r where r.closed_at is null`);
}

/** The round a report reads by default: the open one, else the latest. */
export async function defaultReportRound(q: Queryable): Promise<RoundRow | undefined> {
  return selectRow<RoundRow>(
    q,
    sql`select ${roundColumns} from ${surveyRounds} r order by (r.closed_at is null) desc, r.create_moment desc limit 1`,
  );
}

export async function insertRound(
  q: Queryable,
  values: { title: string; startsAt: Date; endsAt: Date; createdBy: string },
): Promise<string> {
  const [row] = await q.insert(surveyRounds).values(values).returning({ roundId: surveyRounds.roundId });
  return row!.roundId;
}

export async function closeRound(q: Queryable, roundId: string): Promise<void> {
  await q
    .update(surveyRounds)
    .set({ closedAt: sql`now()` })
    .where(eq(surveyRounds.roundId, roundId));
}

/** One page of rounds and the total, in one query. */
const roundListColumns = columnsFor(contract.surveys.rounds, {
  title: surveyRounds.title,
  startsAt: surveyRounds.startsAt,
  endsAt: surveyRounds.endsAt,
  createMoment: surveyRounds.createMoment,
});

/** A page of rounds and their total, by the contract's list columns. */
export async function roundsPage(q: Queryable, query: ListQuery, allCap: number) {
  const compiled = compileListQuery(query, {
    columns: roundListColumns,
    tiebreaker: surveyRounds.roundId,
    allCap,
  });
  const rows = await listRounds(q, compiled);
  return finishPage(rows, compiled, () => countRounds(q, compiled.where));
}

export function listRounds(q: Queryable, compiled: CompiledList) {
  return q
    .select({
      roundId: surveyRounds.roundId,
      title: surveyRounds.title,
      startsAt: surveyRounds.startsAt,
      endsAt: surveyRounds.endsAt,
      closedAt: surveyRounds.closedAt,
      createdBy: surveyRounds.createdBy,
      createMoment: surveyRounds.createMoment,
      answerCount:
        sql<number>`(select count(*)::int from ${surveyResponses} sr where sr.round_id = ${surveyRounds.roundId})`.mapWith(
          Number,
        ),
      totalCount: totalCountColumn,
    })
    .from(surveyRounds)
    .where(compiled.where)
    .orderBy(...compiled.orderBy)
    .limit(compiled.limit)
    .offset(compiled.offset);
}

export async function countRounds(q: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(surveyRounds)
    .where(where);
  return row?.n ?? 0;
}
