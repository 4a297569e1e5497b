import type { CurrentUser, Role } from '@tutoria/shared';

/**
 * Every route of SPEC §2 with its name. Keys double as page-title keys (`common:titles.<key>`);
 * a route is only served once the router registers it.
 */
export const paths = {
  landing: { name: 'landing', path: '/' },
  contact: { name: 'contact', path: '/contact-us' },
  notFound: { name: '404', path: '/404' },
  auth: { name: 'auth', path: '/auth' },
  authLogin: { name: 'auth.login', path: '/auth/login' },
  parentReport: { name: 'parent.report', path: '/parent/report/:reportId' },
  panel: { name: 'panel', path: '/panel' },
  // academic reports (issue 10): /panel lands on the to-dos; the main report is /panel/reports.
  reportTasks: { name: 'report.tasks', path: '/panel/tasks' },
  panelReports: { name: 'report.main', path: '/panel/reports' },
  panelClasses: { name: 'panel.classes', path: '/panel/classes' },
  panelProgressStage: { name: 'panel.progressStage', path: '/panel/progressStage' },
  panelUpcoming: { name: 'panel.upcoming', path: '/panel/upcoming' },
  panelNotifications: { name: 'panel.notifications', path: '/panel/notifications' },
  panelAccount: { name: 'panel.account', path: '/panel/account' },
  // a student's page (issue 31): the student's own; staff open a student's at adminStudent.
  panelMe: { name: 'panel.me', path: '/panel/me' },
  admin: { name: 'admin', path: '/admin' },
  adminPanel: { name: 'admin.panel', path: '/admin/panel' },
  adminDashboard: { name: 'admin.dashboard', path: '/admin/panel/dashboard' },
  // start pages (issue 27): a teacher's or assistant's home, their sessions ahead and to record.
  myDay: { name: 'admin.myDay', path: '/admin/panel/my-day' },
  adminUsers: { name: 'admin.users', path: '/admin/panel/users' },
  adminUserReport: { name: 'admin.users.report', path: '/admin/panel/users/report/:key' },
  adminUserProgressStage: { name: 'admin.users.progressStage', path: '/admin/panel/users/progressStage/:id' },
  adminStudent: { name: 'admin.users.student', path: '/admin/panel/users/student/:key' },
  adminLessons: { name: 'admin.lessons', path: '/admin/panel/lessons' },
  adminCourses: { name: 'admin.courses', path: '/admin/panel/courses' },
  adminReports: { name: 'admin.reports', path: '/admin/panel/reports/:key?' },
  // staff tasks (issue 29): its own static path, ranked above the reports' `:key?`.
  adminTasks: { name: 'admin.tasks', path: '/admin/panel/reports/tasks' },
  adminSchedule: { name: 'admin.adminSchedule', path: '/admin/panel/adminSchedule' },
  teacherSchedule: { name: 'admin.teacherSchedule', path: '/admin/panel/teacherSchedule' },
  classTable: { name: 'admin.class.table', path: '/admin/panel/class/table' },
  classUpcoming: { name: 'admin.class.upcoming', path: '/admin/panel/class/upcoming' },
  classCreate: { name: 'admin.class.create', path: '/admin/panel/class/create' },
  classDetails: { name: 'admin.class.details', path: '/admin/panel/class/:id' },
  classStudentRecords: {
    name: 'admin.class.student',
    path: '/admin/panel/class/:id/student/:student_id/exams-homeworks',
  },
  adminNotifications: { name: 'admin.notifications', path: '/admin/panel/notifications' },
  adminContract: { name: 'admin.contract', path: '/admin/panel/contract' },
  adminAccount: { name: 'admin.account', path: '/admin/panel/account' },
  finance: { name: 'finance', path: '/admin/finance' },
  financeDeposit: { name: 'finance.deposit', path: '/admin/finance/deposit' },
  financeSettlement: { name: 'finance.settlement', path: '/admin/finance/settlement' },
  financeTransfer: { name: 'finance.transfer', path: '/admin/finance/transfer' },
  financeFee: { name: 'finance.fee', path: '/admin/finance/fee' },
  // session reports (issue 10, acad-parent): staff read one student's report of a session; a student their own.
  classSessionReport: {
    name: 'admin.class.sessionReport',
    path: '/admin/panel/class/:id/session/:sessionId/report/:student_id',
  },
  panelSessionReport: { name: 'panel.sessionReport', path: '/panel/sessions/:sessionId/report' },
  // finance: debtor students (issue 11, fin-fees)
  financeDebtors: { name: 'finance.debtors', path: '/admin/finance/debtors' },
  // finance: every student's side costs (issue 28)
  financeSideCosts: { name: 'finance.sideCosts', path: '/admin/finance/side-costs' },
  // profit per class and per consultant (issue 28)
  financeProfit: { name: 'finance.profit', path: '/admin/finance/profit' },
  // surveys (issue 12): the student's survey and the admin panel's surveys (questions, rounds, report).
  panelSurveys: { name: 'panel.surveys', path: '/panel/surveys' },
  adminSurveys: { name: 'admin.surveys', path: '/admin/panel/surveys' },
  // the Admin's settings (issue 33): failed background work, the centre's export.
  adminSettings: { name: 'admin.settings', path: '/admin/panel/settings' },
  // teacher settlements (issue 28): a teacher's own earnings and settlements.
  myEarnings: { name: 'admin.myEarnings', path: '/admin/panel/my-earnings' },
  // the financial report (issue 28)
  financeReport: { name: 'finance.report', path: '/admin/finance/report' },
} as const;

export type RouteKey = keyof typeof paths;

/** Route keys that have a page title of their own (redirect-only routes have none). */
export type TitledRouteKey = Exclude<RouteKey, 'auth' | 'panel' | 'admin' | 'adminPanel' | 'finance'>;

export function loginHref(redirectTo?: string): string {
  return redirectTo
    ? `${paths.authLogin.path}?redirect=${encodeURIComponent(redirectTo)}`
    : paths.authLogin.path;
}

/** Whether a signed-in user may open a path: the admin area needs a staff account (SPEC §6). */
export function canOpen(user: Pick<CurrentUser, 'isAdmin'>, path: string): boolean {
  const inAdmin = path === paths.admin.path || path.startsWith(`${paths.admin.path}/`);
  return !inAdmin || user.isAdmin;
}

/** A `redirect` query is followed only to an in-app page the user may open (no open redirects). */
function safeRedirect(target: string | null, user: Pick<CurrentUser, 'isAdmin'>): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (target.startsWith(paths.auth.path)) return null;
  return canOpen(user, target) ? target : null;
}

/**
 * Each role's home, the page it works from (issue 27), until the reports issue builds a dashboard
 * per role: the filters are those pages' URL params (a filtered list is a link).
 */
const homes: Record<Role, string> = {
  Admin: paths.adminDashboard.path,
  TeamLeader: paths.adminDashboard.path,
  FinancialAdmin: `${paths.financeDeposit.path}?state=waiting`,
  SchedulingAdmin: paths.adminSchedule.path,
  AcademicConsultant: `${paths.adminUsers.path}?role=Student`,
  Teacher: paths.myDay.path,
  AssistantTeacher: paths.myDay.path,
  Student: paths.reportTasks.path,
};

export function homePath(user: Pick<CurrentUser, 'role'>): string {
  return homes[user.role];
}

/** Where a sign-in leads: the page asked for in `redirect` if the user may open it, else their home. */
export function signedInTarget(
  redirectTo: string | null,
  user: Pick<CurrentUser, 'isAdmin' | 'role'>,
): string {
  return safeRedirect(redirectTo, user) ?? homePath(user);
}
