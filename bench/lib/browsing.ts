// What one person's browser asks the API for each page they open (issue 31, `npm run bench:limits`).
// Recorded in Chromium on the demo centre (2026-11-28, at commit 40b787f): every /api/ request of a
// consultant, an Admin, a teacher and a student opening each page of their usual round, with its
// query and body. A page here is a full load — the start-up calls every page load makes (the
// client settings, the signed-in user, the bell's count, the live stream's ticket and the stream
// itself) and the page's own — the most a page costs; moving between pages inside the app makes
// only the page's own calls (1–8).

export type BrowsingRole = 'consultant' | 'admin' | 'teacher' | 'student';

export interface PageCall {
  method: 'GET' | 'POST';
  /** Under /api/v1, with its query string. */
  path: string;
  body?: unknown;
}

/** What a page's calls may need: a class the user reaches (for its details), the clock. */
export interface PageContext {
  classroomId: string;
  now: number;
}

export interface BrowsingPage {
  name: string;
  calls(context: PageContext): PageCall[];
}

const DAY = 86_400;
const firstTen = { index: 1, size: 10 };
const newestFirst = [{ column: 'createMoment', descending: true }];
const live = [[{ column: 'archived', comparison: 'Equal', operand: false }]];
const get = (path: string): PageCall => ({ method: 'GET', path });
const post = (path: string, body?: unknown): PageCall => ({ method: 'POST', path, body });

/** Monday 00:00 UTC of this week and the Monday after, in epoch seconds (the schedule's week). */
function week(now: number): string {
  const midnight = Math.floor(now / DAY) * DAY;
  const start = midnight - ((new Date(now * 1000).getUTCDay() + 6) % 7) * DAY;
  return `start=${start}&end=${start + 7 * DAY}`;
}

/** The start-up calls a page load makes before and beside the page's own. */
export function startUpCalls(role: BrowsingRole): PageCall[] {
  return [
    get('user/getuser'),
    get('notification/unreadCount'),
    // The student's layout asks whether a survey waits for them.
    ...(role === 'student' ? [get('survey/mine')] : []),
  ];
}

const dashboard: BrowsingPage = {
  name: 'dashboard',
  calls: () => [
    get('GetCountOfEachRole'),
    post('lesson/getAll', { page: { index: 1, size: 1 } }),
    post('specification/getAll', { page: { index: 1, size: 1 } }),
  ],
};
const users = (where: unknown[]): BrowsingPage => ({
  name: 'users',
  calls: () => [post('user/all?ignoreRoleFilter=false', { page: firstTen, where, order: newestFirst })],
});
const classTable: BrowsingPage = {
  name: 'class table',
  calls: () => [
    post('classRoom/getAllClassRooms', { page: firstTen, where: live, order: newestFirst }),
    post('user/GetAllByRoleAndBaseType', { roles: ['Teacher'], fullName: '', index: 1, size: 50 }),
    post('user/GetAllByRoleAndBaseType', { roles: ['Student'], fullName: '', index: 1, size: 50 }),
    post('user/getAcademicConsultants', {}),
  ],
};
const classDetails = (parts: string[]): BrowsingPage => ({
  name: 'class details',
  calls: ({ classroomId }) => parts.map((part) => get(`${part}?classroomId=${classroomId}`)),
});
const upcoming: BrowsingPage = {
  name: 'upcoming',
  calls: ({ now }) => [
    post('GetAllClassroomsFilteredByDate', { start: now, end: now + 56 * DAY, page: firstTen }),
  ],
};
const schedule = (
  timetable: 'getTeacherTimeTableForTeacher' | 'getTeacherTimeTableForAdmin',
): BrowsingPage => ({
  name: 'schedule',
  calls: ({ now }) => [get('lesson/getNames'), post(`teacherTimeTable/${timetable}?${week(now)}`)],
});
const deposits: BrowsingPage = {
  name: 'deposits',
  calls: () => [
    post('deposit/getSums', { where: [] }),
    post('deposit/getAll', { page: firstTen, where: [], order: newestFirst }),
  ],
};
const debtors: BrowsingPage = {
  name: 'debtors',
  calls: () => [
    post('deposit/getStudentsBalances', {
      page: firstTen,
      where: [[{ column: 'owes', comparison: 'Equal', operand: true }]],
      order: [{ column: 'remaining', descending: false }],
    }),
  ],
};
const notifications = (list: 'own' | 'admin'): BrowsingPage => ({
  name: 'notifications',
  calls: () => [post(`notification/${list}`, { page: firstTen, where: [], order: newestFirst })],
});

