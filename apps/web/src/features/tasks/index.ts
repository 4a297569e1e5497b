// What the app shell uses of the staff tasks (issue 29): the sidebar's badge on Tasks.
export { StaffTasksBadge } from './components/staff-tasks-badge';
