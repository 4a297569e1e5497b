import { type SQL, sql } from 'drizzle-orm';
import { roleScopes } from '@tutoria/shared';
import { people } from '../../db/schema/people.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { classroomMembers, classroomsView } from '../scheduling/scheduling.module.ts';

/**
 * Which students' academic records a caller reaches (`roleScopes[role].students`, DESIGN §6), as
 * one SQL condition on a student key expression: every student, the caller's consultees, the
 * students of the live classes they teach or assist, or only themselves. Undefined: no condition.
 */
export function studentReach(user: SessionUser, studentKey: SQL): SQL | undefined {
  const me = user.publicKey;
  switch (roleScopes[user.role].students) {
    case 'all':
      return undefined;
    case 'consultees':
      return sql`exists (select 1 from ${people} reach_p where reach_p.public_key = ${studentKey} and reach_p.consultant_key = ${me})`;
    case 'classrooms':
      return sql`exists (select 1 from ${classroomMembers} reach_cs join ${classroomsView} reach_c on reach_c.classroom_id = reach_cs.classroom_id
        where reach_cs.student_key = ${studentKey} and (reach_c.teacher_key = ${me} or reach_c.assistant_key = ${me}))`;
    case 'self':
      return sql`${studentKey} = ${me}::uuid`;
  }
}

/** `studentReach` of one given student key. */
export const studentKeyReach = (user: SessionUser, studentKey: string) => studentReach(user, sql`${studentKey}::uuid`);
