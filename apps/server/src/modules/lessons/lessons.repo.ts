import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type BaseType, contract, type Level, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { lessons } from '../../db/schema/lessons.ts';
import { columnsFor, type CompiledList, compileListQuery, finishPage, totalCountColumn } from '../../http/list-query.ts';

export type LessonRow = typeof lessons.$inferSelect;
export type LessonValues = Omit<typeof lessons.$inferInsert, 'lessonId' | 'createMoment' | 'updatedAt'>;

/** One query for the page and its total (DESIGN §11). */
const listColumns = columnsFor(contract.lessons.list, {
  name: lessons.name,
  title: lessons.title,
  subTitle: lessons.subTitle,
  level: lessons.level,
  baseType: lessons.baseType,
  teachingTimeInHour: lessons.teachingTimeInHour,
  createMoment: lessons.createMoment,
});

/** A page of lessons and their total, by the contract's list columns. */
export async function lessonsPage(q: Queryable, query: ListQuery, allCap: number) {
  const compiled = compileListQuery(query, {
    columns: listColumns,
    tiebreaker: lessons.lessonId,
    allCap,
  });
  const rows = await listLessons(q, compiled);
  return finishPage(rows, compiled, () => countLessons(q, compiled.where));
}

export async function listLessons(q: Queryable, compiled: CompiledList) {
  return q
    .select({
      lessonId: lessons.lessonId,
      name: lessons.name,
      title: lessons.title,
      subTitle: lessons.subTitle,
      level: lessons.level,
      baseType: lessons.baseType,
      teachingTimeInHour: lessons.teachingTimeInHour,
      description: lessons.description,
      createMoment: lessons.createMoment,
      totalCount: totalCountColumn,
    })
    .from(lessons)
    .where(compiled.where)
    .orderBy(...compiled.orderBy)
    .limit(compiled.limit)
    .offset(compiled.offset);
}

export async function countLessons(q: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(lessons)
    .where(where);
  return row?.n ?? 0;
}

export async function findLesson(
  q: Queryable,
  lessonId: string,
  forUpdate = false,
): Promise<LessonRow | undefined> {
  const query = q.select().from(lessons).where(eq(lessons.lessonId, lessonId)).limit(1);
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

/** The ids among `ids` that name a lesson. */
export async function existingLessonIds(q: Queryable, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await q
    .select({ id: lessons.lessonId })
    .from(lessons)
    .where(inArray(lessons.lessonId, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** Another lesson with the same name, title and subtitle at the same level and base type. */
export async function findDuplicate(
  q: Queryable,
  values: LessonValues,
  exceptId?: string,
): Promise<string | undefined> {
  const [row] = await q
    .select({ id: lessons.lessonId })
    .from(lessons)
    .where(
      and(
        sql`lower(${lessons.name}) = lower(${values.name})`,
        sql`lower(${lessons.title}) = lower(${values.title})`,
        sql`lower(coalesce(${lessons.subTitle}, '')) = lower(${values.subTitle ?? ''})`,
        eq(lessons.level, values.level),
        eq(lessons.baseType, values.baseType),
        exceptId ? sql`${lessons.lessonId} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row?.id;
}

export async function insertLesson(q: Queryable, values: LessonValues): Promise<LessonRow> {
  const [row] = await q.insert(lessons).values(values).returning();
  return row!;
}

export async function updateLesson(q: Queryable, lessonId: string, values: LessonValues): Promise<LessonRow> {
  const [row] = await q
    .update(lessons)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(lessons.lessonId, lessonId))
    .returning();
  return row!;
}

export async function deleteLesson(q: Queryable, lessonId: string): Promise<void> {
  await q.delete(lessons).where(eq(lessons.lessonId, lessonId));
}

/** Distinct values of one text column, sorted, optionally narrowed by level and base type. */
export async function distinctLabels(
  q: Queryable,
  column: 'name' | 'title',
  filter: { level?: Level; baseType?: BaseType },
): Promise<string[]> {
  const target = column === 'name' ? lessons.name : lessons.title;
  const rows = await q
    .selectDistinct({ value: target })
    .from(lessons)
    .where(
      and(
        filter.level ? eq(lessons.level, filter.level) : undefined,
        filter.baseType ? eq(lessons.baseType, filter.baseType) : undefined,
      ),
    )
    .orderBy(asc(target));
  return rows.map((r) => r.value);
}

/** A lesson's hours as a correlated sub-select on `lessonId` (a read port for courses' totals). */
export const lessonHoursOf = (lessonId: SQL) =>
  sql<string>`(select ${lessons.teachingTimeInHour} from ${lessons} where ${lessons.lessonId} = ${lessonId})`;

/** The named lessons' facts other modules show (a course's lessons). */
export async function lessonSummaries(q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return q
    .select({
      lessonId: lessons.lessonId,
      name: lessons.name,
      title: lessons.title,
      subTitle: lessons.subTitle,
      level: lessons.level,
      teachingTimeInHour: lessons.teachingTimeInHour,
    })
    .from(lessons)
    .where(inArray(lessons.lessonId, [...ids]));
}
