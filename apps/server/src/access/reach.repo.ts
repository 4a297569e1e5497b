import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { people } from '../db/schema/people.ts';
import { classrooms, classroomStudents } from '../db/schema/scheduling.ts';
import { arrayOf, selectRows } from '../db/sql.ts';

/**
 * The reach policy's queries (docs/architecture.md "Who reaches whom"): sub-queries of student
 * keys, classroom ids and teacher keys that the policy (`reach.ts`) puts together per role. This
 * is the one place that reads across the users and scheduling areas to decide reach; every other
 * area asks the policy. A class is live unless it was disabled (`Deleted`): a disabled class gives
 * its teacher, assistant and students no reach through it.
 */

const liveClass = (alias: SQL) => sql`${alias}.state <> 'Deleted'`;

/** The students whose consultant `me` is. */
export const consulteesOf = (me: string) =>
  sql`select rp.public_key from ${people} rp where rp.consultant_key = ${me}::uuid and rp.role = 'Student'`;

/** The students of the live classes `me` teaches or assists. */
export const studentsTaughtBy = (me: string) =>
  sql`select rs.student_key from ${classroomStudents} rs join ${classrooms} rc on rc.classroom_id = rs.classroom_id
    where ${liveClass(sql`rc`)} and (rc.teacher_key = ${me}::uuid or rc.assistant_key = ${me}::uuid)`;

/** The live classes `me` sits in as a student. */
export const classesOfStudent = (me: string) =>
  sql`select rs.classroom_id from ${classroomStudents} rs join ${classrooms} rc on rc.classroom_id = rs.classroom_id
    where ${liveClass(sql`rc`)} and rs.student_key = ${me}::uuid`;

/** The live classes where one of `me`'s consultees sits. */
export const classesOfConsultees = (me: string) =>
  sql`select rs.classroom_id from ${classroomStudents} rs
    join ${classrooms} rc on rc.classroom_id = rs.classroom_id
    join ${people} rp on rp.public_key = rs.student_key
    where ${liveClass(sql`rc`)} and rp.consultant_key = ${me}::uuid`;

/** The teachers (and assistants) of the live classes picked by `classroomIds`, a sub-query of ids. */
export const teachersOfClasses = (classroomIds: SQL) =>
  sql`select tc.teacher_key from ${classrooms} tc where tc.classroom_id in (${classroomIds})
    union select tc.assistant_key from ${classrooms} tc where tc.classroom_id in (${classroomIds}) and tc.assistant_key is not null`;

/** A condition on the columns of `classrooms` itself: the class is live. */
export const classroomIsLive = sql`${classrooms.state} <> 'Deleted'`;

/** A condition on the columns of `classrooms` itself: `me` teaches or assists it. */
export const classroomTaughtBy = (me: string) =>
  sql`(${classrooms.teacherKey} = ${me}::uuid or ${classrooms.assistantKey} = ${me}::uuid)`;

/** A condition on a classroom id expression, made of a condition on the columns of `classrooms`. */
export const classroomWhere = (classroomId: SQLWrapper, condition: SQL) =>
  sql`exists (select 1 from ${classrooms} where ${classrooms.classroomId} = ${classroomId} and ${condition})`;

/** Which of `keys` satisfy `condition`, a condition on the student key expression `rk.key`. */
export async function keysWhere(q: Queryable, keys: readonly string[], condition: (key: SQL) => SQL) {
  const rows = await selectRows<{ key: string }>(
    q,
    sql`select rk.key from unnest(${arrayOf(keys, 'uuid')}) as rk(key) where ${condition(sql`rk.key`)}`,
  );
  return new Set(rows.map((r) => r.key));
}
