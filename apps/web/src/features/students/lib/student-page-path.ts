import { type CurrentUser, scopeOf } from '@tutoria/shared';
import { paths } from '@/lib/paths';
import { href } from '@/lib/routes';

/** A student as the place naming them knows them. */
export interface NamedStudent {
  publicKey: string;
  /**
   * Their consultant's key, when the place knows it (a class's roster). Absent: the row comes
   * from a list already narrowed to the caller's reach (users, deposits, balances, transfers).
   */
  consultant?: string | null;
}

/**
 * Where a student's name leads (issue 31), or null where the viewer may not open their page: staff
 * to `/admin/panel/users/student/:key` for a student they reach (the scope table of DESIGN §6: a
 * consultant their consultees), the student to their own `/panel/me`, nobody else anywhere.
 */
export function studentPagePath(
  me: Pick<CurrentUser, 'publicKey' | 'role' | 'isAdmin'> | null | undefined,
  student: NamedStudent,
): string | null {
  if (!me) return null;
  const reach = scopeOf(me.role).students;
  if (reach === 'self') return me.publicKey === student.publicKey ? paths.panelMe.path : null;
  if (!me.isAdmin) return null;
  if (reach === 'consultees' && student.consultant !== undefined && student.consultant !== me.publicKey) {
    return null;
  }
  return href('adminStudent', { key: student.publicKey });
}
