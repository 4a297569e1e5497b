import type { Permission, Role } from '../permissions.ts';
import { roleScopes } from '../scope.ts';

/**
 * Who reaches which user records (DESIGN §6, the `students` column of `roleScopes`), used by the server's checks and by the browser to
 * hide what a caller can not do. The server is the authority; the browser only mirrors it.
 *
 * - `all`: Admin, FinancialAdmin, SchedulingAdmin, TeamLeader see every user.
 * - `consultant`: an AcademicConsultant sees the students whose consultant they are, and themself.
 * - `classrooms`: a Teacher or AssistantTeacher sees the students of the classrooms they teach or
 *   assist (read-only), and themself.
 * - `self`: a Student sees only themself.
 * Scoped staff may also list the staff accounts (the staff directory, `ignoreRoleFilter`), read-only.
 */
export type UserScope = 'all' | 'consultant' | 'classrooms' | 'self';

export function userScopeOf(role: Role): UserScope {
  const reach = roleScopes[role].students;
  return reach === 'consultees' ? 'consultant' : reach;
}

export interface UserCaller {
  publicKey: string;
  role: Role;
  permissions: ReadonlySet<Permission> | readonly Permission[];
}

export interface UserTarget {
  publicKey: string;
  role: Role;
  consultant: string | null;
}

const has = (caller: UserCaller, permission: Permission) =>
  caller.permissions instanceof Set
    ? caller.permissions.has(permission)
    : (caller.permissions as readonly Permission[]).includes(permission);

/**
 * Whether the caller may change this user (edit, reset password, archive, disable, delete).
 * Needs `users.manage`; an unscoped manager reaches everyone, a consultant only their own students;
 * only an Admin manages an Admin account.
 */
export function canManageUser(caller: UserCaller, target: UserTarget): boolean {
  if (!has(caller, 'users.manage')) return false;
  if (target.role === 'Admin' && caller.role !== 'Admin') return false;
  const scope = userScopeOf(caller.role);
  if (scope === 'all') return true;
  if (scope === 'consultant') return target.role === 'Student' && target.consultant === caller.publicKey;
  return false;
}

/** Roles a caller may give when creating or editing a user. */
export function assignableRoles(
  caller: Pick<UserCaller, 'role' | 'permissions'>,
  allRoles: readonly Role[],
): Role[] {
  if (!has(caller as UserCaller, 'users.manage')) return [];
  const scope = userScopeOf(caller.role);
  if (scope === 'consultant') return ['Student'];
  if (scope !== 'all') return [];
  return allRoles.filter((r) => r !== 'Admin' || caller.role === 'Admin');
}

/** Only a student has a consultant and a Student profile (SPEC §3). */
export const hasStudentProfile = (role: Role) => role === 'Student';

/** A short browser name from a User-Agent, for the login history (best effort, never trusted). */
export function browserName(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const ua = userAgent;
  const rules: [RegExp, string][] = [
    [/Edg(?:e|A|iOS)?\/([\d]+)/, 'Edge'],
    [/OPR\/([\d]+)/, 'Opera'],
    [/SamsungBrowser\/([\d]+)/, 'Samsung Internet'],
    [/MicroMessenger\/([\d]+)/, 'WeChat'],
    [/Firefox\/([\d]+)/, 'Firefox'],
    [/(?:Chrome|CriOS|Chromium)\/([\d]+)/, 'Chrome'],
    [/Version\/([\d]+).*Safari\//, 'Safari'],
  ];
  for (const [pattern, name] of rules) {
    const match = pattern.exec(ua);
    if (match) return `${name} ${match[1]}`;
  }
  if (/curl|wget|python|node|undici|lightmyrequest/i.test(ua)) return 'Script';
  return 'Other';
}
