import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  classroomLessons,
  classrooms,
  classroomSessions,
  classroomSpecifications,
  classroomStudents,
  sessionPresences,
  specifications,
  users,
} from '../../db/schema/index.ts';
import { inList, rowsOf } from './sql.ts';

/**
 * `classrooms.<column>` always table-qualified: inside a select list drizzle renders a bare column
 * name, which a correlated subquery would resolve to its own table's column of the same name.
 */
export const c = (column: string) => sql.raw(`"classrooms"."${column}"`);

/** Finished is derived: an Active class whose last live session has ended (DESIGN §7, docs/decisions.md). */
export const classroomStateSql = sql<string>`case when ${c('state')} = 'Active' and ${c('last_session_end')} is not null and ${c('last_session_end')} < now() then 'Finished' else ${c('state')} end`;

export const teacherNameSql = sql<string>`(select tu.full_name from users tu where tu.public_key = ${c('teacher_key')})`;

export const studentsJsonSql = sql<
  { publicKey: string; fullName: string }[]
>`coalesce((select json_agg(json_build_object('publicKey', su.public_key, 'fullName', su.full_name) order by su.full_name)
  from classroom_students sst join users su on su.public_key = sst.student_key where sst.classroom_id = ${c('classroom_id')}), '[]'::json)`;

const epochOrNull = (expression: SQL) => sql<number | null>`floor(extract(epoch from ${expression}))::float8`;

/** The columns of a class list row, computed per page row (a page is at most a few hundred rows). */
export const classroomRowFields = {
  classroomId: classrooms.classroomId,
  classroomName: classrooms.classroomName,
  classroomLevel: classrooms.classroomLevel,
  classroomType: classrooms.classroomType,
  classroomNumber: classrooms.classroomNumber,
  lessonType: classrooms.lessonType,
  state: classroomStateSql,
  archived: classrooms.archived,
  teacherPublicKey: classrooms.teacherKey,
  teacherName: teacherNameSql,
  students: studentsJsonSql,
  sessionCount: sql<number>`(select count(*)::int from classroom_sessions cnt where cnt.classroom_id = ${c('classroom_id')} and cnt.state <> 'canceled')`,
  nextSessionStart: epochOrNull(
    sql`(select min(nx.start_at) from classroom_sessions nx where nx.classroom_id = ${c('classroom_id')} and nx.state = 'waitingforclass' and nx.start_at > now())`,
  ),
  lastSessionEnd: epochOrNull(c('last_session_end')),
  createMoment: classrooms.createMoment,
};

export async function findClassroom(q: Queryable, classroomId: string, scope: SQL | undefined) {
  const [row] = await q
    .select({
      ...classroomRowFields,
      storedState: classrooms.state,
      assistantKey: classrooms.assistantKey,
      assistantName: sql<
        string | null
      >`(select au.full_name from users au where au.public_key = ${c('assistant_key')})`,
    })
    .from(classrooms)
    .where(and(eq(classrooms.classroomId, classroomId), scope))
    .limit(1);
  return row;
}
export type ClassroomRecord = NonNullable<Awaited<ReturnType<typeof findClassroom>>>;

export async function studentsOf(q: Queryable, classroomId: string) {
  return q
    .select({
      studentPublicKey: users.publicKey,
      studentName: users.fullName,
      consultantPublicKey: users.consultantKey,
    })
    .from(classroomStudents)
    .innerJoin(users, eq(users.publicKey, classroomStudents.studentKey))
    .where(eq(classroomStudents.classroomId, classroomId))
    .orderBy(asc(users.fullName), asc(users.publicKey));
}

export async function lessonsOf(q: Queryable, classroomId: string) {
  return q
    .select()
    .from(classroomLessons)
    .where(eq(classroomLessons.classroomId, classroomId))
    .orderBy(asc(classroomLessons.position));
}

export async function specificationsOf(q: Queryable, classroomId: string) {
  return q
    .select({
      specificationId: specifications.specificationId,
      title: specifications.title,
      level: specifications.level,
    })
    .from(classroomSpecifications)
    .innerJoin(specifications, eq(specifications.specificationId, classroomSpecifications.specificationId))
    .where(eq(classroomSpecifications.classroomId, classroomId))
    .orderBy(asc(specifications.title));
}

export type SessionRecord = typeof classroomSessions.$inferSelect;

export async function sessionsOf(q: Queryable, classroomId: string, extra?: SQL) {
  return q
    .select()
    .from(classroomSessions)
    .where(and(eq(classroomSessions.classroomId, classroomId), extra))
    .orderBy(asc(classroomSessions.startAt), asc(classroomSessions.sessionId));
}

