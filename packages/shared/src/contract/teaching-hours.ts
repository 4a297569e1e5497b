import {
  teachingHoursLessons,
  teachingHoursLevelQuery,
  teachingHoursLevels,
  teachingHoursMonthQuery,
  teachingHoursSessions,
  teachingHoursSessionsQuery,
  teachingHoursYear,
  teachingHoursYearQuery,
} from '../schemas/teaching-hours.ts';
import { defineEndpoint } from './define.ts';

/**
 * The teaching-hours report (issue 29; SPEC §7 Reports): the spec's names as aliases, canonical
 * paths under `Report/`. Staff only (a Student answers ACCESS_DENIED); every figure covers the
 * classes the caller reaches (a teacher or assistant: the classes they teach; a consultant: their
 * students' classes; the other staff roles: every class).
 */
export const teachingHoursContract = {
  year: defineEndpoint({
    name: 'teachingHours.year',
    method: 'GET',
    path: 'Report/getTotalTeachingHourReport',
    aliases: ['getTotalTeachingHourReport'],
    query: teachingHoursYearQuery,
    response: teachingHoursYear,
    access: 'centreReports.read',
    summary: 'Hours held per month of a year (months in the centre’s time zone), with the year’s total.',
  }),
  levels: defineEndpoint({
    name: 'teachingHours.levels',
    method: 'GET',
    path: 'Report/getEachLevelTotalTeachingHour',
    aliases: ['getEachLevelTotalTeachingHour'],
    query: teachingHoursMonthQuery,
    response: teachingHoursLevels,
    access: 'centreReports.read',
    summary: "Hours held per level (the class's level) in one month of a year.",
  }),
  lessons: defineEndpoint({
    name: 'teachingHours.lessons',
    method: 'GET',
    path: 'Report/getEachLessonTotalTeachingHour',
    aliases: ['getEachLessonTotalTeachingHour'],
    query: teachingHoursLevelQuery,
    response: teachingHoursLessons,
    access: 'centreReports.read',
    summary: "Hours held per lesson type (the class's) at one level in one month of a year.",
  }),
  sessions: defineEndpoint({
    name: 'teachingHours.sessions',
    method: 'GET',
    path: 'Report/getTeachingHourSessions',
    query: teachingHoursSessionsQuery,
    response: teachingHoursSessions,
    access: 'centreReports.read',
    summary: 'The held sessions behind one lesson type’s figure at a level in a month, in time order, a page at a time.',
  }),
};
