import type { ReadEntry } from './harness.ts';
import { academicReads } from './table-academic.ts';
import { financeReads } from './table-finance.ts';
import { peopleReads } from './table-people.ts';
import { reportReads } from './table-reports.ts';
import { schedulingReads } from './table-scheduling.ts';
// a student's page (issue 31)
import { studentReads } from './table-students.ts';
// the teaching-hours report (issue 29)
import { centreReportReads } from './table-centre-reports.ts';
// homework completion and teacher workload (issue 29)
import { homeworkWorkloadReads } from './table-homework-workload.ts';

/** Every read the row test walks, by area. */
export const readTables: Record<string, readonly ReadEntry[]> = {
  scheduling: schedulingReads,
  academic: academicReads,
  reports: reportReads,
  finance: financeReads,
  people: peopleReads,
  // a student's page (issue 31)
  students: studentReads,
  // the teaching-hours report (issue 29)
  centreReports: centreReportReads,
  // homework completion and teacher workload (issue 29)
  homeworkWorkload: homeworkWorkloadReads,
};

const publicByTicket =
  'public, opened by a one-use ticket or a secret id: who reaches the record is checked when the link is made (the *Link entries, walked)';
const catalogue = 'the centre’s catalogue (lessons, courses), the same rows for every caller';
const settlementManagers =
  'teacher pay: only settlements.manage may call it (FinancialAdmin, Admin), who reach every teacher; no narrower caller to tell apart';

/**
 * Read entries with no per-record rows to tell callers apart, each with why. Anything else a caller
 * reads is in a table above: a new read endpoint fails the completeness check until it is one or the other.
 */
export const excludedReads: Record<string, string> = {
  'system.health': 'the server’s health: no records',
  'system.clientConfig': 'the browser’s start-up settings, the same for everyone',
  'auth.getUser': 'the caller’s own profile',
  'auth.isAdmin': 'whether the caller is staff',
  'auth.permissionsPerRole': 'the role → permissions map, the same for everyone',
  'users.image': 'public: a picture by its unguessable server-made name',
  'lessons.list': catalogue,
  'lessons.titles': catalogue,
  'lessons.names': catalogue,
  'specifications.list': catalogue,
  'specifications.evaluationTests': catalogue,
  'specifications.courseFileLink': 'a link to a course’s file: the catalogue’s, nobody’s record',
  'specifications.downloadCourseFile': publicByTicket,
  'academic.downloadHomeworkFile': publicByTicket,
  'deposits.downloadReceipt': publicByTicket,
  // contracts (issue 28)
  'contracts.downloadFile': publicByTicket,
  'progress.downloadExport': publicByTicket,
  'academic.parentReport': publicByTicket,
  // calendar feeds (issue 29)
  'calendar.mine': 'whether the caller has an address of their own feed: no one else’s rows',
  'calendar.feed':
    'public, opened by a secret token: the holder’s reach of the subject is checked when the address is made and again at every fetch (calendar.api.test.ts)',
  'classes.classNumbers': 'the room numbers in use: rooms, not a class’s or a student’s rows',
  // issue 30: the schedule's teacher filter
  'timetable.teachers':
    'the active teachers’ names and lesson names, for timetable.readAll, who read every teacher’s week (getForAdmin): no class’s or student’s rows',
  'notifications.streamTicket': 'a ticket for the caller’s own live stream',
  'notifications.stream':
    'public, opened by that ticket: the caller’s own notifications as they come (ownList reads them)',
  'notificationChannels.choices': 'the caller’s own channel choices',
  'notificationChannels.webhook': 'the centre’s webhook settings (Admin only)',
  'notificationChannels.failures':
    'failed deliveries: only the Admin may call it (notifications.manageChannels), who reaches every row; no narrower caller to tell apart',
  // issue 33
  'operations.failedJobs':
    'failed background jobs: only the Admin may call it (jobs.manage), who reaches every row; no narrower caller to tell apart',
  'operations.exportCentre':
    'the whole centre, every table: only the Admin may call it (centre.export), by design every row',
  // backups (issue 33)
  'backups.overview': 'the backup files and schedule: only the Admin may call it (backups.manage); no student rows',
  'surveys.questions': 'the survey’s questions: a catalogue',
  'surveys.rounds':
    'the survey calendar: the same rounds for everyone who may read reports (the report is walked)',
  'progress.myExportLink': 'a link to the caller’s own plan, which progress.mine reads (walked)',
  // teacher settlements (issue 28): only settlements.manage may call these (FinancialAdmin, Admin),
  // who reach every teacher's money; a Teacher reads their own through settlements.own and
  // settlements.myEarnings (walked)
  // the dashboard (issue 29)
  'dashboard.get':
    'counts and sums only, no record of anyone: every figure per role and scope (a teacher, an assistant, a consultant, the admins) is checked exactly in dashboard.api.test.ts',
  'settlements.guide': settlementManagers,
  'settlements.groupGuide': settlementManagers,
  'settlements.teacherSum': settlementManagers,
  'settlements.allTeachersSum': settlementManagers,
  'settlements.classroomBalance': settlementManagers,
  'settlements.teacherReport': settlementManagers,
  'settlements.history': settlementManagers,
  'settlements.monthlyHours': settlementManagers,
  // issue 28: the settlements and teachers' balance exports (finance only)
  'financeExports.settlements': settlementManagers,
  'financeExports.teachersBalance': settlementManagers,
  // the financial report (issue 28): the whole centre's money, only settlements.manage (FinancialAdmin,
  // Admin), the same figures for every caller who may call it
  'financialReport.report': settlementManagers,
  'financialReport.export': settlementManagers,
  // profit per class and per consultant (issue 28): teacher pay is in every figure, so only
  // settlements.manage may call them (FinancialAdmin, Admin), who reach every class and consultant
  'profit.classes': settlementManagers,
  'profit.classSessions': settlementManagers,
  'profit.consultants': settlementManagers,
  'profit.consultantClasses': settlementManagers,
  // staff tasks (issue 29)
  'reports.staffTasks':
    'counts only, no rows: each count is narrowed by the reach policy and checked exactly per role and scope in tasks.api.test.ts',
};

/** POST entries that change something; every other POST is a read, walked or excluded above. */
export const postCommands: readonly string[] = [
  'auth.login',
  'auth.renew',
  'auth.logout',
  'timetable.addAvailableTimes',
  'classes.create',
  'users.register',
  'users.uploadImage',
  'users.requestPhoneVerify',
  'users.verifyPhone',
  'users.oneTimePassword',
  'users.oneTimePasswordLogin',
  'lessons.create',
  'specifications.create',
  'specifications.uploadCourseFiles',
  'notifications.create',
  'deposits.create',
  'deposits.uploadReceipt',
  'progress.upsertCoursePlan',
  'progress.upsertApplication',
  'transfers.create',
  'academic.createParentLink',
  'academic.uploadHomeworkFiles',
  'teacherFees.upsert',
  'surveys.createQuestion',
  'surveys.openRound',
  'notificationChannels.testWebhook',
  // issue 33: queues a failed job again
  'operations.retryJob',
  // backups (issue 33): makes a backup file
  'backups.create',
  // teacher settlements (issue 28): make (and pay) one settlement, or a group of them
  'settlements.create',
  'settlements.groupCreate',
  // contracts (issue 28): record a contract, attach its file
  'contracts.create',
  'contracts.uploadFile',
  // calendar feeds (issue 29): make a new feed address (the old one stops)
  'calendar.resetMine',
  'calendar.teacherFeed',
];
