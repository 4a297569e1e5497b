import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { classroomLessonInput } from '@tutoria/shared';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import {
  classroomLessons,
  classrooms,
  classroomSessions,
  classroomSpecifications,
  classroomStudents,
} from '../../db/schema/scheduling.ts';
import { anyUuid, epochOf, selectRow, selectRows } from '../../db/sql.ts';
import { courseSummaries } from '../specifications/specifications.module.ts';
import { people } from '../users/users.module.ts';

/** Finished is derived: an Active class whose last live session has ended (DESIGN §7, docs/decisions.md). */
export const classroomState = sql<string>`case when ${classrooms.state} = 'Active' and ${classrooms.lastSessionEnd} < now() then 'Finished' else ${classrooms.state} end`;

/** A classroom's own facts as read, with its teacher's name (times in epoch seconds). */
export interface ClassroomFields {
  classroomId: string;
  classroomName: string;
  classroomLevel: string;
  classroomType: string;
  classroomNumber: string | null;
  meetingLink: string | null;
  lessonType: string;
  /** As shown: Finished derived. */
  state: string;
  archived: boolean;
  teacherPublicKey: string;
  teacherName: string;
  assistantKey: string | null;
  createMoment: number;
}

export interface ClassroomRecord extends ClassroomFields {
  /** As stored: WaitingForAddCourse, Active or Deleted. */
  storedState: string;
  assistantName: string | null;
}

/** A classroom with its teacher's and assistant's names, if it is in the caller's scope. */
export function findClassroom(q: Queryable, classroomId: string, scope: SQL | undefined) {
  return selectRow<ClassroomRecord>(
    q,
    sql`select classrooms.classroom_id, classrooms.classroom_name, classrooms.classroom_level, classrooms.classroom_type,
        classrooms.classroom_number, classrooms.meeting_link, classrooms.lesson_type, ${classroomState} as state, classrooms.state as stored_state,
        classrooms.archived, classrooms.teacher_key as teacher_public_key, teacher.full_name as teacher_name,
        classrooms.assistant_key, assistant.full_name as assistant_name, ${epochOf(sql`classrooms.create_moment`)} as create_moment
      from ${classrooms}
      join ${people} teacher on teacher.public_key = classrooms.teacher_key
      left join ${people} assistant on assistant.public_key = classrooms.assistant_key
      where ${and(eq(classrooms.classroomId, classroomId), scope)}`,
  );
}

/** The students of a class with their names and consultants, by name. */
export function studentsOf(q: Queryable, classroomId: string) {
  return q
    .select({
      studentPublicKey: people.publicKey,
      studentName: people.fullName,
      consultantPublicKey: people.consultantKey,
    })
    .from(classroomStudents)
    .innerJoin(people, eq(people.publicKey, classroomStudents.studentKey))
    .where(eq(classroomStudents.classroomId, classroomId))
    .orderBy(asc(people.fullName), asc(people.publicKey));
}
export type RosterEntry = Awaited<ReturnType<typeof studentsOf>>[number];

/** Student keys per classroom, for many classrooms at once. */
export async function studentKeysOf(q: Queryable, classroomIds: readonly string[]) {
  const rows = await q
    .select({ classroomId: classroomStudents.classroomId, studentKey: classroomStudents.studentKey })
    .from(classroomStudents)
    .where(sql`${classroomStudents.classroomId} = ${anyUuid([...new Set(classroomIds)])}`);
  const byClassroom = new Map<string, string[]>();
  for (const row of rows)
    byClassroom.set(row.classroomId, [...(byClassroom.get(row.classroomId) ?? []), row.studentKey]);
  return byClassroom;
}

export function lessonsOf(q: Queryable, classroomId: string) {
  return q
    .select()
    .from(classroomLessons)
    .where(eq(classroomLessons.classroomId, classroomId))
    .orderBy(asc(classroomLessons.position));
}

/** Which of these lesson ids belong to the class. */
export async function lessonIdsIn(q: Queryable, classroomId: string, ids: readonly string[]) {
  const rows = await q
    .select({ id: classroomLessons.classroomLessonId })
    .from(classroomLessons)
    .where(
      and(
        eq(classroomLessons.classroomId, classroomId),
        sql`${classroomLessons.classroomLessonId} = ${anyUuid(ids)}`,
      ),
    );
  return rows.map((r) => r.id);
}

