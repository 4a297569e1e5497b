/**
 * Roles and permissions (SPEC §6, DESIGN §6). Permissions are `area.action`; each role maps to a
 * set; a user may hold extra permissions on top of the role's. Every contract entry names the
 * permission it needs, and the server checks it on every call.
 */
export const roles = [
  'Admin',
  'FinancialAdmin',
  'SchedulingAdmin',
  'TeamLeader',
  'AcademicConsultant',
  'Teacher',
  'AssistantTeacher',
  'Student',
] as const;
export type Role = (typeof roles)[number];

export const permissionNames = [
  'users.read',
  'users.manage',
  'users.managePermissions',
  'users.readAudit',
  'lessons.read',
  'lessons.manage',
  'classes.read',
  'classes.manage',
  'classes.destroy',
  'classes.readDeleted',
  'timetable.readAll',
  'timetable.manageAll',
  'timetable.manageOwn',
  'sessions.record',
  'sessions.confirmAsTeacher',
  'sessions.confirmAsAdmin',
  'reports.read',
  'notifications.read',
  'notifications.create',
  'coursePlans.read',
  'coursePlans.manage',
  'surveys.manage',
  'surveys.answer',
  'contracts.read',
  'contracts.manage',
  'finance.read',
  'finance.manage',
  'deposits.readOwn',
  'deposits.create',
  'deposits.confirm',
  'deposits.confirmAsConsultant',
  'deposits.confirmAsFinancialAdmin',
  'transfers.confirmAsConsultant',
  'transfers.confirmAsFinancialAdmin',
  'prices.setStudentCost',
  'prices.setTeacherSalary',
  'teacherFees.manage',
  'settlements.readOwn',
  // Notifications (issue 12): everyone's notifications, not only one's own (Admin).
  'notifications.readAll',
  // progress stage (issue 12): a student reads their own course plan and applications.
  'coursePlans.readOwn',
  // parent report links (issue 10): generate, list and revoke links for students in reach.
  'parentLinks.manage',
  // surveys (issue 12): survey reports — a teacher their own, aggregated; with surveys.manage everyone's.
  'surveys.readReport',
  // channels (issue 12): the centre's webhook and the failed e-mail/webhook deliveries (Admin).
  'notifications.manageChannels',
  // issue 33: failed background jobs (list, retry, discard) and the whole centre's export (Admin).
  'jobs.manage',
  'centre.export',
  // backups (issue 33): list the backups and the schedule, back up now (Admin).
  'backups.manage',
  // teacher settlements (issue 28): every teacher's earnings and settlements; make, pay and reverse them.
  'settlements.manage',
  // the dashboard (issue 29): every staff role's day, its figures within the caller's reach.
  'dashboard.read',
  // staff tasks (issue 29): what waits for a staff member (the sidebar's Tasks).
  'tasks.read',
  // calendar feeds (issue 29): a private iCal address of one's own sessions.
  'calendar.readOwn',
  // the centre's reports (issue 29): teaching hours and roll calls, every staff role within its reach.
  'centreReports.read',
] as const;
export type Permission = (typeof permissionNames)[number];

const all = [...permissionNames];

export const rolePermissions: Record<Role, readonly Permission[]> = {
  Admin: all,
  FinancialAdmin: [
    'dashboard.read',
    'centreReports.read',
    // staff tasks (issue 29)
    'tasks.read',
    'users.read',
    'lessons.read',
    'classes.read',
    'reports.read',
    'notifications.read',
    'notifications.create',
    'contracts.read',
    'contracts.manage',
    'finance.read',
    'finance.manage',
    'deposits.create',
    'deposits.confirm',
    'deposits.confirmAsFinancialAdmin',
    'transfers.confirmAsFinancialAdmin',
    'prices.setTeacherSalary',
    'teacherFees.manage',
    // teacher settlements (issue 28)
    'settlements.manage',
  ],
  SchedulingAdmin: [
    'dashboard.read',
    'centreReports.read',
    // staff tasks (issue 29)
    'tasks.read',
    'users.read',
    'lessons.read',
    'lessons.manage',
    'classes.read',
    'classes.manage',
    'timetable.readAll',
    'timetable.manageAll',
    'sessions.record',
    'sessions.confirmAsAdmin',
    'reports.read',
    'notifications.read',
    'notifications.create',
  ],
  TeamLeader: [
    'dashboard.read',
    'centreReports.read',
    // staff tasks (issue 29)
    'tasks.read',
    'users.read',
    'lessons.read',
    'lessons.manage',
    'classes.read',
    'timetable.readAll',
    'reports.read',
    'notifications.read',
    'notifications.create',
    'coursePlans.read',
    'coursePlans.manage',
    'surveys.manage',
    // parent report links (issue 10)
    'parentLinks.manage',
    // surveys (issue 12)
    'surveys.readReport',
  ],
  AcademicConsultant: [
    'dashboard.read',
    'centreReports.read',
    // staff tasks (issue 29)
    'tasks.read',
    'users.read',
    'users.manage',
    'lessons.read',
    'classes.read',
    'reports.read',
    'notifications.read',
    'coursePlans.read',
    'coursePlans.manage',
    'contracts.read',
    'contracts.manage',
    'finance.read',
    'deposits.create',
    'deposits.confirmAsConsultant',
    'transfers.confirmAsConsultant',
    'prices.setStudentCost',
    // parent report links (issue 10)
    'parentLinks.manage',
  ],
  Teacher: [
    'dashboard.read',
    'centreReports.read',
    // staff tasks (issue 29)
    'tasks.read',
    'users.read',
    'lessons.read',
    'classes.read',
    'timetable.manageOwn',
    'sessions.record',
    'sessions.confirmAsTeacher',
    'reports.read',
    'notifications.read',
    'settlements.readOwn',
    // parent report links (issue 10)
    'parentLinks.manage',
    // surveys (issue 12)
    'surveys.readReport',
    // calendar feeds (issue 29)
    'calendar.readOwn',
  ],
  AssistantTeacher: [
    'dashboard.read',
    'centreReports.read',
    // staff tasks (issue 29)
    'tasks.read',
    'users.read',
    'lessons.read',
    'classes.read',
    'sessions.record',
    'reports.read',
    'notifications.read',
    // parent report links (issue 10)
    'parentLinks.manage',
    // calendar feeds (issue 29)
    'calendar.readOwn',
  ],
  Student: [
    'classes.read',
    'reports.read',
    'notifications.read',
    'deposits.readOwn',
    'surveys.answer',
    // progress stage (issue 12)
    'coursePlans.readOwn',
    // calendar feeds (issue 29)
    'calendar.readOwn',
  ],
};

/** Roles whose reach is limited to their own records; the services narrow every query for them. */
export const scopedRoles: readonly Role[] = ['AcademicConsultant', 'Teacher', 'AssistantTeacher', 'Student'];

export function isAdminRole(role: Role): boolean {
  return role !== 'Student';
}

export function permissionsOf(role: Role, extra: readonly string[] = []): Set<Permission> {
  const set = new Set<Permission>(rolePermissions[role]);
  for (const p of extra) if ((permissionNames as readonly string[]).includes(p)) set.add(p as Permission);
  return set;
}

export function can(
  user: { role: Role; extraPermissions?: readonly string[] },
  permission: Permission,
): boolean {
  return permissionsOf(user.role, user.extraPermissions).has(permission);
}
