import { roleScopes, type StudentPageSection, type StudentPageSections } from '@tutoria/shared';
import type { SessionUser } from '../../http/fastify-types.ts';

/**
 * Which sections of a student's page a caller may see (issue 31), from the permissions each
 * section's own screens need today — the reach policy then says of which students:
 * - week: `classes.read`; academic: `reports.read` (a teacher: only the classes they teach);
 * - money: `finance.read` for staff whose reach is not for teaching (a teacher or assistant never
 *   sees money), or the student's own (`deposits.readOwn`);
 * - progress: `coursePlans.read`, or the student's own (`coursePlans.readOwn`);
 * - surveys (participation only): who guides the student (`coursePlans.read`) or runs the surveys
 *   (`surveys.manage`), or the student themself (`surveys.answer`);
 * - logins: staff with `users.read` whose reach is not for teaching; never on the student's own page.
 */
export function sectionsFor(user: SessionUser): StudentPageSections {
  const has = (permission: Parameters<SessionUser['permissions']['has']>[0]) => user.permissions.has(permission);
  const own = roleScopes[user.role].students === 'self';
  const teaching = roleScopes[user.role].students === 'classrooms';
  return {
    week: has('classes.read'),
    academic: has('reports.read'),
    money: own ? has('deposits.readOwn') : has('finance.read') && !teaching,
    progress: own ? has('coursePlans.readOwn') : has('coursePlans.read'),
    surveys: own ? has('surveys.answer') : has('coursePlans.read') || has('surveys.manage'),
    logins: !own && !teaching && has('users.read'),
  };
}

export type { StudentPageSection };