/** The class's courses (read through the courses area's port), by title. */
export async function specificationsOf(q: Queryable, classroomId: string) {
  const links = await q
    .select({ id: classroomSpecifications.specificationId })
    .from(classroomSpecifications)
    .where(eq(classroomSpecifications.classroomId, classroomId));
  const courses = await courseSummaries(
    q,
    links.map((l) => l.id),
  );
  return courses
    .map(({ specificationId, title, level }) => ({ specificationId, title, level }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** Which of these course ids exist. */
export async function knownSpecificationIds(q: Queryable, ids: readonly string[]) {
  return new Set((await courseSummaries(q, ids)).map((c) => c.specificationId));
}

/** Which sessions of a class a use case reads. */
const sessionFilters = {
  all: undefined,
  /** Live and not started. */
  upcoming: sql`${classroomSessions.startAt} > now() and ${classroomSessions.state} <> 'canceled'`,
  /** Live and not ended. */
  unfinished: sql`${classroomSessions.endAt} > now() and ${classroomSessions.state} <> 'canceled'`,
  /** Not started and still waiting for class. */
  waiting: sql`${classroomSessions.startAt} > now() and ${classroomSessions.state} = 'waitingforclass'`,
  /** Ended and not cancelled (held or not yet recorded). */
  passed: sql`${classroomSessions.endAt} < now() and ${classroomSessions.state} <> 'canceled'`,
} as const;
export type SessionFilter = keyof typeof sessionFilters | { taughtLessonId: string };

/** The condition on `classroom_sessions` that picks a use case's sessions. */
export function sessionCondition(filter: SessionFilter) {
  return typeof filter === 'string'
    ? sessionFilters[filter]
    : sql`${classroomSessions.taughtLessonIds} @> array[${filter.taughtLessonId}]::uuid[]`;
}

export function sessionsOf(q: Queryable, classroomId: string, filter: SessionFilter = 'all') {
  return q
    .select()
    .from(classroomSessions)
    .where(and(eq(classroomSessions.classroomId, classroomId), sessionCondition(filter)))
    .orderBy(asc(classroomSessions.startAt), asc(classroomSessions.sessionId));
}

export interface TimesState {
  total: number;
  waitingforclass: number;
  haveclass: number;
  canceled: number;
  noConfirmation: number;
  confirmedByTeacher: number;
  confirmedByAdmin: number;
  reserved: number;
  minutesHeld: number;
  nextSessionStart: number | null;
}

/** Counts of a class's sessions by state, confirmation and finance, minutes held and the next start. */
export async function timesState(q: Queryable, classroomId: string) {
  const row = await selectRow<TimesState>(
    q,
    sql`select count(*)::int as total,
        count(*) filter (where state = 'waitingforclass')::int as waitingforclass,
        count(*) filter (where state = 'haveclass')::int as haveclass,
        count(*) filter (where state = 'canceled')::int as canceled,
        count(*) filter (where confirmation = 'noConfirmation' and state <> 'canceled')::int as no_confirmation,
        count(*) filter (where confirmation = 'confirmedByTeacher')::int as confirmed_by_teacher,
        count(*) filter (where confirmation = 'confirmedByAdmin')::int as confirmed_by_admin,
        count(*) filter (where not financial_confirmation and state <> 'canceled')::int as reserved,
        coalesce(sum(coalesce(teaching_minutes, duration_minutes)) filter (where state = 'haveclass'), 0)::int as minutes_held,
        ${epochOf(sql`min(start_at) filter (where state = 'waitingforclass' and start_at > now())`)} as next_session_start
      from ${classroomSessions} where classroom_id = ${classroomId}`,
  );
  return row!;
}

/** The rooms of the live classes. */
export async function classNumbers(q: Queryable) {
  const rows = await q
    .selectDistinct({ n: classrooms.classroomNumber })
    .from(classrooms)
    .where(sql`${classrooms.classroomNumber} is not null and ${classrooms.state} <> 'Deleted'`)
    .orderBy(classrooms.classroomNumber);
  return rows.map((r) => r.n!);
}

/** Names of the classes that use a course (they keep it from being deleted). */
export async function classroomNamesUsingSpecification(q: Queryable, specificationId: string) {
  const rows = await q
    .select({ name: classrooms.classroomName })
    .from(classroomSpecifications)
    .innerJoin(classrooms, eq(classrooms.classroomId, classroomSpecifications.classroomId))
    .where(eq(classroomSpecifications.specificationId, specificationId))
    .orderBy(asc(classrooms.classroomName))
    .limit(10);
  return rows.map((r) => r.name);
}

/** Teacher, assistant and students of classrooms, with the classroom's name: whom an event concerns. */
export async function concernedPeople(q: Queryable, classroomIds: readonly string[]) {
  const rows = await selectRows<{ classroomId: string; classroomName: string; userKeys: string[] }>(
    q,
    sql`select classrooms.classroom_id, classrooms.classroom_name,
        array_remove(array[classrooms.teacher_key, classrooms.assistant_key], null)
          || coalesce((select array_agg(st.student_key order by st.student_key) from classroom_students st where st.classroom_id = classrooms.classroom_id), '{}') as user_keys
      from ${classrooms} where classrooms.classroom_id = ${anyUuid([...new Set(classroomIds)])}`,
  );
  return new Map(
    rows.map((r) => [
      r.classroomId,
      { name: r.classroomName, userKeys: [...new Set(r.userKeys.map(String))] },
    ]),
  );
}

// ————————————————————————————————————————————— writes

type ClassroomColumns = typeof classrooms.$inferInsert;
/** What a classroom is: set when created, changed by edits. */
type ClassroomFacts = Pick<
  ClassroomColumns,
  | 'classroomName'
  | 'classroomLevel'
  | 'classroomType'
  | 'classroomNumber'
  | 'meetingLink'
  | 'lessonType'
  | 'teacherKey'
  | 'assistantKey'
  | 'state'
>;

export type NewClassroom = ClassroomFacts & Pick<ClassroomColumns, 'createdBy'>;

export async function insertClassroom(q: Queryable, values: NewClassroom): Promise<string> {
  const [row] = await q.insert(classrooms).values(values).returning({ classroomId: classrooms.classroomId });
  return row!.classroomId;
}

export type ClassroomChanges = Partial<ClassroomFacts & Pick<ClassroomColumns, 'archived'>>;

export async function updateClassroom(q: Queryable, classroomId: string, changes: ClassroomChanges) {
  await q
    .update(classrooms)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(classrooms.classroomId, classroomId));
}

export async function deleteClassroom(q: Queryable, classroomId: string) {
  await q.delete(classrooms).where(eq(classrooms.classroomId, classroomId));
}

export async function insertStudents(q: Queryable, classroomId: string, studentKeys: readonly string[]) {
  if (!studentKeys.length) return;
  await q.insert(classroomStudents).values(studentKeys.map((studentKey) => ({ classroomId, studentKey })));
}

export async function deleteStudent(q: Queryable, classroomId: string, studentKey: string) {
  await q
    .delete(classroomStudents)
    .where(and(eq(classroomStudents.classroomId, classroomId), eq(classroomStudents.studentKey, studentKey)));
}

/** Lesson copies of a class, placed after its `from` existing lessons. */
export async function insertLessons(
  q: Queryable,
  classroomId: string,
  lessons: readonly z.output<typeof classroomLessonInput>[],
  from: number,
) {
  if (!lessons.length) return;
  await q.insert(classroomLessons).values(
    lessons.map((l, i) => ({
      classroomId,
      lessonName: l.lessonName,
      lessonTitle: l.lessonTitle,
      lessonSubTitle: l.lessonSubTitle,
      lessonLevel: l.lessonLevel,
      teachingLessonTimeInHour: l.teachingLessonTimeInHour.toFixed(2),
      description: l.description,
      position: from + i,
    })),
  );
}

/** Removes a lesson and takes it out of the sessions' taught lessons. */
export async function deleteLesson(q: Queryable, classroomId: string, classroomLessonId: string) {
  await q.delete(classroomLessons).where(eq(classroomLessons.classroomLessonId, classroomLessonId));
  await q
    .update(classroomSessions)
    .set({
      taughtLessonIds: sql`array_remove(${classroomSessions.taughtLessonIds}, ${classroomLessonId}::uuid)`,
    })
    .where(
      and(
        eq(classroomSessions.classroomId, classroomId),
        sql`${classroomSessions.taughtLessonIds} @> array[${classroomLessonId}]::uuid[]`,
      ),
    );
}

/** Adds courses; a class waiting for its first course becomes Active. */
export async function addSpecifications(q: Queryable, classroomId: string, ids: readonly string[]) {
  if (!ids.length) return;
  await q
    .insert(classroomSpecifications)
    .values(ids.map((specificationId) => ({ classroomId, specificationId })))
    .onConflictDoNothing();
  await q
    .update(classrooms)
    .set({ state: 'Active', updatedAt: new Date() })
    .where(and(eq(classrooms.classroomId, classroomId), eq(classrooms.state, 'WaitingForAddCourse')));
}

/** Removes courses; an Active class left without any waits for a course again. */
export async function removeSpecifications(q: Queryable, classroomId: string, ids: readonly string[]) {
  await q
    .delete(classroomSpecifications)
    .where(
      and(
        eq(classroomSpecifications.classroomId, classroomId),
        sql`${classroomSpecifications.specificationId} = ${anyUuid(ids)}`,
      ),
    );
  await q
    .update(classrooms)
    .set({ state: 'WaitingForAddCourse', updatedAt: new Date() })
    .where(
      and(
        eq(classrooms.classroomId, classroomId),
        eq(classrooms.state, 'Active'),
        sql`not exists (select 1 from classroom_specifications spec where spec.classroom_id = ${classroomId})`,
      ),
    );
}
