import { largeKey } from '../../apps/server/src/seed/large.ts';
import type { BenchCase } from './cases.ts';

/**
 * Exam scores compared between classes and presence per teacher's students (issue 29) on the large
 * centre, each over this whole year as the Admin: every class's averages (and their exam names),
 * and one teacher's students.
 */
export function examReportCases(): BenchCase[] {
  const year = new Date().getUTCFullYear();
  const period = `from=${year}-01-01&to=${year}-12-31`;
  return [
    {
      name: 'report-exam-scores-year',
      title: 'exam scores per class and exam name, this year',
      method: 'GET',
      path: `Report/getClassesAverageExamsScore?${period}`,
    },
    {
      name: 'report-presence-year',
      title: "presence of a teacher's students, this year",
      method: 'GET',
      path: `Report/getStudentPresentationReport?teacherPublicKey=${largeKey('teacher', 1)}&${period}`,
    },
  ];
}