export async function presencesOf(q: Queryable, sessionIds: readonly string[]) {
  if (!sessionIds.length) return [];
  return q
    .select({
      sessionId: sessionPresences.sessionId,
      studentPublicKey: sessionPresences.studentKey,
      studentName: users.fullName,
      isPresent: sessionPresences.isPresent,
      feedback: sessionPresences.feedback,
    })
    .from(sessionPresences)
    .innerJoin(users, eq(users.publicKey, sessionPresences.studentKey))
    .where(inArray(sessionPresences.sessionId, [...sessionIds]))
    .orderBy(asc(users.fullName));
}

/** A session with its classroom, if the classroom is in the caller's scope. */
export async function findSession(q: Queryable, sessionId: string, scope: SQL | undefined, lock = false) {
  const query = q
    .select({
      session: classroomSessions,
      classroomName: classrooms.classroomName,
      classroomState: classrooms.state,
      archived: classrooms.archived,
      classroomTeacherKey: classrooms.teacherKey,
      classroomNumber: classrooms.classroomNumber,
    })
    .from(classroomSessions)
    .innerJoin(classrooms, eq(classrooms.classroomId, classroomSessions.classroomId))
    .where(and(eq(classroomSessions.sessionId, sessionId), scope))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: classroomSessions }) : await query;
  return row;
}

export async function existingSpecificationIds(q: Queryable, ids: readonly string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await q
    .select({ id: specifications.specificationId })
    .from(specifications)
    .where(inArray(specifications.specificationId, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export interface BusyRow {
  session_id: string;
  classroom_id: string;
  classroom_name: string;
  classroom_number: string | null;
  start_at: Date | string;
  end_at: Date | string;
  student_key?: string;
  student_name?: string;
}

const ts = (seconds: number) => sql`to_timestamp(${seconds}::float8)`;

export async function busyStudents(
  q: Queryable,
  keys: readonly string[],
  start: number,
  end: number,
  exceptClassroomId?: string,
) {
  if (!keys.length) return [];
  return rowsOf<BusyRow>(
    q,
    sql`select cs.session_id, c.classroom_id, c.classroom_name, cs.classroom_number, cs.start_at, cs.end_at, st.student_key, u.full_name as student_name
      from classroom_students st
      join classroom_sessions cs on cs.classroom_id = st.classroom_id
      join classrooms c on c.classroom_id = cs.classroom_id
      join users u on u.public_key = st.student_key
      where st.student_key in (${inList(keys)}) and cs.state <> 'canceled' and c.state <> 'Deleted'
        and cs.start_at < ${ts(end)} and cs.end_at > ${ts(start)}
        ${exceptClassroomId ? sql`and c.classroom_id <> ${exceptClassroomId}` : sql``}
      order by cs.start_at, u.full_name`,
  );
}

export async function busyRooms(
  q: Queryable,
  room: string | undefined,
  start: number,
  end: number,
  exceptClassroomId?: string,
) {
  return rowsOf<BusyRow>(
    q,
    sql`select cs.session_id, c.classroom_id, c.classroom_name, cs.classroom_number, cs.start_at, cs.end_at
      from classroom_sessions cs join classrooms c on c.classroom_id = cs.classroom_id
      where cs.classroom_number ${room ? sql`= ${room}` : sql`is not null`} and cs.state <> 'canceled' and c.state <> 'Deleted'
        and cs.start_at < ${ts(end)} and cs.end_at > ${ts(start)}
        ${exceptClassroomId ? sql`and c.classroom_id <> ${exceptClassroomId}` : sql``}
      order by cs.start_at`,
  );
}

export async function classNumbers(q: Queryable) {
  const rows = await rowsOf<{ n: string }>(
    q,
    sql`select distinct classroom_number as n from classrooms where classroom_number is not null and state <> 'Deleted' order by 1`,
  );
  return rows.map((r) => r.n);
}

export async function timesState(q: Queryable, classroomId: string) {
  const [row] = await rowsOf<Record<string, number | null>>(
    q,
    sql`select count(*)::int as total,
        count(*) filter (where state = 'waitingforclass')::int as waitingforclass,
        count(*) filter (where state = 'haveclass')::int as haveclass,
        count(*) filter (where state = 'canceled')::int as canceled,
        count(*) filter (where confirmation = 'noConfirmation' and state <> 'canceled')::int as "noConfirmation",
        count(*) filter (where confirmation = 'confirmedByTeacher')::int as "confirmedByTeacher",
        count(*) filter (where confirmation = 'confirmedByAdmin')::int as "confirmedByAdmin",
        count(*) filter (where not financial_confirmation and state <> 'canceled')::int as reserved,
        coalesce(sum(coalesce(teaching_minutes, duration_minutes)) filter (where state = 'haveclass'), 0)::int as "minutesHeld",
        floor(extract(epoch from min(start_at) filter (where state = 'waitingforclass' and start_at > now())))::float8 as "nextSessionStart"
      from classroom_sessions where classroom_id = ${classroomId}`,
  );
  return row!;
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
