import { teacherWorkload, teacherWorkloadQuery } from '../schemas/teacher-workload.ts';
import { defineEndpoint } from './define.ts';

/**
 * Teacher workload (issue 29; SPEC §7 names no call for it: a canonical path under `Report/`).
 * Staff only (a Student answers ACCESS_DENIED); the sessions of the classes the caller reaches, and
 * a teacher or assistant only the sessions they teach themself.
 */
export const teacherWorkloadContract = {
  report: defineEndpoint({
    name: 'teacherWorkload.report',
    method: 'GET',
    path: 'Report/getTeacherWorkload',
    query: teacherWorkloadQuery,
    response: teacherWorkload,
    access: 'centreReports.read',
    summary:
      "Hours per teacher per week (Mondays in the centre's time zone) over at most 26 weeks: held and booked (not cancelled) hours, with each teacher's totals.",
  }),
};
