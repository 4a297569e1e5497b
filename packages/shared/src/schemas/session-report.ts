import { z } from 'zod';
import { examKind, homeworkForm, recordState, sessionFlags } from './academic.ts';
import { entityId, epochSeconds, okResponse, publicKey, textInput } from './common.ts';
import { reportSessionStatuses, sessionDisplayStates } from '../domain/scheduling.ts';

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
  /** What the report says of the session (`reportSessionStatus`): upcoming, held, not recorded, cancelled. */
  status: z.enum(reportSessionStatuses),
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
      /** Floored share of the lesson covered (100 once finished). */
      teachingPercent: z.number().int(),
    }),
  ),
  flags: sessionFlags,
});
export type SessionReport = z.infer<typeof sessionReport>;

// ————————————————————————————————————————————— parent links

/** en or zh: the language the page opens in; null (or left out): the parent's browser decides (issue 27). */
export const parentLinkLanguage = z.enum(['en', 'zh']).nullable();

export const parentLinkBody = z.strictObject({
  sessionId: entityId,
  studentPublicKey: publicKey,
  language: parentLinkLanguage.default(null),
});
export type ParentLinkInput = z.input<typeof parentLinkBody>;

export const parentLinkCreated = okResponse.extend({
  linkId: entityId,
  /** The link's secret id (≥128 random bits); shown once, only its hash is stored. */
  reportId: z.string(),
  /** The page's path: `/parent/report/{reportId}`, with `?lang=` when the link has a language. */
  path: z.string(),
  expiresAt: epochSeconds,
  language: parentLinkLanguage,
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
  language: parentLinkLanguage,
});
export type ParentLink = z.infer<typeof parentLink>;

export const parentLinksQuery = sessionReportQuery;
export const parentLinkList = z.object({ data: z.array(parentLink), totalCount: z.number().int() });

export const revokeParentLinkBody = z.strictObject({ linkId: entityId });
export const parentLinkRevoked = okResponse.extend({ linkId: entityId });

/**
 * The public read: the id from the link (any text). A link that opens nothing answers 404
 * FETCH_DATA_FAILED with a text saying why, in the caller's language: expired, withdrawn by the
 * centre, or not valid (an unknown id, whatever it is, gets the same answer; issue 27).
 */
export const parentReportQuery = z.strictObject({ reportId: textInput().trim().min(1).max(200) });

export const parentReport = z.object({
  centreName: z.string(),
  studentName: z.string(),
  expiresAt: epochSeconds,
  report: sessionReport,
});
export type ParentReport = z.infer<typeof parentReport>;