/** Each role's round of pages, in the order of its menu (a consultant's has no schedule). */
export const rounds: Record<BrowsingRole, BrowsingPage[]> = {
  consultant: [
    dashboard,
    users([[{ column: 'role', comparison: 'Equal', operand: 'Student' }], ...live]),
    classTable,
    classDetails([
      'classRoom/getClassroom',
      'deposit/getChargesByClassroom',
      'classroom/GetStudentSideCosts',
    ]),
    upcoming,
    deposits,
    debtors,
    notifications('own'),
  ],
  admin: [
    dashboard,
    users(live),
    classTable,
    classDetails([
      'classRoom/getClassroom',
      'Report/getSessionsMissingRecords',
      'deposit/getChargesByClassroom',
      'classroom/GetStudentSideCosts',
      'classroom/GetTeacherSalary',
    ]),
    schedule('getTeacherTimeTableForAdmin'),
    deposits,
    {
      name: 'transfers',
      calls: () => [get('transfer/getTransfers?index=1&size=10&shouldOrderByDescending=true')],
    },
    notifications('admin'),
  ],
  teacher: [
    {
      name: 'my day',
      calls: ({ now }) => {
        const midnight = Math.floor(now / DAY) * DAY;
        return [
          post('GetAllClassroomsFilteredByDate', {
            start: now - 56 * DAY,
            end: now,
            waitingForRecords: true,
            page: firstTen,
          }),
          post('GetAllClassroomsFilteredByDate', {
            start: midnight,
            end: midnight + 14 * DAY,
            page: firstTen,
          }),
        ];
      },
    },
    {
      name: 'class table',
      calls: () => [post('admin_classes_teacher', { page: firstTen, where: live, order: newestFirst })],
    },
    classDetails([
      'classRoom/getClassroom',
      'Report/getSessionsMissingRecords',
      'classroom/GetTeacherSalary',
    ]),
    schedule('getTeacherTimeTableForTeacher'),
    notifications('own'),
  ],
  student: [
    { name: 'tasks', calls: () => [post('Report/getTasksByPublicKey', {})] },
    {
      name: 'classes',
      calls: () => [
        get('transfer/getMyTransfers?index=1&size=50'),
        get('deposit/getMyBalance'),
        get('deposit/getStudentDeposits?index=1&size=50'),
        post('classRoom/getAllClassRooms', { page: { index: 1, size: 100 }, where: [], order: newestFirst }),
      ],
    },
    upcoming,
    {
      name: 'reports',
      calls: () =>
        [
          'pendingHomeworks',
          'completedHomeworks',
          'completedHomeworkTimeline',
          'studentExamsScore?examType=Total',
          'studentAvgExamsScore',
          'lessonNameTeachingProgress',
          'lessonNameReviewProgress',
          'getClassroomReportOfStudent',
        ].map((report) => get(`Report/${report}`)),
    },
    notifications('own'),
  ],
};

/** The list a staff user's class details are opened from: its first class is theirs to open. */
export const classList: Partial<Record<BrowsingRole, PageCall>> = {
  consultant: post('classRoom/getAllClassRooms', { page: firstTen, where: live, order: newestFirst }),
  admin: post('classRoom/getAllClassRooms', { page: firstTen, where: live, order: newestFirst }),
  teacher: post('admin_classes_teacher', { page: firstTen, where: live, order: newestFirst }),
};

/**
 * `seed:large` accounts (its first of a role has the bare login, then `login_00002`…): an office of
 * `count` people, consultants, a few Admins, teachers and students in the proportions below. Student
 * 101, 103 and their multiples are archived or disabled there and never picked.
 */
export function office(count: number): { userName: string; role: BrowsingRole }[] {
  const shares: [BrowsingRole, number, number][] = [
    // role, share of the office, accounts of the role in the large centre
    ['consultant', 0.3, 15],
    ['admin', 0.075, 5],
    ['teacher', 0.375, 300],
    ['student', 0.25, 5000],
  ];
  const people: { userName: string; role: BrowsingRole }[] = [];
  for (const [role, share, available] of shares) {
    const n = Math.min(available, Math.max(1, Math.round(count * share)));
    for (let i = 1; i <= n; i++) people.push({ userName: largeLogin(role, i), role });
  }
  return people.slice(0, count);
}

export function largeLogin(role: BrowsingRole, index: number): string {
  return index === 1 ? role : `${role}_${String(index).padStart(5, '0')}`;
}
