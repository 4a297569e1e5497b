// What other areas use of finance: the student's own money, shown on their classes page.
export { OwnMoneySection } from './components/own-money-section';
