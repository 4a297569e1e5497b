// What other areas use of the settings: the calendar feed card (issue 29; the student's own page holds it too).
export { CalendarFeedSection } from './components/calendar-feed-section';
