import { z } from 'zod';
import { examKind, homeworkForm, recordState, sessionFlags } from './academic.ts';
import { entityId, epochSeconds, okResponse, publicKey, textInput } from './common.ts';
import { sessionDisplayStates } from '../domain/scheduling.ts';

/**
 * One student's report of one session (SPEC §7 `Report/GetSessionReportOfStudent`) and the parent
 * report link that shows it without sign-in (`GenerateAndGetOneTimeLinkForSession`,
 * `/parent/report/{reportId}`; DESIGN §7 Parent report; issue 10). The report carries no keys or
 * ids: what a parent's link shows is exactly what staff and the student read.
 */

export const sessionReportQuery = z.strictObject({ sessionId: z.uuid(), studentPublicKey: z.uuid() });

export const sessionReport = z.object({
  classroomName: z.string(),
  lessonType: z.string(),
  start: epochSeconds,
  end: epochSeconds,
  /** waitingforclass, haveclass or canceled. */
  state: z.string(),
  /** What the session shows (SPEC §4's rule and "not recorded", `sessionDisplayState`; hw-files). */
  displayState: z.enum(sessionDisplayStates),
  teacherName: z.string(),
  studentName: z.string(),
  /** The teaching day as the teacher recorded it (null: not recorded yet). */
  teachingDay: z
    .object({
      taughtLessonsDescription: z.string().nullable(),
      teachingMinutes: z.number().int().nullable(),
      teachingType: z.string().nullable(),
    })
    .nullable(),
  lessonsTaught: z.array(
    z.object({ lessonName: z.string(), lessonTitle: z.string(), lessonSubTitle: z.string() }),
  ),
  /** The student's presence and the teacher's feedback (null: not recorded yet). */
  presence: z.object({ isPresent: z.boolean(), feedback: z.string().nullable() }).nullable(),
  homeworks: z.array(
    z.object({
      subtitle: z.string(),
      deadLine: epochSeconds,
      form: homeworkForm,
      state: recordState,
      correctPercentation: z.number().nullable(),
      feedback: z.string().nullable(),
      doneMoment: epochSeconds.nullable(),
    }),
  ),
  exams: z.array(
    z.object({
      examType: examKind,
      lessonName: z.string().nullable(),
      score: z.number().nullable(),
      examState: recordState,
      feedback: z.string().nullable(),
    }),
  ),
  progress: z.array(
    z.object({
      lessonName: z.string(),
      lessonTitle: z.string(),
      lessonSubTitle: z.string(),
      teachingLessonTimeInHour: z.number(),
      /** Hours taught at this session (null: the lesson was not recorded at it). */
      teachedHereInHour: z.number().nullable(),
      teachState: recordState,
      reviewState: recordState,
      teachedTimeInHour: z.number(),
      teachingTimeLeftInHour: z.number(),
    }),
  ),
  flags: sessionFlags,
});
export type SessionReport = z.infer<typeof sessionReport>;

// ————————————————————————————————————————————— parent links

export const parentLinkBody = z.strictObject({ sessionId: entityId, studentPublicKey: publicKey });
export type ParentLinkInput = z.input<typeof parentLinkBody>;

export const parentLinkCreated = okResponse.extend({
  linkId: entityId,
  /** The link's secret id (≥128 random bits); shown once, only its hash is stored. */
  reportId: z.string(),
  /** The page's path: `/parent/report/{reportId}`. */
  path: z.string(),
  expiresAt: epochSeconds,
});
export type ParentLinkCreated = z.infer<typeof parentLinkCreated>;

export const parentLinkStates = ['active', 'expired', 'revoked'] as const;
export type ParentLinkState = (typeof parentLinkStates)[number];

export const parentLink = z.object({
  linkId: entityId,
  createMoment: epochSeconds,
  createdByName: z.string().nullable(),
  expiresAt: epochSeconds,
  revokedAt: epochSeconds.nullable(),
  state: z.enum(parentLinkStates),
  openCount: z.number().int(),
  lastOpenedAt: epochSeconds.nullable(),
});
export type ParentLink = z.infer<typeof parentLink>;

export const parentLinksQuery = sessionReportQuery;
export const parentLinkList = z.object({ data: z.array(parentLink), totalCount: z.number().int() });

export const revokeParentLinkBody = z.strictObject({ linkId: entityId });
export const parentLinkRevoked = okResponse.extend({ linkId: entityId });

/** The public read: the id from the link (any text; a wrong one is simply not found). */
export const parentReportQuery = z.strictObject({ reportId: textInput().trim().min(1).max(200) });

export const parentReport = z.object({
  centreName: z.string(),
  studentName: z.string(),
  expiresAt: epochSeconds,
  report: sessionReport,
});
export type ParentReport = z.infer<typeof parentReport>;
