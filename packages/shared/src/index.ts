export * from './errors.ts';
export * from './prerendered-page.ts';
export * from './messages.ts';
export * from './validation.ts';
export * from './field-labels.ts';
export * from './permissions.ts';
export * from './scope.ts';
export * from './contract/define.ts';
export * from './contract/index.ts';
// Performance (issue 9): each area's contract on its own, so a browser page builds only the
// schemas of the areas it calls (the whole `contract` is for the server, the docs and the tests).
export { academicContract, sessionReportContract } from './contract/academic.ts';
export { classesContract } from './contract/classes.ts';
export { depositReceiptsContract } from './contract/deposit-receipts.ts';
export { financeExportsContract } from './contract/finance-exports.ts';
export {
  debtorsContract,
  sideCostsContract,
  teacherFeesContract,
  teacherSalaryContract,
} from './contract/finance-fees.ts';
export { depositsContract, pricesContract } from './contract/finance.ts';
export { homeworkFilesContract } from './contract/homework-files.ts';
export { lessonsContract } from './contract/lessons.ts';
export { notificationChannelsContract } from './contract/notification-channels.ts';
export { notificationsContract } from './contract/notifications.ts';
export { operationsContract } from './contract/operations.ts';
export { backupsContract } from './contract/backups.ts';
export { studentPageContract } from './contract/student-page.ts';
export { progressContract } from './contract/progress.ts';
// calendar feeds (issue 29)
export { calendarContract } from './contract/calendar.ts';
export { reportsContract } from './contract/reports.ts';
export { specificationsContract } from './contract/specifications.ts';
export { surveysContract } from './contract/surveys.ts';
export { timetableContract } from './contract/timetable.ts';
export { transfersContract } from './contract/transfers.ts';
// teacher settlements (issue 28)
export { settlementsContract } from './contract/settlements.ts';
// contracts (issue 28)
export { contractsContract } from './contract/contracts.ts';
// the dashboard (issue 29)
export { dashboardContract } from './contract/dashboard.ts';
export * from './schemas/dashboard.ts';
// the financial report (issue 28)
export { financialReportContract } from './contract/financial-report.ts';
// profit per class and per consultant (issue 28)
export { profitContract } from './contract/profit.ts';
// the teaching-hours report (issue 29)
export { teachingHoursContract } from './contract/teaching-hours.ts';
// roll-call reports (issue 29)
export { rollCallContract } from './contract/roll-call.ts';
// exam scores compared between classes (issue 29)
export { examScoresContract } from './contract/exam-scores.ts';
// homework completion and teacher workload (issue 29)
export { homeworkCompletionContract } from './contract/homework-completion.ts';
export { teacherWorkloadContract } from './contract/teacher-workload.ts';
export * from './schemas/common.ts';
export * from './schemas/list-query.ts';
export * from './schemas/auth.ts';
export * from './schemas/system.ts';
export * from './domain/password.ts';
export * from './domain/zone-offsets.ts';
export * from './schemas/catalog.ts';
export * from './schemas/users.ts';
export * from './domain/users.ts';
export * from './contract/users.ts';
export * from './schemas/lessons.ts';
export * from './domain/scheduling.ts';
export * from './schemas/scheduling-basics.ts';
export * from './schemas/scheduling.ts';
export * from './schemas/timetable.ts';
// Notifications (issue 12)
export * from './schemas/notifications.ts';
export * from './domain/notification-texts.ts';
// Performance (issue 9): the areas the sign-in page calls, importable without the whole contract,
// so the browser's first page does not carry every area's schemas.
export * from './contract/auth.ts';
export * from './contract/system.ts';
// Zod-free: the routes of those calls, the input-rule texts and the sign-in form's checks.
export * from './contract/auth-routes.ts';
export * from './contract/system-routes.ts';
export * from './rule-messages.ts';
export * from './domain/sign-in.ts';
// finance (issue 11)
export * from './schemas/finance.ts';
// academic records (issue 10)
export * from './schemas/academic.ts';
// progress stage: course plans and applications (issue 12)
export * from './schemas/progress.ts';
// calendar feeds (issue 29)
export * from './schemas/calendar.ts';
// finance: transfers (issue 11)
export * from './schemas/transfers.ts';
// session reports and parent report links (issue 10, acad-parent)
export * from './schemas/session-report.ts';
export * from './domain/parent-language.ts';
// finance: teacher fees, teacher salary, side costs (issue 11, fin-fees)
export * from './schemas/finance-fees.ts';
// academic reports (issue 10)
export * from './schemas/reports.ts';
export * from './domain/percent.ts';
// surveys (issue 12)
export * from './schemas/surveys.ts';
// shared file kinds (hw-files)
export * from './schemas/files.ts';
export * from './schemas/homework-files.ts';
// deposit receipts (issue 11, receipt)
export * from './schemas/deposit-receipts.ts';
// notification channels (issue 12, channels)
export * from './schemas/notification-channels.ts';
// fin-export: finance exports, guide for create (issue 11)
export * from './schemas/finance-exports.ts';
export * from './domain/lesson-hours.ts';
// the centre's currency and its minor units (issue 27)
export * from './domain/money.ts';
// failed background work and the centre's export (issue 33)
export * from './schemas/operations.ts';
// backups (issue 33)
export * from './schemas/backups.ts';
// a student's page (issue 31)
export * from './schemas/student-page.ts';
// teacher settlements (issue 28)
export * from './schemas/settlements.ts';
// contracts (issue 28)
export * from './schemas/contracts.ts';
// the financial report (issue 28)
export * from './schemas/financial-report.ts';
// profit per class and per consultant (issue 28)
export * from './schemas/profit.ts';
// the teaching-hours report (issue 29)
export * from './schemas/teaching-hours.ts';
// roll-call reports (issue 29)
export * from './schemas/roll-call.ts';
// homework completion and teacher workload (issue 29)
export * from './schemas/centre-period.ts';
export * from './schemas/homework-completion.ts';
export * from './schemas/teacher-workload.ts';
export * from './sheet-parts.ts';
// exam scores compared between classes (issue 29)
export * from './schemas/exam-scores.ts';
