import {
  rollCallClass,
  rollCallClassQuery,
  rollCallDay,
  rollCallDayQuery,
  rollCallStudent,
  rollCallStudentQuery,
} from '../schemas/roll-call.ts';
import { defineEndpoint } from './define.ts';

/**
 * Roll-call reports (issue 29; SPEC §7 "Roll-call reports also exist; their payloads are not
 * shown": named here under `Report/`). Staff only (a Student answers ACCESS_DENIED); the sessions of
 * the classes the caller reaches, and in them the students the caller reaches.
 */
export const rollCallContract = {
  day: defineEndpoint({
    name: 'rollCall.day',
    method: 'GET',
    path: 'Report/getRollCallOfDay',
    query: rollCallDayQuery,
    response: rollCallDay,
    access: 'centreReports.read',
    summary:
      "A day's roll call (the centre's time zone): every live session, held or scheduled, each student present, absent or not yet recorded, with absence rates; optionally one teacher's sessions, one class or one lesson type.",
  }),
  classroom: defineEndpoint({
    name: 'rollCall.classroom',
    method: 'GET',
    path: 'Report/getRollCallOfClass',
    query: rollCallClassQuery,
    response: rollCallClass,
    access: 'centreReports.read',
    summary:
      "A class's roll call over a period (at most 366 days): each live session's and each reached student's present, absent and unrecorded counts with absence rates, and the totals.",
  }),
  student: defineEndpoint({
    name: 'rollCall.student',
    method: 'GET',
    path: 'Report/getRollCallOfStudent',
    query: rollCallStudentQuery,
    response: rollCallStudent,
    access: 'centreReports.read',
    summary:
      "A student's roll call over a period (at most 366 days): their presence at each live session of the classes the caller reaches, and per class counts with absence rates.",
  }),
};
