// What other areas use of the users area: pickers and the figures of the dashboard.
export { roleCountsQuery, useConsultants, usePeople, useRoleCounts } from './api/users';
// A teacher picker searched on the server (finance forms, report filters).
export { TeacherSelect } from './components/teacher-select';
