// What booking a class uses of the timetable: the teacher's times on the same calendar.
export { useTimetable } from './api/timetable';
export { type CalendarView, ScheduleCalendar } from './components/schedule-calendar';
export { SlotLegend } from './components/slot-legend';
