import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type BaseType, contract, type Level, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import {
  courseFiles,
  specificationLessons,
  specifications,
} from '../../db/schema/specifications.ts';
import { columnsFor, type CompiledList, compileListQuery, finishPage, totalCountColumn } from '../../http/list-query.ts';
import { lessonHoursOf, lessonSummaries } from '../lessons/lessons.module.ts';

export type SpecificationRow = typeof specifications.$inferSelect;
export type SpecificationValues = Pick<
  typeof specifications.$inferInsert,
  'title' | 'level' | 'baseType' | 'isEvaluationTest'
>;
export type CourseFileRow = typeof courseFiles.$inferSelect;

/** Sum of a course's lesson hours, in SQL (numeric, never a float sum). */
const totalHours = sql<string>`(
  select coalesce(sum(${lessonHoursOf(sql`sl.lesson_id`)}), 0)::text
  from specification_lessons sl
  where sl.specification_id = "specifications"."specification_id"
)`;

const specificationColumns = {
  specificationId: specifications.specificationId,
  title: specifications.title,
  level: specifications.level,
  baseType: specifications.baseType,
  isEvaluationTest: specifications.isEvaluationTest,
  createMoment: specifications.createMoment,
  totalHours,
};

/** One query for the page and its total (DESIGN §11); lessons and files follow in one query each. */
const listColumns = columnsFor(contract.specifications.list, {
  title: specifications.title,
  level: specifications.level,
  baseType: specifications.baseType,
  isEvaluationTest: specifications.isEvaluationTest,
  createMoment: specifications.createMoment,
});

/** A page of courses and their total, by the contract's list columns. */
export async function specificationsPage(q: Queryable, query: ListQuery, allCap: number) {
  const compiled = compileListQuery(query, {
    columns: listColumns,
    tiebreaker: specifications.specificationId,
    allCap,
  });
  const rows = await listSpecifications(q, compiled);
  return finishPage(rows, compiled, () => countSpecifications(q, compiled.where));
}

export async function listSpecifications(q: Queryable, compiled: CompiledList) {
  return q
    .select({ ...specificationColumns, totalCount: totalCountColumn })
    .from(specifications)
    .where(compiled.where)
    .orderBy(...compiled.orderBy)
    .limit(compiled.limit)
    .offset(compiled.offset);
}

export async function countSpecifications(q: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(specifications)
    .where(where);
  return row?.n ?? 0;
}

export async function summariesByIds(q: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return q
    .select(specificationColumns)
    .from(specifications)
    .where(inArray(specifications.specificationId, [...ids]));
}

/** The evaluation-test courses of a base type, optionally of some levels only, by level then title. */
export async function evaluationSpecifications(
  q: Queryable,
  baseType: BaseType,
  levels: readonly Level[] | null,
) {
  return q
    .select(specificationColumns)
    .from(specifications)
    .where(
      and(
        eq(specifications.isEvaluationTest, true),
        eq(specifications.baseType, baseType),
        levels ? inArray(specifications.level, [...levels]) : undefined,
      ),
    )
    .orderBy(asc(specifications.level), asc(specifications.title), asc(specifications.specificationId));
}

/** The lessons of the given courses, in each course's order (the lessons module says what they are). */
export async function lessonsOf(q: Queryable, specificationIds: readonly string[]) {
  if (specificationIds.length === 0) return [];
  const links = await q
    .select({ specificationId: specificationLessons.specificationId, lessonId: specificationLessons.lessonId })
    .from(specificationLessons)
    .where(inArray(specificationLessons.specificationId, [...specificationIds]))
    .orderBy(asc(specificationLessons.specificationId), asc(specificationLessons.position));
  const lessons = new Map(
    (await lessonSummaries(q, [...new Set(links.map((l) => l.lessonId))])).map((l) => [l.lessonId, l]),
  );
  return links.map((link) => ({ specificationId: link.specificationId, ...lessons.get(link.lessonId)! }));
}

