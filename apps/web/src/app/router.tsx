import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  replace,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths, type TitledRouteKey } from '@/lib/paths';
import { PANEL_UNKNOWN_ROUTE_ID, registerRoutes, type RouteHandle, UNKNOWN_ROUTE_ID } from '@/lib/routes';
import { adminHome, panelHome, requireAdmin, requireGuest, requireSignedIn, staffTo } from './guards';
import type { Namespace } from '@/locales/resources';
import { lazyPage, type PageModule } from './lazy-page';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

/**
 * Each page and layout in its own chunk, so a first visit loads no admin code. Each entry is one
 * `import()` of one module: the build reads them to name each route's files (route-files.ts).
 */
export const load = {
  publicLayout: () => import('./layouts/public-layout').then((m) => m.PublicLayout),
  authLayout: () => import('./layouts/auth-layout').then((m) => m.AuthLayout),
  panelLayout: () => import('./layouts/panel-layout').then((m) => m.PanelLayout),
  adminLayout: () => import('./layouts/admin-layout').then((m) => m.AdminLayout),
  landing: () => import('@/features/public/pages/landing-page').then((m) => m.LandingPage),
  contact: () => import('@/features/public/pages/contact-page').then((m) => m.ContactPage),
  notFound: () => import('@/features/errors/pages/not-found-page').then((m) => m.NotFoundPage),
  login: () => import('@/features/auth/pages/login-page').then((m) => m.LoginPage),
  account: () => import('@/features/auth/pages/account-page').then((m) => m.AccountPage),
  dashboard: () =>
    import('@/features/dashboard/pages/dashboard-page').then((m) => ({
      Component: m.DashboardPage,
      loader: m.dashboardPageLoader,
    })),
  users: () =>
    import('@/features/users/pages/users-page').then((m) => ({
      Component: m.UsersPage,
      loader: m.usersPageLoader,
    })),
  lessons: () =>
    import('@/features/lessons/pages/lessons-page').then((m) => ({
      Component: m.LessonsPage,
      loader: m.lessonsPageLoader,
    })),
  courses: () =>
    import('@/features/courses/pages/courses-page').then((m) => ({
      Component: m.CoursesPage,
      loader: m.coursesPageLoader,
    })),
  schedule: () => import('@/features/schedule/pages/schedule-page').then((m) => m.SchedulePage),
  classTable: () =>
    import('@/features/classes/pages/class-table-page').then((m) => ({
      Component: m.ClassTablePage,
      loader: m.classTablePageLoader,
    })),
  classUpcoming: () =>
    import('@/features/classes/pages/class-upcoming-page').then((m) => m.ClassUpcomingPage),
  classCreate: () => import('@/features/classes/pages/class-create-page').then((m) => m.ClassCreatePage),
  classDetails: () => import('@/features/classes/pages/class-details-page').then((m) => m.ClassDetailsPage),
  panelClasses: () => import('@/features/classes/pages/panel-classes-page').then((m) => m.PanelClassesPage),
  panelUpcoming: () =>
    import('@/features/classes/pages/class-upcoming-page').then((m) => m.PanelUpcomingPage),
  // start pages (issue 27): a teacher's or assistant's home.
  myDay: () => import('@/features/classes/pages/my-day-page').then((m) => m.MyDayPage),
  // staff tasks (issue 29)
  adminTasks: () => import('@/features/tasks/pages/staff-tasks-page').then((m) => m.StaffTasksPage),
  // Notifications (issue 12)
  adminNotifications: () =>
    import('@/features/notifications/pages/notifications-page').then((m) => m.AdminNotificationsPage),
  panelNotifications: () =>
    import('@/features/notifications/pages/notifications-page').then((m) => m.PanelNotificationsPage),
  // finance (issue 11)
  financeDeposit: () => import('@/features/finance/pages/deposits-page').then((m) => m.DepositsPage),
  // academic records (issue 10)
  classStudentRecords: () =>
    import('@/features/academic/pages/student-exams-homeworks-page').then((m) => m.StudentExamsHomeworksPage),
  // progress stage (issue 12)
  adminUserProgressStage: () =>
    import('@/features/progress/pages/progress-stage-page').then((m) => m.ProgressStagePage),
  panelProgressStage: () =>
    import('@/features/progress/pages/my-progress-stage-page').then((m) => m.MyProgressStagePage),
  // finance: transfers (issue 11)
  financeTransfer: () => import('@/features/finance/pages/transfers-page').then((m) => m.TransfersPage),
  // session reports and parent links (issue 10, acad-parent)
  classSessionReport: () =>
    import('@/features/academic/pages/session-report-page').then((m) => m.SessionReportPage),
  panelSessionReport: () =>
    import('@/features/academic/pages/session-report-page').then((m) => m.PanelSessionReportPage),
  parentReport: () => import('@/features/academic/pages/parent-report-page').then((m) => m.ParentReportPage),
  // finance: teacher fees (issue 11, fin-fees)
  financeFee: () =>
    import('@/features/finance/pages/teacher-fees-page').then((m) => ({
      Component: m.TeacherFeesPage,
      loader: m.teacherFeesPageLoader,
    })),
  financeDebtors: () => import('@/features/finance/pages/debtors-page').then((m) => m.DebtorsPage),
  // academic reports (issue 10): the student's to-dos and report, and staff's view of a student's report.
  studentTasks: () => import('@/features/academic/pages/student-tasks-page').then((m) => m.StudentTasksPage),
  studentReports: () =>
    import('@/features/academic/pages/student-reports-page').then((m) => m.StudentReportsPage),
  userReport: () => import('@/features/academic/pages/user-report-page').then((m) => m.UserReportPage),
  // surveys (issue 12)
  adminSurveys: () => import('@/features/surveys/pages/surveys-page').then((m) => m.SurveysPage),
  panelSurveys: () => import('@/features/surveys/pages/panel-survey-page').then((m) => m.PanelSurveyPage),
  // a student's page (issue 31): staff's view of a student, and the student's own.
  adminStudent: () => import('@/features/students/pages/student-page').then((m) => m.AdminStudentPage),
  panelMe: () => import('@/features/students/pages/student-page').then((m) => m.OwnStudentPage),
  // teacher settlements (issue 28): the finance page and a teacher's own earnings.
  financeSettlement: () =>
    import('@/features/finance/pages/settlements-page').then((m) => ({
      Component: m.SettlementsPage,
      loader: m.settlementsPageLoader,
    })),
  myEarnings: () => import('@/features/finance/pages/my-earnings-page').then((m) => m.MyEarningsPage),
  // side costs (issue 28): every student's side costs per class
  financeSideCosts: () =>
    import('@/features/finance/pages/side-costs-page').then((m) => ({
      Component: m.SideCostsPage,
      loader: m.sideCostsPageLoader,
    })),
  // the financial report (issue 28)
  financeReport: () =>
    import('@/features/finance/pages/financial-report-page').then((m) => m.FinancialReportPage),
  // contracts (issue 28)
  adminContract: () =>
    import('@/features/finance/pages/contracts-page').then((m) => ({
      Component: m.ContractsPage,
      loader: m.contractsPageLoader,
    })),
  // profit per class and per consultant (issue 28)
  financeProfit: () =>
    import('@/features/finance/pages/profit-page').then((m) => ({
      Component: m.ProfitPage,
      loader: m.profitPageLoader,
    })),
  // the centre's reports (issue 29)
  adminReports: () => import('@/features/centre-reports/pages/reports-page').then((m) => m.ReportsPage),
  // the Admin's settings (issue 33)
  adminSettings: () =>
    import('@/features/settings/pages/settings-page').then((m) => ({
      Component: m.SettingsPage,
      loader: m.settingsPageLoader,
    })),
};

