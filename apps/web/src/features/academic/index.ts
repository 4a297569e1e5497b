/** The academic records feature's public face (issue 10). */
export { SessionRecordsButton } from './components/session-records-drawer';
// academic reports (issue 10): what a class's held sessions still miss, for class details.
export { MissingRecordsSection } from './components/missing-records';
