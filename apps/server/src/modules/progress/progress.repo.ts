import { and, asc, count, eq, gt, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { contract, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { people } from '../../db/schema/people.ts';
import {
  coursePlanEntries,
  coursePlanExportTickets,
  progressApplications,
  progressApplicationStages,
} from '../../db/schema/progress.ts';
import { totalCountColumn } from '../../db/sql.ts';
import { columnsFor, type CompiledList, compileListQuery, finishPage, keyColumn } from '../../http/list-query.ts';
import { heldHoursOf } from './held-hours.repo.ts';

/** Queries of the progress module (course plans, applications, export tickets); no rules here. */

const e = coursePlanEntries;
const a = progressApplications;
const st = progressApplicationStages;

export interface StudentRow {
  publicKey: string;
  fullName: string;
}

/** A student (role Student) by key, when `reachOf` (a condition on their key) holds for them. */
export async function findStudent(
  q: Queryable,
  key: string,
  reachOf?: (studentKey: SQLWrapper) => SQL | undefined,
): Promise<StudentRow | undefined> {
  const [row] = await q
    .select({ publicKey: people.publicKey, fullName: people.fullName })
    .from(people)
    .where(and(eq(people.publicKey, key), eq(people.role, 'Student'), reachOf?.(people.publicKey)));
  return row;
}

/** A plan entry as answered: actualHours summed in SQL from the student's held sessions. */
const entryFields = {
  progressStageCoursePlanId: e.progressStageCoursePlanId,
  studentPublicKey: e.studentKey,
  lessonType: e.lessonType,
  sessionPerWeek: e.sessionPerWeek,
  lessonTopic: e.lessonTopic,
  suggestedHours: sql<number>`${e.suggestedHours}::float8`.mapWith(Number),
  actualHours: sql<number>`${heldHoursOf(sql`${e.studentKey}`, sql`${e.lessonType}`)}::float8`.mapWith(
    Number,
  ),
  classType: e.classType,
  status: e.status,
  createMoment: e.createMoment,
};

/** A student's whole plan, oldest entry first (the order it was written in). */
export function planOf(q: Queryable, studentKey: string) {
  return q
    .select(entryFields)
    .from(e)
    .where(eq(e.studentKey, studentKey))
    .orderBy(asc(e.createMoment), asc(e.progressStageCoursePlanId));
}
export type EntryRow = Awaited<ReturnType<typeof planOf>>[number];

export async function entryById(q: Queryable, id: string): Promise<EntryRow | undefined> {
  const [row] = await q.select(entryFields).from(e).where(eq(e.progressStageCoursePlanId, id));
  return row;
}

/** One page of plan entries and the total (window count), narrowed to the students in reach. */
const listColumns = columnsFor(contract.progress.list, {
  // A malformed key filters to nothing (on the text) instead of failing the uuid cast.
  studentPublicKey: keyColumn(e.studentKey),
  lessonType: e.lessonType,
  lessonTopic: e.lessonTopic,
  classType: e.classType,
  status: e.status,
  sessionPerWeek: e.sessionPerWeek,
  suggestedHours: e.suggestedHours,
  createMoment: e.createMoment,
});

/** A page of course plan entries in the caller's reach (`reach` of a student key column) and their total. */
export async function entriesPage(
  q: Queryable,
  query: ListQuery,
  allCap: number,
  reachOf: (studentKey: SQLWrapper) => SQL | undefined,
) {
  const compiled = compileListQuery(query, {
    columns: listColumns,
    tiebreaker: e.progressStageCoursePlanId,
    allCap,
  });
  const reach = reachOf(e.studentKey);
  const rows = await entryPage(q, compiled, reach);
  return finishPage(rows, compiled, () => countEntries(q, and(reach, compiled.where)));
}

export function entryPage(q: Queryable, compiled: CompiledList, reach: SQL | undefined) {
  return q
    .select({ ...entryFields, totalCount: totalCountColumn })
    .from(e)
    .where(and(reach, compiled.where))
    .orderBy(...compiled.orderBy)
    .limit(compiled.limit)
    .offset(compiled.offset);
}

export async function countEntries(q: Queryable, where: SQL | undefined): Promise<number> {
  const [row] = await q.select({ n: count() }).from(e).where(where);
  return row?.n ?? 0;
}

export type EntryValues = Pick<
  typeof e.$inferInsert,
  'lessonType' | 'sessionPerWeek' | 'lessonTopic' | 'suggestedHours' | 'classType' | 'status'
>;

/** The entry's stored row, locked for the change; undefined when it does not exist. */
export async function lockEntry(q: Queryable, id: string) {
  const [row] = await q.select().from(e).where(eq(e.progressStageCoursePlanId, id)).for('update');
  return row;
}

export async function insertEntry(
  q: Queryable,
  studentKey: string,
  values: EntryValues,
  by: string,
): Promise<string> {
  const [row] = await q
    .insert(e)
    .values({ ...values, studentKey, createdBy: by })
    .returning({ id: e.progressStageCoursePlanId });
  return row!.id;
}

export async function updateEntry(q: Queryable, id: string, values: EntryValues): Promise<void> {
  await q
    .update(e)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(e.progressStageCoursePlanId, id));
}

export async function deleteEntry(q: Queryable, id: string): Promise<void> {
  await q.delete(e).where(eq(e.progressStageCoursePlanId, id));
}

// ————————————————————————————————————————————— applications

const applicationFields = {
  progressStageApplicationId: a.progressStageApplicationId,
  studentPublicKey: a.studentKey,
  institutionType: a.institutionType,
  institutionName: a.institutionName,
  programme: a.programme,
  deadline: sql<string>`to_char(${a.deadline}, 'YYYY-MM-DD')`,
  status: a.status,
  createMoment: a.createMoment,
};

/** A student's applications, nearest deadline first. */
export function applicationsOf(q: Queryable, studentKey: string) {
  return q
    .select(applicationFields)
    .from(a)
    .where(eq(a.studentKey, studentKey))
    .orderBy(asc(a.deadline), asc(a.createMoment), asc(a.progressStageApplicationId));
}
export type ApplicationRow = Awaited<ReturnType<typeof applicationsOf>>[number];

export async function applicationById(q: Queryable, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await q.select(applicationFields).from(a).where(eq(a.progressStageApplicationId, id));
  return row;
}

/** The stages of some applications, oldest first. */
export function stagesOf(q: Queryable, applicationIds: readonly string[]) {
  if (!applicationIds.length) return Promise.resolve([]);
  return q
    .select({
      applicationId: st.progressStageApplicationId,
      status: st.status,
      reachedOn: sql<string>`to_char(${st.reachedOn}, 'YYYY-MM-DD')`,
    })
    .from(st)
    .where(inArray(st.progressStageApplicationId, [...applicationIds]))
    .orderBy(asc(st.reachedOn), asc(st.createMoment), asc(st.stageId));
}

/** The application's stored row and its latest stage day, locked for the change. */
export async function lockApplication(q: Queryable, id: string) {
  const [row] = await q.select().from(a).where(eq(a.progressStageApplicationId, id)).for('update');
  if (!row) return undefined;
  const [last] = await q
    .select({ reachedOn: sql<string>`to_char(max(${st.reachedOn}), 'YYYY-MM-DD')` })
    .from(st)
    .where(eq(st.progressStageApplicationId, id));
  return { ...row, lastStageOn: last?.reachedOn ?? null };
}

export type ApplicationValues = Pick<
  typeof a.$inferInsert,
  'institutionType' | 'institutionName' | 'programme' | 'deadline' | 'status'
>;

export async function insertApplication(
  q: Queryable,
  studentKey: string,
  values: ApplicationValues,
  by: string,
): Promise<string> {
  const [row] = await q
    .insert(a)
    .values({ ...values, studentKey, createdBy: by })
    .returning({ id: a.progressStageApplicationId });
  return row!.id;
}

export async function updateApplication(q: Queryable, id: string, values: ApplicationValues): Promise<void> {
  await q
    .update(a)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(a.progressStageApplicationId, id));
}