/** The text namespaces each page and layout needs beyond the start-up ones (DESIGN §11). */
const texts = {
  landing: ['landing'],
  auth: ['auth'],
  panel: ['panel'],
  dashboard: ['dashboard'],
  users: ['users'],
  lessons: ['lessons'],
  schedule: ['schedule'],
  classes: ['classes'],
  // Notifications (issue 12): the bell and its toast sit in both signed-in layouts.
  notifications: ['notifications'],
  // finance (issue 11): its pages, the class details' money section and the student's payments.
  finance: ['finance'],
  // academic records (issue 10): its pages and the session records drawer in class details.
  academic: ['academic'],
  // progress stage (issue 12)
  progress: ['progress'],
  // performance (issue 9): the shared messages (empty lists…) with both signed-in layouts, off the public pages.
  signedIn: ['messages'],
  // academic reports (issue 10): the report and tasks pages (exam kinds and forms come from academic).
  reports: ['reports', 'academic'],
  // surveys (issue 12)
  surveys: ['surveys'],
  // the Admin's settings (issue 33)
  settings: ['settings'],
  // a student's page (issue 31): its calendar's buttons, money states and the course plan's cards;
  // the student's own page also holds their calendar feed (issue 29, settings' texts).
  students: ['students', 'schedule', 'finance', 'progress', 'settings'],
  // teacher settlements (issue 28): their own texts, and finance's (tabs, shared labels).
  settlements: ['settlements', 'finance'],
  // contracts (issue 28): their own texts, and finance's (contract types, the payment form).
  contracts: ['contracts', 'finance'],
  // the financial report (issue 28): its own texts, and finance's (tabs, payment methods, export menu).
  financeReport: ['financeReport', 'finance'],
  // profit per class and per consultant (issue 28): its own texts, and finance's (tabs, form footer).
  profit: ['profit', 'finance'],
  // staff tasks (issue 29)
  tasks: ['tasks'],
  // the centre's reports (issue 29)
  centreReports: ['centreReports'],
} satisfies Record<string, Namespace[]>;

