import {
  addAvailableTimesBody,
  availableTimesResponse,
  cancelTimeBody,
  editSlotTimeBody,
  editTimeTableBody,
  removeAvailableTimeBody,
  slotChangeResponse,
  teacherTimeTables,
  timetableFilterBody,
  timetableQuery,
  timetableTeacher,
} from '../schemas/timetable.ts';
import { z } from 'zod';
import { okResponse } from '../schemas/common.ts';
import { defineEndpoint } from './define.ts';

/**
 * Teacher timetables (SPEC §7 Timetable, DESIGN §7). Changing available times needs
 * `timetable.manageAll` (any teacher) or `timetable.manageOwn` (the caller's own timetable); the
 * contract can name one permission per entry, so those entries are `signedIn` and the service checks.
 */
export const timetableContract = {
  getForAdmin: defineEndpoint({
    name: 'timetable.getForAdmin',
    method: 'POST',
    path: 'teacherTimeTable/getTeacherTimeTableForAdmin',
    query: timetableQuery,
    response: teacherTimeTables,
    access: 'timetable.readAll',
    summary:
      "Every teacher's available times in [start, end) with the sessions booked in them; optional lessonNames filter; limit and after (the previous page's last teacher) page it by teacher, in the answer's order.",
  }),
  teachers: defineEndpoint({
    name: 'timetable.teachers',
    method: 'GET',
    path: 'teacherTimeTable/getTeachers',
    response: z.array(timetableTeacher),
    access: 'timetable.readAll',
    summary:
      "Every active teacher (key, name, lesson names offered) in the timetable's order, without their times: the schedule's teacher filter.",
  }),
  getForTeacher: defineEndpoint({
    name: 'timetable.getForTeacher',
    method: 'POST',
    path: 'teacherTimeTable/getTeacherTimeTableForTeacher',
    query: timetableQuery,
    response: teacherTimeTables,
    access: 'timetable.manageOwn',
    summary: "The caller's own available times in [start, end) with the sessions booked in them.",
  }),
  filteredByDate: defineEndpoint({
    name: 'timetable.filteredByDate',
    method: 'POST',
    path: 'GetTeacherTimeTableFilteredByDate',
    aliases: ['teacherTimeTable/GetTeacherTimeTableFilteredByDate'],
    body: timetableFilterBody,
    response: teacherTimeTables,
    access: 'timetable.readAll',
    summary:
      'Available times in [start, end) of the given teachers and lesson names, with their sessions; limit and after page it by teacher.',
  }),
  addAvailableTimes: defineEndpoint({
    name: 'timetable.addAvailableTimes',
    method: 'POST',
    path: 'teacherTimeTable/addAvailableTimes',
    body: addAvailableTimesBody,
    response: availableTimesResponse,
    access: 'signedIn',
    summary:
      'Adds available times, once or weekly until a date (needs timetable.manageOwn for oneself, timetable.manageAll for any teacher); refuses overlaps with existing ones.',
  }),
  cancelTime: defineEndpoint({
    name: 'timetable.cancelTime',
    method: 'PUT',
    path: 'cancelTime',
    aliases: ['teacherTimeTable/cancelTime'],
    body: cancelTimeBody,
    response: slotChangeResponse,
    access: 'signedIn',
    summary:
      'Cancels an available time (and optionally its later weekly siblings); refused while a future session uses it unless cancelSessions cancels them too.',
  }),
  editTimeTable: defineEndpoint({
    name: 'timetable.editTimeTable',
    method: 'PUT',
    path: 'EditTimeTable',
    aliases: ['teacherTimeTable/EditTimeTable'],
    body: editTimeTableBody,
    response: okResponse,
    access: 'signedIn',
    summary: "Sets the lesson names a teacher's timetable offers (used by the lessonNames filters).",
  }),
  editStartOrEnd: defineEndpoint({
    name: 'timetable.editStartOrEnd',
    method: 'PUT',
    path: 'editStartOrEndTimeInTimeTable',
    aliases: ['teacherTimeTable/editStartOrEndTimeInTimeTable'],
    body: editSlotTimeBody,
    response: slotChangeResponse,
    access: 'signedIn',
    summary:
      'Moves or resizes an available time; its sessions must stay inside unless moveSessions shifts the future ones with it (checked for clashes).',
  }),
  removeAvailableTime: defineEndpoint({
    name: 'timetable.removeAvailableTime',
    method: 'DELETE',
    path: 'RemoveAvailableTimeInTeacherTimeTable',
    aliases: ['teacherTimeTable/RemoveAvailableTimeInTeacherTimeTable'],
    body: removeAvailableTimeBody,
    response: slotChangeResponse,
    access: 'signedIn',
    summary:
      'Removes an available time (optionally with its later weekly siblings); refused while it holds a session unless cancelSessions cancels the future ones and none has passed.',
  }),
};
