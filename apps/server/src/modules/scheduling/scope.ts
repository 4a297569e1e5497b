import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Permission, reachesAllClassrooms, roleScopes } from '@tutoria/shared';
import { classrooms } from '../../db/schema/scheduling.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { people } from '../users/users.module.ts';

/** The caller's reach as a condition on the columns of `classrooms` (undefined: every classroom). */
function reach(user: SessionUser): SQL | undefined {
  const me = user.publicKey;
  const conditions: SQL[] = [];
  switch (roleScopes[user.role].classrooms) {
    case 'all':
      break;
    case 'teachesOrAssists':
      conditions.push(sql`(${classrooms.teacherKey} = ${me} or ${classrooms.assistantKey} = ${me})`);
      break;
    case 'enrolled':
      conditions.push(
        sql`exists (select 1 from classroom_students scope_st where scope_st.classroom_id = ${classrooms.classroomId} and scope_st.student_key = ${me})`,
      );
      break;
    case 'consultees':
      conditions.push(
        sql`exists (select 1 from classroom_students scope_st join ${people} scope_p on scope_p.public_key = scope_st.student_key
          where scope_st.classroom_id = ${classrooms.classroomId} and scope_p.consultant_key = ${me})`,
      );
      break;
  }
  if (!user.permissions.has('classes.readDeleted')) conditions.push(sql`${classrooms.state} <> 'Deleted'`);
  return conditions.length ? sql.join(conditions, sql` and `) : undefined;
}

/**
 * Which classrooms a caller reaches (DESIGN §6, `roleScopes[role].classrooms` in packages/shared):
 * every one, those they teach or assist, those they sit in, or those of their consultees; disabled
 * (Deleted) ones only with `classes.readDeleted`. The answer is a condition on a classroom id
 * expression — `classrooms.classroom_id` by default, or any other area's `classroom_id` column
 * (homework, exams, finance scope the same way) — added to every query, so out-of-scope rows never
 * load. Undefined: no condition.
 */
export function classroomScopeOf(
  user: SessionUser,
  classroomId: SQLWrapper = classrooms.classroomId,
): SQL | undefined {
  const condition = reach(user);
  if (!condition || classroomId === classrooms.classroomId) return condition;
  return sql`exists (select 1 from ${classrooms} where ${classrooms.classroomId} = ${classroomId} and ${condition})`;
}

/** Whether the caller reaches every classroom (their role is not narrowed to some). */
export const reachesEveryClassroom = (user: SessionUser) => reachesAllClassrooms(user.role);

export function has(user: SessionUser, permission: Permission): boolean {
  return user.permissions.has(permission);
}

/**
 * Which side a schedule change comes from (DESIGN §7): a scheduling admin's change clears the
 * teacher's confirmation of changes and the other way round.
 */
export function changeFlags(user: SessionUser) {
  const admin = has(user, 'timetable.manageAll') || has(user, 'classes.manage');
  return { changesConfirmedBySchedulingAdmin: admin, changesConfirmedByTeacher: !admin };
}
export type ChangeFlags = ReturnType<typeof changeFlags>;

/**
 * The teacher whose timetable a caller acts on: any teacher with `timetable.manageAll`, only their
 * own with `timetable.manageOwn`. Another teacher's timetable answers as if it did not exist.
 */
export function timetableTarget(user: SessionUser, teacherKey: string | undefined): string {
  if (has(user, 'timetable.manageAll')) {
    if (teacherKey) return teacherKey;
    if (user.role === 'Teacher') return user.publicKey;
    throw new AppError('FAILED_VALIDATION', {
      fields: [{ field: 'teacherPublicKey', key: 'selectTeacher' }],
    });
  }
  if (has(user, 'timetable.manageOwn')) {
    if (teacherKey && teacherKey !== user.publicKey) throw new AppError('FETCH_DATA_FAILED');
    return user.publicKey;
  }
  throw new AppError('ACCESS_DENIED');
}