/** A titled page route: its id is the route name of SPEC §2. */
function page(
  key: TitledRouteKey,
  loadPage: () => Promise<ComponentType | PageModule>,
  namespaces: Namespace[] = [],
): RouteObject {
  return {
    id: paths[key].name,
    path: paths[key].path,
    handle: { title: key } satisfies RouteHandle,
    lazy: lazyPage(loadPage, namespaces),
  };
}

/** The signed-in guards check the session again on a move to another page, not on a list's new filters. */
const onOtherPage: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;

/**
 * A student's page (issue 31) asks for its overview and this week beside its code, not after it:
 * the loader is the route's own (a `lazy` page's loader would run only once its chunk is in).
 */
const studentPageLoader = (args: LoaderFunctionArgs) =>
  import('@/features/students/api/student-page-loader').then((m) => m.studentPageLoader(args));

/** A student's classes and money, and their own report, asked for beside the page's code, the same way (issue 30). */
const panelClassesLoader = () =>
  import('@/features/classes/api/panel-classes-loader').then((m) => m.panelClassesLoader());
const studentReportLoader = () =>
  import('@/features/academic/api/student-report-loader').then((m) => m.studentReportLoader());

/** A route that only forwards elsewhere; `element: null` says it renders nothing on purpose. */
function forward(loader: NonNullable<RouteObject['loader']>) {
  return { loader, element: null };
}

