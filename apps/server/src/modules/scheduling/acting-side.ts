/** Which side of a schedule change a caller acts for, and whose timetable they act on (DESIGN §7). */
import type { Permission } from '@tutoria/shared';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';

/** Whether the caller holds a permission. */
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
