import type { BenchCase } from './cases.ts';

/**
 * Homework completion and teacher workload (issue 29) on the large centre, as the Admin (every class,
 * every student): homework of a whole year (the longest period the report takes), and the workload
 * of the longest period it takes, 26 weeks ending this week.
 */
export function homeworkWorkloadCases(): BenchCase[] {
  const now = new Date();
  const year = now.getUTCFullYear();
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const sunday =
    Date.UTC(year, now.getUTCMonth(), now.getUTCDate()) + ((7 - now.getUTCDay()) % 7) * 86_400_000;
  return [
    {
      name: 'report-homework-year',
      title: 'homework completion per class and teacher, this year',
      method: 'GET',
      path: `Report/getHomeworkCompletion?from=${year}-01-01&to=${year}-12-31`,
    },
    {
      name: 'report-workload-26-weeks',
      title: 'teacher workload per week, the 26 weeks up to this Sunday',
      method: 'GET',
      path: `Report/getTeacherWorkload?from=${day(sunday - (26 * 7 - 1) * 86_400_000)}&to=${day(sunday)}`,
    },
  ];
}