/**
 * All routes (SPEC §2). Admin and finance areas are registered here as they are built; the sidebar
 * shows an entry only once its path resolves to a registered page.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    children: [
      {
        id: 'public',
        lazy: lazyPage(load.publicLayout, texts.landing),
        children: [
          page('landing', load.landing, texts.landing),
          page('contact', load.contact, texts.landing),
          page('notFound', load.notFound),
        ],
      },
      {
        id: paths.auth.name,
        path: paths.auth.path,
        loader: requireGuest,
        lazy: lazyPage(load.authLayout, texts.auth),
        children: [
          { index: true, ...forward(() => replace(paths.authLogin.path)) },
          page('authLogin', load.login, texts.auth),
        ],
      },
      {
        id: paths.panel.name,
        path: paths.panel.path,
        loader: requireSignedIn,
        shouldRevalidate: onOtherPage,
        lazy: lazyPage(load.panelLayout, [...texts.panel, ...texts.notifications, ...texts.signedIn]),
        children: [
          { index: true, ...forward(panelHome) },
          // Staff opening a student page go to its admin equivalent (issue #13).
          // academic reports (issue 10): the to-dos (where /panel lands) and the main report.
          { ...page('reportTasks', load.studentTasks, texts.reports), loader: staffTo() },
          {
            ...page('panelReports', load.studentReports, texts.reports),
            loader: staffTo(paths.admin.path, studentReportLoader),
          },
          {
            ...page('panelClasses', load.panelClasses, [...texts.classes, ...texts.finance]),
            loader: staffTo(paths.classTable.path, panelClassesLoader),
          },
          {
            ...page('panelProgressStage', load.panelProgressStage, [...texts.panel, ...texts.progress]),
            loader: staffTo(),
          },
          {
            ...page('panelUpcoming', load.panelUpcoming, [...texts.classes, ...texts.academic]),
            loader: staffTo(paths.classUpcoming.path),
          },
          {
            ...page('panelNotifications', load.panelNotifications, texts.notifications),
            loader: staffTo(paths.adminNotifications.path),
          },
          { ...page('panelAccount', load.account, texts.auth), loader: staffTo(paths.adminAccount.path) },
          // a student's page (issue 31): staff have none of their own.
          {
            ...page('panelMe', load.panelMe, texts.students),
            loader: staffTo(paths.admin.path, studentPageLoader),
          },
          // session reports (issue 10, acad-parent): a student's own report of a session.
          // Staff read a session's report from its row in the sessions list.
          {
            ...page('panelSessionReport', load.panelSessionReport, texts.academic),
            loader: staffTo(paths.classUpcoming.path),
          },
          // surveys (issue 12)
          {
            ...page('panelSurveys', load.panelSurveys, texts.surveys),
            loader: staffTo(paths.adminSurveys.path),
          },
          // SPEC §2: an unknown panel path shows the not-found page inside the panel.
          {
            id: PANEL_UNKNOWN_ROUTE_ID,
            path: `${paths.panel.path}/*`,
            handle: { title: 'notFound' } satisfies RouteHandle,
            lazy: lazyPage(load.notFound),
          },
        ],
      },
      {
        id: paths.admin.name,
        path: paths.admin.path,
        loader: requireAdmin,
        shouldRevalidate: onOtherPage,
        lazy: lazyPage(load.adminLayout, [...texts.notifications, ...texts.signedIn]),
        children: [
          // start pages (issue 27): each role's home.
          { index: true, ...forward(adminHome) },
          { id: paths.adminPanel.name, path: paths.adminPanel.path, ...forward(adminHome) },
          page('adminDashboard', load.dashboard, texts.dashboard),
          page('myDay', load.myDay, [...texts.classes, ...texts.academic]),
          // staff tasks (issue 29): a static path, ranked above the reports' `:key?`.
          page('adminTasks', load.adminTasks, texts.tasks),
          page('adminUsers', load.users, texts.users),
          page('adminLessons', load.lessons, texts.lessons),
          page('adminCourses', load.courses, texts.lessons),
          page('adminSchedule', load.schedule, texts.schedule),
          page('teacherSchedule', load.schedule, texts.schedule),
          page('classTable', load.classTable, texts.classes),
          page('classUpcoming', load.classUpcoming, [...texts.classes, ...texts.academic]),
          page('classCreate', load.classCreate, texts.classes),
          page('classDetails', load.classDetails, [
            ...texts.classes,
            ...texts.finance,
            ...texts.academic,
            ...texts.reports,
          ]),
          page('classStudentRecords', load.classStudentRecords, texts.academic),
          page('adminAccount', load.account, texts.auth),
          page('adminNotifications', load.adminNotifications, texts.notifications),
          // finance (issue 11): /admin/finance opens its default, the deposits.
          {
            id: paths.finance.name,
            path: paths.finance.path,
            ...forward(() => replace(paths.financeDeposit.path)),
          },
          page('financeDeposit', load.financeDeposit, texts.finance),
          // progress stage (issue 12)
          page('adminUserProgressStage', load.adminUserProgressStage, texts.progress),
          // a student's page (issue 31)
          { ...page('adminStudent', load.adminStudent, texts.students), loader: studentPageLoader },
          // finance: transfers (issue 11)
          page('financeTransfer', load.financeTransfer, texts.finance),
          // session reports (issue 10, acad-parent)
          page('classSessionReport', load.classSessionReport, texts.academic),
          // finance: teacher fees (issue 11, fin-fees)
          page('financeFee', load.financeFee, texts.finance),
          page('financeDebtors', load.financeDebtors, texts.finance),
          // academic reports (issue 10): a student's report for staff (users table row menu).
          page('adminUserReport', load.userReport, texts.reports),
          // surveys (issue 12)
          page('adminSurveys', load.adminSurveys, texts.surveys),
          // the Admin's settings (issue 33)
          page('adminSettings', load.adminSettings, texts.settings),
          // teacher settlements (issue 28)
          page('financeSettlement', load.financeSettlement, texts.settlements),
          page('myEarnings', load.myEarnings, texts.settlements),
          // side costs (issue 28)
          page('financeSideCosts', load.financeSideCosts, texts.finance),
          // the financial report (issue 28)
          page('financeReport', load.financeReport, texts.financeReport),
          // contracts (issue 28)
          page('adminContract', load.adminContract, texts.contracts),
          // profit per class and per consultant (issue 28)
          page('financeProfit', load.financeProfit, texts.profit),
          // the centre's reports (issue 29)
          page('adminReports', load.adminReports, texts.centreReports),
        ],
      },
      // session reports (issue 10, acad-parent): the parent's page opens without sign-in, outside the
      // public layout (its own header); /parent/report without an id is not found (issue 26).
      page('parentReport', load.parentReport, texts.academic),
      // Replacing (not pushing) keeps the unknown path out of history, so Go Back leaves the 404 page.
      { id: UNKNOWN_ROUTE_ID, path: '*', ...forward(() => replace(paths.notFound.path)) },
    ],
  },
];

export function createAppRouter() {
  registerRoutes(routes);
  return createBrowserRouter(routes);
}
