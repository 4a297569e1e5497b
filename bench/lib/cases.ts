import { largeKey } from '../../apps/server/src/seed/large.ts';
// the roll call over a period (issue 29)
import { rollCallCases } from './cases-rollcall.ts';
import { examReportCases } from './cases-exams.ts';
// homework completion and teacher workload (issue 29)
import { homeworkWorkloadCases } from './cases-homework.ts';
import {
  contractCases,
  financeCases,
  financialReportCases,
  profitCases,
  settlementCases,
  sideCostCases,
} from './cases-finance.ts';

/** One benchmarked request: the product endpoint as the browser calls it (signed, with a token). */
export interface BenchCase {
  name: string;
  title: string;
  method: 'GET' | 'POST';
  /** Path under /api/v1, with its query string. */
  path: string;
  body?: unknown;
}

const DAY = 86_400;

/** Monday 00:00 UTC of this week, in epoch seconds (the week every date bench reads). */
function thisWeek(): { start: number; end: number } {
  const now = new Date();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) / 1000;
  const start = midnight - ((now.getUTCDay() + 6) % 7) * DAY;
  return { start, end: start + 7 * DAY };
}

/** The lists and heavy reads of issue #9 on the `seed:large` centre, signed in as `admin`. */
export function benchCases(): BenchCase[] {
  const week = thisWeek();
  return [
    {
      name: 'users-list',
      title: 'users list, name search',
      method: 'POST',
      path: 'user/all',
      body: {
        page: { index: 1, size: 20 },
        where: [[{ column: 'fullName', comparison: 'Contains', operand: 'chen' }]],
      },
    },
    ...usersPageCases(),
    {
      name: 'class-table',
      title: 'class table page 1, teacher filter',
      method: 'POST',
      path: 'classRoom/getAllClassRooms',
      body: {
        page: { index: 1, size: 20 },
        where: [[{ column: 'teacherPublicKey', comparison: 'Equal', operand: largeKey('teacher', 1) }]],
      },
    },
    {
      name: 'sessions-week',
      title: 'GetAllClassroomsFilteredByDate, one week',
      method: 'POST',
      path: 'GetAllClassroomsFilteredByDate',
      body: { start: week.start, end: week.end, page: { index: 1, size: 50 } },
    },
    {
      name: 'timetable-week',
      title: 'admin timetable, one week',
      method: 'POST',
      path: `teacherTimeTable/getTeacherTimeTableForAdmin?start=${week.start}&end=${week.end}`,
    },
    // issue 30: the admin week's first screen as the schedule page asks it, its first 20 teachers
    {
      name: 'timetable-week-page',
      title: 'admin timetable, one week, first 20 teachers',
      method: 'POST',
      path: `teacherTimeTable/getTeacherTimeTableForAdmin?start=${week.start}&end=${week.end}&limit=20`,
    },
    {
      name: 'class-details',
      title: 'class details, 100 sessions',
      method: 'GET',
      path: `classRoom/getClassroom?classroomId=${largeKey('classroom', 0)}`,
    },
    { name: 'getuser', title: 'user/getuser', method: 'GET', path: 'user/getuser' },
    ...recordsCases(),
    ...financeCases(),
    ...settlementCases(),
    ...contractCases(),
    // the financial report (issue 28)
    ...financialReportCases(),
    // profit per class and per consultant (issue 28)
    ...profitCases(),
    ...sideCostCases(),
    ...notificationCases(),
    ...studentPageCases(),
    // the teaching-hours report (issue 29)
    ...teachingHoursCases(),
    ...dayCases(),
    ...rollCallCases(),
    ...examReportCases(),
    ...homeworkWorkloadCases(),
  ];
}

/**
 * The teaching-hours report (issue 29) on the large centre: this year per month (its held sessions
 * up to this week), last month per level, per lesson type of one level and that step's sessions,
 * as the report's drill-down asks; and a busy day's roll call.
 */
