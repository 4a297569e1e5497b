// What other areas use of a student's page (issue 31): the link on a student's name.
export { NameLink, StudentName, StudentPageLink } from './components/student-name';
export { studentPagePath } from './lib/student-page-path';
