import { type SQL, sql } from 'drizzle-orm';
import type { Permission } from '@tutoria/shared';
import { classroomStudents, users } from '../../db/schema/index.ts';

const c = (column: string) => sql.raw(`"classrooms"."${column}"`);
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';

/**
 * Who sees which classroom (DESIGN §6): a Teacher the classes they teach (or assist), an
 * AssistantTeacher those they assist, a Student their own, an AcademicConsultant their students';
 * every other role with `classes.read` sees all. Disabled (Deleted) classes only with `classes.readDeleted`.
 * The answer is a condition on `classrooms`, added to every query, so out-of-scope rows never load.
 */
export function classroomScope(user: SessionUser): SQL | undefined {
  const me = user.publicKey;
  const conditions: SQL[] = [];
  switch (user.role) {
    case 'Teacher':
    case 'AssistantTeacher':
      conditions.push(sql`(${c('teacher_key')} = ${me} or ${c('assistant_key')} = ${me})`);
      break;
    case 'Student':
      conditions.push(
        sql`exists (select 1 from ${classroomStudents} where ${classroomStudents.classroomId} = ${c('classroom_id')} and ${classroomStudents.studentKey} = ${me})`,
      );
      break;
    case 'AcademicConsultant':
      conditions.push(
        sql`exists (select 1 from ${classroomStudents} join ${users} on ${users.publicKey} = ${classroomStudents.studentKey} where ${classroomStudents.classroomId} = ${c('classroom_id')} and ${users.consultantKey} = ${me})`,
      );
      break;
    default:
      break;
  }
  if (!user.permissions.has('classes.readDeleted')) conditions.push(sql`${c('state')} <> 'Deleted'`);
  return conditions.length ? sql.join(conditions, sql` and `) : undefined;
}

/** Whether the caller may act on any record regardless of scope (role not narrowed). */
export function isUnscoped(user: SessionUser): boolean {
  return !['Teacher', 'AssistantTeacher', 'Student', 'AcademicConsultant'].includes(user.role);
}

export function has(user: SessionUser, permission: Permission): boolean {
  return user.permissions.has(permission);
}

/**
 * Which side a schedule change comes from (DESIGN §7): a scheduling admin's change clears the
 * teacher's confirmation of changes and the other way round.
 */
export function changeSide(user: SessionUser): 'admin' | 'teacher' {
  return has(user, 'timetable.manageAll') || has(user, 'classes.manage') ? 'admin' : 'teacher';
}

export function changeFlags(user: SessionUser) {
  const admin = changeSide(user) === 'admin';
  return { changesConfirmedBySchedulingAdmin: admin, changesConfirmedByTeacher: !admin };
}

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
