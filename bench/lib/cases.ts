import { largeKey } from '../../apps/server/src/seed/large.ts';

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
    {
      name: 'class-details',
      title: 'class details, 100 sessions',
      method: 'GET',
      path: `classRoom/getClassroom?classroomId=${largeKey('classroom', 0)}`,
    },
    { name: 'getuser', title: 'user/getuser', method: 'GET', path: 'user/getuser' },
  ];
}
