import type { ErrorCode, Language, messages } from '@tutoria/shared';
import type enCommon from './en/common.json';
import type enLanding from './en/landing.json';
import type enAuth from './en/auth.json';
import type enUsers from './en/users.json';
import type enDashboard from './en/dashboard.json';
import type enPanel from './en/panel.json';
import type enLessons from './en/lessons.json';
import type enSchedule from './en/schedule.json';
import type enClasses from './en/classes.json';
import type enNotifications from './en/notifications.json';
import type enFinance from './en/finance.json';
import type enAcademic from './en/academic.json';
// surveys (issue 12)
import type enSurveys from './en/surveys.json';
import type zhCommon from './zh/common.json';
import type zhLanding from './zh/landing.json';
import type zhAuth from './zh/auth.json';
import type zhUsers from './zh/users.json';
import type zhDashboard from './zh/dashboard.json';
import type zhPanel from './zh/panel.json';
import type zhLessons from './zh/lessons.json';
import type zhSchedule from './zh/schedule.json';
import type zhClasses from './zh/classes.json';
import type zhNotifications from './zh/notifications.json';
import type zhFinance from './zh/finance.json';
import type zhAcademic from './zh/academic.json';
// progress stage (issue 12)
import type enProgress from './en/progress.json';
import type zhProgress from './zh/progress.json';
// academic reports (issue 10)
import type enReports from './en/reports.json';
import type zhReports from './zh/reports.json';
// surveys (issue 12)
import type zhSurveys from './zh/surveys.json';
// the Admin's settings (issue 33)
import type enSettings from './en/settings.json';
import type zhSettings from './zh/settings.json';
// a student's page (issue 31)
import type enStudents from './en/students.json';
import type zhStudents from './zh/students.json';
// teacher settlements (issue 28)
import type enSettlements from './en/settlements.json';
import type zhSettlements from './zh/settlements.json';
// contracts (issue 28)
import type enContracts from './en/contracts.json';
import type zhContracts from './zh/contracts.json';
// the financial report (issue 28)
import type enFinanceReport from './en/financeReport.json';
import type zhFinanceReport from './zh/financeReport.json';
// profit per class and per consultant (issue 28)
import type enProfit from './en/profit.json';
import type zhProfit from './zh/profit.json';
// staff tasks (issue 29)
import type enTasks from './en/tasks.json';
import type zhTasks from './zh/tasks.json';
// the centre's reports (issue 29)
import type enCentreReports from './en/centreReports.json';
import type zhCentreReports from './zh/centreReports.json';

/**
 * The browser's texts, one namespace per file and language. Nothing here is bundled with the
 * start-up code: each namespace is its own chunk, loaded for the current language when a route
 * that uses it opens (DESIGN §11), so the sign-in page carries no admin texts.
 */
interface EnLocale {
  common: typeof enCommon;
  landing: typeof enLanding;
  auth: typeof enAuth;
  users: typeof enUsers;
  dashboard: typeof enDashboard;
  panel: typeof enPanel;
  lessons: typeof enLessons;
  schedule: typeof enSchedule;
  classes: typeof enClasses;
  notifications: typeof enNotifications;
  finance: typeof enFinance;
  academic: typeof enAcademic;
  // progress stage (issue 12)
  progress: typeof enProgress;
  // academic reports (issue 10)
  reports: typeof enReports;
  // surveys (issue 12)
  surveys: typeof enSurveys;
  // the Admin's settings (issue 33)
  settings: typeof enSettings;
  // a student's page (issue 31)
  students: typeof enStudents;
  // teacher settlements (issue 28)
  settlements: typeof enSettlements;
  // contracts (issue 28)
  contracts: typeof enContracts;
  // the financial report (issue 28)
  financeReport: typeof enFinanceReport;
  // profit per class and per consultant (issue 28)
  profit: typeof enProfit;
  // staff tasks (issue 29)
  tasks: typeof enTasks;
  // the centre's reports (issue 29)
  centreReports: typeof enCentreReports;
}
interface ZhLocale {
  common: typeof zhCommon;
  landing: typeof zhLanding;
  auth: typeof zhAuth;
  users: typeof zhUsers;
  dashboard: typeof zhDashboard;
  panel: typeof zhPanel;
  lessons: typeof zhLessons;
  schedule: typeof zhSchedule;
  classes: typeof zhClasses;
  notifications: typeof zhNotifications;
  finance: typeof zhFinance;
  academic: typeof zhAcademic;
  // progress stage (issue 12)
  progress: typeof zhProgress;
  // academic reports (issue 10)
  reports: typeof zhReports;
  // surveys (issue 12)
  surveys: typeof zhSurveys;
  // the Admin's settings (issue 33)
  settings: typeof zhSettings;
  // a student's page (issue 31)
  students: typeof zhStudents;
  // teacher settlements (issue 28)
  settlements: typeof zhSettlements;
  // contracts (issue 28)
  contracts: typeof zhContracts;
  // the financial report (issue 28)
  financeReport: typeof zhFinanceReport;
  // profit per class and per consultant (issue 28)
  profit: typeof zhProfit;
  // staff tasks (issue 29)
  tasks: typeof zhTasks;
  // the centre's reports (issue 29)
  centreReports: typeof zhCentreReports;
}
// Checked both ways so neither language can miss or add a key.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameKeys: Same<EnLocale, ZhLocale> = true;
void sameKeys;

/** The locale files plus the shared validation texts and error catalogue, so browser and server say the same. */
export type Resources = EnLocale & { messages: (typeof messages)['en']; errors: Record<ErrorCode, string> };
export type Namespace = keyof Resources;

/**
 * What every screen needs from the start: the common texts and error messages. The shared
 * `messages` come with the signed-in layouts (the public pages show none of them).
 */
export const startupNamespaces: Namespace[] = ['common', 'errors'];

export const allNamespaces: Namespace[] = [
  ...startupNamespaces,
  'messages',
  'landing',
  'auth',
  'users',
  'dashboard',
  'panel',
  'lessons',
  'schedule',
  'classes',
  'notifications',
  'finance',
  'academic',
  // progress stage (issue 12)
  'progress',
  // academic reports (issue 10)
  'reports',
  // surveys (issue 12)
  'surveys',
  // the Admin's settings (issue 33)
  'settings',
  // a student's page (issue 31)
  'students',
  // teacher settlements (issue 28)
  'settlements',
  // contracts (issue 28)
  'contracts',
  // the financial report (issue 28)
  'financeReport',
  // profit per class and per consultant (issue 28)
  'profit',
  // staff tasks (issue 29)
  'tasks',
  // the centre's reports (issue 29)
  'centreReports',
];

const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json');

/** One namespace in one language, from its own chunk. */
export async function loadNamespace(language: Language, namespace: string): Promise<Record<string, unknown>> {
  if (namespace === 'errors') return (await import('./error-texts')).errorTexts(language);
  if (namespace === 'messages') return (await import('./message-texts')).messageTexts(language);
  const load = localeFiles[`./${language}/${namespace}.json`];
  if (!load) throw new Error(`No texts for namespace "${namespace}" in ${language}`);
  return (await load()).default;
}
