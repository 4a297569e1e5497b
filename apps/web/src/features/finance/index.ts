// What other areas use of finance: the student's own money (their classes page) and a class's
// money section (class details).
export { ClassroomMoneySection } from './components/classroom-money-section';
export { OwnMoneySection } from './components/own-money-section';
