// What other areas use of finance: the student's own money (their classes page) and a class's
// money section (class details).
export { ClassroomMoneySection } from './components/classroom-money-section';
export { OwnMoneySection } from './components/own-money-section';
export { prefetchOwnMoney } from './api/own-money-prefetch';
// finance: a class's teacher salary on its details (issue 11, fin-fees)
export { TeacherSalarySection } from './components/teacher-salary-section';
// A student picker searched on the server (finance forms, the roll-call report).
export { StudentSelect } from './components/student-select';
