import { z } from 'zod';
import { publicKey, textInput } from './common.ts';

/**
 * Calendar feeds (issue 29): a private iCal (RFC 5545) subscription address of one's own sessions,
 * or (staff) of a teacher's. The server keeps only a hash of a feed's token, so an address is
 * shown once, when it is made; making a new one (reset) stops the old one.
 */
export const calendarFeedState = z.object({
  /** Whether the caller has a live address of their own feed. */
  active: z.boolean(),
  /** When it was made (Unix seconds), null when there is none. */
  createdAt: z.number().int().nullable(),
});
export type CalendarFeedState = z.infer<typeof calendarFeedState>;

/** A new feed address: shown only now (the server keeps a hash of its token). */
export const calendarFeedLink = z.object({
  isSuccess: z.literal(true),
  message: z.string(),
  url: z.url(),
  createdAt: z.number().int(),
});
export type CalendarFeedLink = z.infer<typeof calendarFeedLink>;

export const teacherCalendarFeedBody = z.object({ teacherPublicKey: publicKey });
export type TeacherCalendarFeedInput = z.infer<typeof teacherCalendarFeedBody>;

/** The feed's file name: the token (43 base64url characters, 32 bytes) and `.ics`. */
export const calendarFeedParams = z.object({ file: textInput().max(64) });
