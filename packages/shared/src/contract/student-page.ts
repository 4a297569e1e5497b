import {
  studentAcademic,
  studentMoney,
  studentOverview,
  studentPageQuery,
  studentProgress,
  studentSurveys,
  studentWeek,
  studentWeekQuery,
} from '../schemas/student-page.ts';
import { defineEndpoint } from './define.ts';

/**
 * A student's page (issue 31): one GET per section, one round trip each. `studentPublicKey` names
 * the student; left out, the signed-in Student's own page (staff must name one). Who reaches the
 * student is decided by the reach policy, section by section: a student out of reach, or a section
 * the caller may not see of them, answers FETCH_DATA_FAILED as if it did not exist. The overview's
 * `sections` says which sections this caller may ask for. The login history is users.loginHistory.
 */
export const studentPageContract = {
  overview: defineEndpoint({
    name: 'studentPage.overview',
    method: 'GET',
    path: 'student/getOverview',
    query: studentPageQuery,
    response: studentOverview,
    access: 'signedIn',
    summary:
      "A student's page, first screen: profile, consultant, the classes the caller reaches (teacher, next session, sessions held), and which sections the caller may see.",
  }),
  week: defineEndpoint({
    name: 'studentPage.week',
    method: 'GET',
    path: 'student/getWeek',
    query: studentWeekQuery,
    response: studentWeek,
    access: 'signedIn',
    summary:
      "A student's sessions from `from` to `to` (epoch seconds, at most 31 days) in the classes the caller reaches, with teacher, lessons taught and presence.",
  }),
  money: defineEndpoint({
    name: 'studentPage.money',
    method: 'GET',
    path: 'student/getMoney',
    query: studentPageQuery,
    response: studentMoney,
    access: 'signedIn',
    summary:
      "A student's money (finance readers in reach, the student's consultant, the student): balances per classroom from the ledger, totals, the last 20 deposits and transfers.",
  }),
  academic: defineEndpoint({
    name: 'studentPage.academic',
    method: 'GET',
    path: 'student/getAcademic',
    query: studentPageQuery,
    response: studentAcademic,
    access: 'signedIn',
    summary:
      "Per class of a student the caller reaches: sessions held and upcoming, presence, homework given / done / pending, exams and their average, the last held session.",
  }),
  progress: defineEndpoint({
    name: 'studentPage.progress',
    method: 'GET',
    path: 'student/getProgress',
    query: studentPageQuery,
    response: studentProgress,
    access: 'signedIn',
    summary: "A student's course plan (with actual hours) and applications, for course-plan readers and the student.",
  }),
  surveys: defineEndpoint({
    name: 'studentPage.surveys',
    method: 'GET',
    path: 'student/getSurveys',
    query: studentPageQuery,
    response: studentSurveys,
    access: 'signedIn',
    summary:
      "A student's survey participation per round (classes to rate, rated, when): never the ratings themselves.",
  }),
};
