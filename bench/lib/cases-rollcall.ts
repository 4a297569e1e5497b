import { largeKey } from '../../apps/server/src/seed/large.ts';
import type { BenchCase } from './cases.ts';

/**
 * The roll call over a period (issue 29) on the large centre, a whole year: a group class's
 * sessions and students (classroom 3, four students) and a student's sessions in every class
 * (student 1), as the report's class and student modes ask; and a busy day narrowed to one lesson
 * type (the day's new filter).
 */
export function rollCallCases(): BenchCase[] {
  const year = new Date().getUTCFullYear();
  const period = `from=${year}-01-01&to=${year}-12-31`;
  const monday = new Date(Date.now() - ((new Date().getUTCDay() + 6) % 7) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return [
    {
      name: 'report-roll-call-class-year',
      title: "a group class's roll call over this year",
      method: 'GET',
      path: `Report/getRollCallOfClass?classroomId=${largeKey('classroom', 3)}&${period}`,
    },
    {
      name: 'report-roll-call-student-year',
      title: "a student's roll call over this year",
      method: 'GET',
      path: `Report/getRollCallOfStudent?studentPublicKey=${largeKey('student', 1)}&${period}`,
    },
    {
      name: 'report-roll-call-day-lesson-type',
      title: "roll call of this week's Monday, A-Level offline only",
      method: 'GET',
      path: `Report/getRollCallOfDay?day=${monday}&lessonType=A_LEVEL_Offline`,
    },
  ];
}
