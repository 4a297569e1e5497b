// What other areas use of the users area: pickers and the figures of the dashboard.
export { useConsultants, usePeople, useRoleCounts } from './api/users';
