/** The academic records feature's public face (issue 10). */
export { SessionRecordsButton } from './components/session-records-drawer';
// session reports (issue 10, acad-parent): a student's link to their own report of a session.
export { SessionReportLink } from './components/session-report-actions';
// academic reports (issue 10): what a class's held sessions still miss, for class details.
export { MissingRecordsSection } from './components/missing-records';
