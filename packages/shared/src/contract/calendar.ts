import { z } from 'zod';
import {
  calendarFeedLink,
  calendarFeedParams,
  calendarFeedState,
  teacherCalendarFeedBody,
} from '../schemas/calendar.ts';
import { defineEndpoint } from './define.ts';

/**
 * Calendar feeds (issue 29). Teachers, assistants and students (`calendar.readOwn`) make a private
 * subscription address of their own sessions; staff who read every timetable (`timetable.readAll`)
 * make one of a teacher they reach. The feed itself needs no sign-in nor signature (calendar apps
 * send no headers): its unguessable token is the key, and an unknown or replaced one is not found.
 */
export const calendarContract = {
  mine: defineEndpoint({
    name: 'calendar.mine',
    method: 'GET',
    path: 'calendar/getMyFeed',
    response: calendarFeedState,
    access: 'calendar.readOwn',
    summary:
      'Whether the signed-in user has a calendar feed address, and when it was made (the address itself is shown only when made).',
  }),
  resetMine: defineEndpoint({
    name: 'calendar.resetMine',
    method: 'POST',
    path: 'calendar/resetMyFeed',
    response: calendarFeedLink,
    access: 'calendar.readOwn',
    summary: "Makes a new address of the signed-in user's own calendar feed; the previous one stops working.",
  }),
  teacherFeed: defineEndpoint({
    name: 'calendar.teacherFeed',
    method: 'POST',
    path: 'calendar/createTeacherFeed',
    body: teacherCalendarFeedBody,
    response: calendarFeedLink,
    access: 'timetable.readAll',
    summary:
      "Makes the caller's address of a teacher's calendar feed (a teacher they reach); the caller's previous address of that teacher stops working.",
  }),
  feed: defineEndpoint({
    name: 'calendar.feed',
    method: 'GET',
    path: 'calendar/feed/:file',
    params: calendarFeedParams,
    response: z.unknown().describe('The iCalendar (RFC 5545) file, text/calendar.'),
    access: 'public',
    unsigned: true,
    summary:
      'A calendar feed (`<token>.ics`) for Google Calendar, Outlook or Apple Calendar: sessions from 8 weeks back to 26 weeks ahead. Not found for an unknown or replaced token.',
  }),
};