export async function insertStage(
  q: Queryable,
  applicationId: string,
  status: string,
  reachedOn: string,
  by: string,
) {
  await q.insert(st).values({ progressStageApplicationId: applicationId, status, reachedOn, changedBy: by });
}

export async function deleteApplication(q: Queryable, id: string): Promise<void> {
  await q.delete(a).where(eq(a.progressStageApplicationId, id));
}

// ————————————————————————————————————————————— export tickets

export async function insertTicket(
  q: Queryable,
  ticket: typeof coursePlanExportTickets.$inferInsert,
): Promise<void> {
  await q.insert(coursePlanExportTickets).values(ticket);
}

export async function deleteExpiredTickets(q: Queryable): Promise<void> {
  await q.delete(coursePlanExportTickets).where(lt(coursePlanExportTickets.expiresAt, sql`now()`));
}

/** Uses a ticket up: answers it when it was live and whoever asked for it can still sign in. */
export async function consumeTicket(q: Queryable, ticketHash: string) {
  const [row] = await q
    .delete(coursePlanExportTickets)
    .where(
      and(
        eq(coursePlanExportTickets.ticketHash, ticketHash),
        gt(coursePlanExportTickets.expiresAt, sql`now()`),
        inArray(
          coursePlanExportTickets.userKey,
          q.select({ key: people.publicKey }).from(people).where(eq(people.status, 'active')),
        ),
      ),
    )
    .returning({
      userKey: coursePlanExportTickets.userKey,
      studentKey: coursePlanExportTickets.studentKey,
      format: coursePlanExportTickets.format,
      language: coursePlanExportTickets.language,
    });
  return row;
}
