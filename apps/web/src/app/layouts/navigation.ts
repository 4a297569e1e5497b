import {
  IconBell,
  IconBook,
  IconBooks,
  IconCalendarCheck,
  IconCalendarTime,
  IconChalkboard,
  IconChartBar,
  IconChecklist,
  IconClockHour4,
  IconCoin,
  IconFileText,
  IconLayoutDashboard,
  IconMessageStar,
  IconReportAnalytics,
  IconSettings,
  IconRoute,
  IconId,
  IconUserCircle,
  IconUsers,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import type { CurrentUser, Permission, Role } from '@tutoria/shared';
import type { ComponentType } from 'react';
import { SurveyPendingBadge } from '@/features/surveys';
import { StaffTasksBadge } from '@/features/tasks';
import { paths } from '@/lib/paths';
import { href, isRouteBuilt } from '@/lib/routes';

type NavKey =
  | 'myDay'
  | 'dashboard'
  | 'users'
  | 'lessons'
  | 'courses'
  | 'tasks'
  | 'reports'
  | 'schedule'
  | 'classRoom'
  | 'upcoming'
  | 'notifications'
  | 'finance'
  | 'contract'
  | 'classes'
  | 'progressStage'
  | 'account'
  // a student's page (issue 31): the student's own
  | 'me'
  // surveys (issue 12)
  | 'surveys'
  // the Admin's settings (issue 33)
  | 'settings'
  // teacher settlements (issue 28): a teacher's own earnings
  | 'earnings';

export interface NavEntry {
  key: NavKey;
  path: string;
  /** Needed to see the entry; `null` for what every signed-in user has. */
  permission: Permission | null;
  /** Only for these roles (a role's home, issue 27); every role when absent. */
  roles?: readonly Role[];
  icon: Icon;
  /** Shown at the entry's end (a count waiting for the user). */
  badge?: ComponentType;
}

/** The admin sidebar of SPEC §2 (logout is the shell's own entry). Schedule has one row per timetable view. */
export const adminNav: readonly NavEntry[] = [
  // start pages (issue 27): the home of those who teach, their sessions ahead and to record.
  {
    key: 'myDay',
    path: paths.myDay.path,
    permission: 'classes.read',
    roles: ['Teacher', 'AssistantTeacher'],
    icon: IconCalendarCheck,
  },
  {
    key: 'dashboard',
    path: paths.adminDashboard.path,
    // Every staff role's day (issue 29), each figure within the caller's reach.
    permission: 'dashboard.read',
    icon: IconLayoutDashboard,
  },
  { key: 'users', path: paths.adminUsers.path, permission: 'users.read', icon: IconUsers },
  { key: 'lessons', path: paths.adminLessons.path, permission: 'lessons.read', icon: IconBook },
  { key: 'courses', path: paths.adminCourses.path, permission: 'lessons.read', icon: IconBooks },
  // staff tasks (issue 29): what waits for the caller, with the count as a badge.
  {
    key: 'tasks',
    path: paths.adminTasks.path,
    permission: 'tasks.read',
    icon: IconChecklist,
    badge: StaffTasksBadge,
  },
  { key: 'reports', path: href('adminReports'), permission: 'centreReports.read', icon: IconChartBar },
  {
    key: 'schedule',
    path: paths.adminSchedule.path,
    permission: 'timetable.readAll',
    icon: IconCalendarTime,
  },
  {
    key: 'schedule',
    path: paths.teacherSchedule.path,
    permission: 'timetable.manageOwn',
    icon: IconCalendarTime,
  },
  { key: 'classRoom', path: paths.classTable.path, permission: 'classes.read', icon: IconChalkboard },
  { key: 'upcoming', path: paths.classUpcoming.path, permission: 'classes.read', icon: IconClockHour4 },
  {
    key: 'notifications',
    path: paths.adminNotifications.path,
    permission: 'notifications.read',
    icon: IconBell,
  },
  { key: 'finance', path: paths.financeDeposit.path, permission: 'finance.read', icon: IconWallet },
  // teacher settlements (issue 28): the financial admin lands on the settlements if finance has no other page for them.
  { key: 'finance', path: paths.financeSettlement.path, permission: 'settlements.manage', icon: IconWallet },
  // teacher settlements (issue 28): a teacher's own sessions held, hours, earned, paid and unpaid.
  {
    key: 'earnings',
    path: paths.myEarnings.path,
    permission: 'settlements.readOwn',
    roles: ['Teacher'],
    icon: IconCoin,
  },
  { key: 'contract', path: paths.adminContract.path, permission: 'contracts.read', icon: IconFileText },
  // surveys (issue 12): staff manage them and read every report; a teacher reads their own.
  { key: 'surveys', path: paths.adminSurveys.path, permission: 'surveys.manage', icon: IconMessageStar },
  { key: 'surveys', path: paths.adminSurveys.path, permission: 'surveys.readReport', icon: IconMessageStar },
  // the Admin's settings (issue 33): failed background work and the centre's export.
  { key: 'settings', path: paths.adminSettings.path, permission: 'jobs.manage', icon: IconSettings },
  { key: 'settings', path: paths.adminSettings.path, permission: 'centre.export', icon: IconSettings },
  // calendar feeds (issue 29): a teacher's or assistant's own feed address
  { key: 'settings', path: paths.adminSettings.path, permission: 'calendar.readOwn', icon: IconSettings },
  { key: 'account', path: paths.adminAccount.path, permission: null, icon: IconUserCircle },
];

/** The student panel (SPEC §2); signed-in routes need only a session. */
export const panelNav: readonly NavEntry[] = [
  { key: 'tasks', path: paths.reportTasks.path, permission: null, icon: IconChecklist },
  // a student's page (issue 31): their profile, classes, week, money and records on one page.
  { key: 'me', path: paths.panelMe.path, permission: null, icon: IconId },
  { key: 'reports', path: paths.panelReports.path, permission: null, icon: IconReportAnalytics },
  { key: 'classes', path: paths.panelClasses.path, permission: null, icon: IconChalkboard },
  {
    key: 'progressStage',
    path: paths.panelProgressStage.path,
    permission: 'coursePlans.readOwn',
    icon: IconRoute,
  },
  { key: 'upcoming', path: paths.panelUpcoming.path, permission: null, icon: IconClockHour4 },
  { key: 'notifications', path: paths.panelNotifications.path, permission: null, icon: IconBell },
  // surveys (issue 12): with a badge while a round is open and unanswered.
  {
    key: 'surveys',
    path: paths.panelSurveys.path,
    permission: 'surveys.answer',
    icon: IconMessageStar,
    badge: SurveyPendingBadge,
  },
  { key: 'account', path: paths.panelAccount.path, permission: null, icon: IconUserCircle },
];

/** Entries the user may use and whose area is built; the first allowed row of a key wins. */
export function visibleEntries(entries: readonly NavEntry[], user: CurrentUser): NavEntry[] {
  const seen = new Set<NavKey>();
  return entries.filter((entry) => {
    if (seen.has(entry.key)) return false;
    if (entry.permission && !user.permissions.includes(entry.permission)) return false;
    if (entry.roles && !entry.roles.includes(user.role)) return false;
    if (!isRouteBuilt(entry.path)) return false;
    seen.add(entry.key);
    return true;
  });
}
