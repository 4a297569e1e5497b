import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { classrooms, classroomStudents } from '../../db/schema/scheduling.ts';
import type { OwnedRecordsCheck } from '../users/users.module.ts';

/**
 * What the users module needs to know about classrooms (DESIGN §6), offered by this module so
 * users never reads scheduling tables itself.
 */

/** The students a Teacher or AssistantTeacher reaches through their live classrooms, as a subquery of keys. */
export function classroomStudentsOf(staffKey: string): SQL {
  return sql`select ${classroomStudents.studentKey} from ${classroomStudents}
    inner join ${classrooms} on ${classrooms.classroomId} = ${classroomStudents.classroomId}
    where ${and(or(eq(classrooms.teacherKey, staffKey), eq(classrooms.assistantKey, staffKey)), ne(classrooms.state, 'Deleted'))}`;
}

/** A teacher who teaches, or a student who sits in, any classroom owns records: archive them instead. */
export const classroomOwnership: OwnedRecordsCheck = async (q: Queryable, user) => {
  const owned =
    user.role === 'Student'
      ? await q.$count(classroomStudents, eq(classroomStudents.studentKey, user.publicKey))
      : await q.$count(
          classrooms,
          or(eq(classrooms.teacherKey, user.publicKey), eq(classrooms.assistantKey, user.publicKey)),
        );
  return owned > 0 ? 'recordClassrooms' : null;
};
