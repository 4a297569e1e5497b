/** The academic records feature's public face (issue 10). */
export { SessionRecordsButton } from './components/session-records-drawer';
