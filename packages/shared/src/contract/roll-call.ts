import { rollCallDay, rollCallDayQuery } from '../schemas/roll-call.ts';
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
      "A day's roll call (the centre's time zone): every live session, held or scheduled, each student present, absent or not yet recorded, with absence rates.",
  }),
};