function teachingHoursCases(): BenchCase[] {
  const now = new Date();
  const year = now.getUTCFullYear();
  const last = new Date(Date.UTC(year, now.getUTCMonth() - 1, 1));
  return [
    {
      name: 'report-teaching-hours-year',
      title: 'teaching hours per month of this year',
      method: 'GET',
      path: `Report/getTotalTeachingHourReport?year=${year}`,
    },
    {
      name: 'report-teaching-hours-month',
      title: 'teaching hours per level of last month',
      method: 'GET',
      path: `Report/getEachLevelTotalTeachingHour?year=${last.getUTCFullYear()}&month=${last.getUTCMonth() + 1}`,
    },
    // A level and lesson type the large centre has: its GCSE IB_Offline classes hold ~80 sessions a month.
    {
      name: 'report-teaching-hours-lesson',
      title: 'teaching hours per lesson type of last month, one level',
      method: 'GET',
      path: `Report/getEachLessonTotalTeachingHour?year=${last.getUTCFullYear()}&month=${last.getUTCMonth() + 1}&level=GCSE`,
    },
    {
      name: 'report-teaching-hours-sessions',
      title: 'the held sessions behind one lesson type of last month, page 1 of 20',
      method: 'GET',
      path: `Report/getTeachingHourSessions?year=${last.getUTCFullYear()}&month=${last.getUTCMonth() + 1}&level=GCSE&lessonType=IB_Offline`,
    },
    {
      name: 'report-roll-call-day',
      title: "roll call of this week's Monday (every session, every student)",
      method: 'GET',
      path: `Report/getRollCallOfDay?day=${new Date(thisWeek().start * 1000).toISOString().slice(0, 10)}`,
    },
  ];
}

/**
 * What every staff member opens first (issue 29): the dashboard (today's sessions, the week's
 * hours, this month's money and the debtors) and the staff task counts the sidebar's badge asks
 * for on every page, as the Admin (every group, the whole centre).
 */
function dayCases(): BenchCase[] {
  return [
    {
      name: 'dashboard',
      title: "dashboard (today, this week's hours, this month's money)",
      method: 'GET',
      path: 'Report/getDashboard',
    },
    {
      name: 'staff-tasks',
      title: 'staff tasks (every group, the sidebar badge)',
      method: 'GET',
      path: 'Report/getStaffTasks',
    },
  ];
}

/**
 * The users list as the users page asks for it (issue 31): live users only, a role filter or the
 * search box's group (five columns, the typed text and its capitalised form), newest first.
 */
function usersPageCases(): BenchCase[] {
  const live = [{ column: 'archived', comparison: 'Equal', operand: false }];
  const search = (text: string) =>
    ['fullName', 'nickName', 'userName', 'phoneNumber', 'emailAddress'].flatMap((column) =>
      [text, text.charAt(0).toUpperCase() + text.slice(1)].map((operand) => ({
        column,
        comparison: 'Contains',
        operand,
      })),
    );
  return [
    {
      name: 'users-students',
      title: 'users page: students, page of 50',
      method: 'POST',
      path: 'user/all?ignoreRoleFilter=false',
      body: {
        page: { index: 1, size: 50 },
        where: [[{ column: 'role', comparison: 'Equal', operand: 'Student' }], live],
        order: [],
      },
    },
    {
      name: 'users-search',
      title: 'users page: search box "chen", page of 50',
      method: 'POST',
      path: 'user/all?ignoreRoleFilter=false',
      body: { page: { index: 1, size: 50 }, where: [search('chen'), live], order: [] },
    },
  ];
}

/** Classroom 0 is student 1's private class (100 sessions); classroom 3 has four students. */
const student = largeKey('student', 1);

/** Academic records (issue 10): one student's report, the records of one student in a class. */
function recordsCases(): BenchCase[] {
  return [
    {
      name: 'student-exams',
      title: "a student's exam scores (report)",
      method: 'GET',
      path: `Report/studentExamsScore?studentPublicKey=${student}&examType=All`,
    },
    {
      name: 'class-records',
      title: "class details: a student's exams and homework",
      method: 'GET',
      path: `classRoom/getStudentExamsHomeworks?classroomId=${largeKey('classroom', 0)}&studentPublicKey=${student}`,
    },
  ];
}

/** Notifications (issue 12) of `admin`, who has 10,000 among 200,000. */
function notificationCases(): BenchCase[] {
  const page = (where: unknown[]) => ({ page: { index: 1, size: 10 }, where });
  return [
    {
      name: 'notifications',
      title: 'own notifications page 1 (10,000)',
      method: 'POST',
      path: 'notification/own',
      body: page([]),
    },
    {
      name: 'notifications-unread',
      title: 'own notifications, unread only',
      method: 'POST',
      path: 'notification/own',
      body: page([[{ column: 'isRead', comparison: 'Equal', operand: false }]]),
    },
    {
      name: 'unread-count',
      title: 'unread count (the bell)',
      method: 'GET',
      path: 'notification/unreadCount',
    },
  ];
}

/** A student's page (issue 31) of student 1: its first screen, and its money section. */
function studentPageCases(): BenchCase[] {
  return [
    {
      name: 'student-overview',
      title: "student's page: overview (card, classes, sections)",
      method: 'GET',
      path: `student/getOverview?studentPublicKey=${student}`,
    },
    {
      name: 'student-money',
      title: "student's page: money (balances, totals, last deposits and transfers)",
      method: 'GET',
      path: `student/getMoney?studentPublicKey=${student}`,
    },
  ];
}