export async function filesOf(q: Queryable, specificationIds: readonly string[]): Promise<CourseFileRow[]> {
  if (specificationIds.length === 0) return [];
  return q
    .select()
    .from(courseFiles)
    .where(inArray(courseFiles.specificationId, [...specificationIds]))
    .orderBy(asc(courseFiles.createMoment), asc(courseFiles.courseFileId));
}

export async function findSpecification(
  q: Queryable,
  specificationId: string,
  lock?: 'update' | 'share',
): Promise<SpecificationRow | undefined> {
  const query = q
    .select()
    .from(specifications)
    .where(eq(specifications.specificationId, specificationId))
    .limit(1);
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

export async function findDuplicate(
  q: Queryable,
  values: SpecificationValues,
  exceptId?: string,
): Promise<string | undefined> {
  const [row] = await q
    .select({ id: specifications.specificationId })
    .from(specifications)
    .where(
      and(
        sql`lower(${specifications.title}) = lower(${values.title})`,
        eq(specifications.level, values.level),
        eq(specifications.baseType, values.baseType),
        exceptId ? sql`${specifications.specificationId} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row?.id;
}

export async function insertSpecification(
  q: Queryable,
  values: SpecificationValues,
): Promise<SpecificationRow> {
  const [row] = await q.insert(specifications).values(values).returning();
  return row!;
}

export async function updateSpecification(
  q: Queryable,
  specificationId: string,
  values: SpecificationValues,
): Promise<void> {
  await q
    .update(specifications)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(specifications.specificationId, specificationId));
}

export async function deleteSpecification(q: Queryable, specificationId: string): Promise<void> {
  await q.delete(specifications).where(eq(specifications.specificationId, specificationId));
}

export async function lessonIdsOf(q: Queryable, specificationId: string): Promise<string[]> {
  const rows = await q
    .select({ lessonId: specificationLessons.lessonId })
    .from(specificationLessons)
    .where(eq(specificationLessons.specificationId, specificationId))
    .orderBy(asc(specificationLessons.position));
  return rows.map((r) => r.lessonId);
}

/** Replaces a course's lessons by `lessonIds`, in that order. */
export async function replaceLessons(
  q: Queryable,
  specificationId: string,
  lessonIds: readonly string[],
): Promise<void> {
  await q.delete(specificationLessons).where(eq(specificationLessons.specificationId, specificationId));
  if (lessonIds.length === 0) return;
  await q
    .insert(specificationLessons)
    .values(lessonIds.map((lessonId, position) => ({ specificationId, lessonId, position })));
}

/** Titles of the courses a lesson is part of (for the "in use" refusal). */
export async function titlesUsingLesson(q: Queryable, lessonId: string): Promise<string[]> {
  const rows = await q
    .select({ title: specifications.title })
    .from(specificationLessons)
    .innerJoin(specifications, eq(specifications.specificationId, specificationLessons.specificationId))
    .where(eq(specificationLessons.lessonId, lessonId))
    .orderBy(asc(specifications.title));
  return rows.map((r) => r.title);
}

export async function insertCourseFiles(
  q: Queryable,
  rows: (typeof courseFiles.$inferInsert)[],
): Promise<CourseFileRow[]> {
  if (rows.length === 0) return [];
  return q.insert(courseFiles).values(rows).returning();
}

export async function findCourseFile(q: Queryable, courseFileId: string): Promise<CourseFileRow | undefined> {
  const [row] = await q.select().from(courseFiles).where(eq(courseFiles.courseFileId, courseFileId)).limit(1);
  return row;
}

export async function deleteCourseFile(
  q: Queryable,
  courseFileId: string,
): Promise<CourseFileRow | undefined> {
  const [row] = await q.delete(courseFiles).where(eq(courseFiles.courseFileId, courseFileId)).returning();
  return row;
}

export async function storedNamesOf(q: Queryable, specificationId: string): Promise<string[]> {
  const rows = await q
    .select({ storedName: courseFiles.storedName })
    .from(courseFiles)
    .where(eq(courseFiles.specificationId, specificationId));
  return rows.map((r) => r.storedName);
}
