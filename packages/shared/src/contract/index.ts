import { authContract } from './auth.ts';
import { classesContract } from './classes.ts';
import type { Endpoint } from './define.ts';
// finance (issue 11)
import { depositsContract, pricesContract } from './finance.ts';
import { lessonsContract } from './lessons.ts';
import { notificationsContract } from './notifications.ts';
import { specificationsContract } from './specifications.ts';
import { systemContract } from './system.ts';
import { timetableContract } from './timetable.ts';
import { usersContract } from './users.ts';
// academic records (issue 10)
import { academicContract } from './academic.ts';
// progress stage: course plans and applications (issue 12)
import { progressContract } from './progress.ts';
// finance: transfers (issue 11)
import { transfersContract } from './transfers.ts';
// session reports and parent report links (issue 10, acad-parent)
import { sessionReportContract } from './academic.ts';
// finance: teacher fees, teacher salary, side costs (issue 11, fin-fees)
import {
  debtorsContract,
  sideCostsContract,
  teacherFeesContract,
  teacherSalaryContract,
} from './finance-fees.ts';
// academic reports (issue 10)
import { reportsContract } from './reports.ts';
// surveys (issue 12)
import { surveysContract } from './surveys.ts';
// homework files (issue 10, hw-files)
import { homeworkFilesContract } from './homework-files.ts';
// notification channels (issue 12, channels)
import { notificationChannelsContract } from './notification-channels.ts';
// fin-export: finance exports, guide for create, the student's transfers (issue 11)
import { financeExportsContract } from './finance-exports.ts';
// deposit receipts (issue 11, receipt)
import { depositReceiptsContract } from './deposit-receipts.ts';
// failed background work and the centre's export (issue 33)
import { operationsContract } from './operations.ts';
// backups (issue 33)
import { backupsContract } from './backups.ts';
// a student's page (issue 31)
import { studentPageContract } from './student-page.ts';
// teacher settlements (issue 28)
import { settlementsContract } from './settlements.ts';
// contracts (issue 28)
import { contractsContract } from './contracts.ts';
// the financial report (issue 28)
import { financialReportContract } from './financial-report.ts';
// profit per class and per consultant (issue 28)
import { profitContract } from './profit.ts';
// the dashboard (issue 29)
import { dashboardContract } from './dashboard.ts';

// calendar feeds (issue 29)
import { calendarContract } from './calendar.ts';
// the teaching-hours report (issue 29)
import { teachingHoursContract } from './teaching-hours.ts';
// roll-call reports (issue 29)
import { rollCallContract } from './roll-call.ts';
// exam scores compared between classes (issue 29)
import { examScoresContract } from './exam-scores.ts';
// homework completion and teacher workload (issue 29)
import { homeworkCompletionContract } from './homework-completion.ts';
import { teacherWorkloadContract } from './teacher-workload.ts';

// SPEC §7's calls and the entries serving them, checked against the contract by a test (issue 26)
export { type SpecCall, specCalls } from './spec-spellings.ts';

/** Every endpoint the product serves (DESIGN §3). A route that is not here does not exist. */
export const contract = {
  system: systemContract,
  // calendar feeds (issue 29)
  calendar: calendarContract,
  auth: authContract,
  timetable: timetableContract,
  classes: classesContract,
  users: usersContract,
  lessons: lessonsContract,
  specifications: specificationsContract,
  // Notifications (issue 12)
  notifications: notificationsContract,
  // finance (issue 11)
  deposits: depositsContract,
  prices: pricesContract,
  // academic records (issue 10)
  academic: academicContract,
  // progress stage: course plans and applications (issue 12)
  progress: progressContract,
  // finance: transfers (issue 11)
  transfers: transfersContract,
  // session reports and parent report links (issue 10, acad-parent)
  sessionReports: sessionReportContract,
  // finance: teacher fees, teacher salary, side costs (issue 11, fin-fees)
  teacherFees: teacherFeesContract,
  teacherSalary: teacherSalaryContract,
  sideCosts: sideCostsContract,
  debtors: debtorsContract,
  // academic reports (issue 10)
  reports: reportsContract,
  // surveys (issue 12)
  surveys: surveysContract,
  // homework files (issue 10, hw-files)
  homeworkFiles: homeworkFilesContract,
  // notification channels (issue 12, channels)
  notificationChannels: notificationChannelsContract,
  // fin-export
  financeExports: financeExportsContract,
  // deposit receipts (issue 11, receipt)
  depositReceipts: depositReceiptsContract,
  // failed background work and the centre's export (issue 33)
  operations: operationsContract,
  // backups (issue 33)
  backups: backupsContract,
  // a student's page (issue 31)
  studentPage: studentPageContract,
  // teacher settlements (issue 28)
  settlements: settlementsContract,
  // contracts (issue 28)
  contracts: contractsContract,
  // the financial report (issue 28)
  financialReport: financialReportContract,
  // profit per class and per consultant (issue 28)
  profit: profitContract,
  // the dashboard (issue 29)
  dashboard: dashboardContract,
  // the teaching-hours report (issue 29)
  teachingHours: teachingHoursContract,
  // roll-call reports (issue 29)
  rollCall: rollCallContract,
  // exam scores compared between classes (issue 29)
  examScores: examScoresContract,
  // homework completion and teacher workload (issue 29)
  homeworkCompletion: homeworkCompletionContract,
  teacherWorkload: teacherWorkloadContract,
};

export const allEndpoints: readonly Endpoint[] = Object.values(contract).flatMap(
  (area) => Object.values(area) as Endpoint[],
);
