import { z } from 'zod';
import { sessionDisplayStates, sessionTimeStates } from '../domain/scheduling.ts';
import { userStatus } from './auth.ts';
import { lessonType } from './catalog.ts';
import { entityId, epochSeconds, publicKey } from './common.ts';
import { classroomBalance, deposit } from './finance.ts';
import { coursePlanEntry, progressApplication } from './progress.ts';
import { classroomType } from './scheduling-basics.ts';
import { classroomState } from './scheduling.ts';
import { transfer } from './transfers.ts';
import { surveyRound } from './surveys.ts';
import { studentProfile } from './users.ts';

/**
 * A student's page (issue 31): one endpoint per section, each a GET naming the student by
 * `studentPublicKey` — left out, the signed-in Student's own page (a staff caller must name one).
 * A student out of the caller's reach answers FETCH_DATA_FAILED, as everywhere. Money is a JSON
 * number with at most two decimals, every figure summed in SQL from the ledger (docs/finance.md).
 */

/** The longest range the week section answers (a week, a month at most). */
export const STUDENT_WEEK_MAX_DAYS = 31;

const queryEpoch = z.coerce.number().int().min(0).max(32503680000);

export const studentPageQuery = z.strictObject({ studentPublicKey: publicKey.optional() });
export type StudentPageQuery = z.infer<typeof studentPageQuery>;

export const studentWeekQuery = z
  .strictObject({ studentPublicKey: publicKey.optional(), from: queryEpoch, to: queryEpoch })
  .superRefine((value, ctx) => {
    if (value.to <= value.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], params: { messageKey: 'endAfterStart' } });
    } else if (value.to - value.from > STUDENT_WEEK_MAX_DAYS * 86400) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        params: { messageKey: 'rangeTooLong', values: { days: STUDENT_WEEK_MAX_DAYS } },
      });
    }
  });
export type StudentWeekQuery = z.infer<typeof studentWeekQuery>;

const personRef = z.object({ publicKey, fullName: z.string() });

/** What this caller may see of this student: the page asks only for the sections marked true. */
export const studentPageSections = z.object({
  week: z.boolean(),
  money: z.boolean(),
  academic: z.boolean(),
  progress: z.boolean(),
  surveys: z.boolean(),
  /** Staff only (users.loginHistory), never on the student's own page nor to a teacher. */
  logins: z.boolean(),
});
export type StudentPageSections = z.infer<typeof studentPageSections>;
export type StudentPageSection = keyof StudentPageSections;

/** One class of the student that the caller reaches (a teacher: the classes they teach or assist). */
export const studentPageClass = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  lessonType,
  classroomType,
  state: classroomState,
  teacher: personRef.nullable(),
  /** The next live session's start, null when none is booked. */
  nextSessionStart: epochSeconds.nullable(),
  /** Held sessions (the class took place) and live sessions booked in all. */
  sessionsHeld: z.number().int(),
  sessionsTotal: z.number().int(),
});
export type StudentPageClass = z.infer<typeof studentPageClass>;

export const studentOverview = z.object({
  student: z.object({
    publicKey,
    fullName: z.string(),
    nickName: z.string().nullable(),
    imageUrl: z.string().nullable(),
    status: userStatus,
    /** Contact details as users.get gives them to this caller. */
    phoneNumber: z.string().nullable(),
    emailAddress: z.string().nullable(),
    consultant: personRef.nullable(),
    profile: studentProfile.nullable(),
  }),
  classes: z.array(studentPageClass),
  sections: studentPageSections,
});
export type StudentOverview = z.infer<typeof studentOverview>;

/** One session of the student's in the range, in a class the caller reaches. */
export const studentWeekSession = z.object({
  sessionId: entityId,
  classroomId: entityId,
  classroomName: z.string(),
  lessonType,
  start: epochSeconds,
  end: epochSeconds,
  state: z.enum(sessionTimeStates),
  /** SPEC §4's display state and colour, from the shared rule (as the schedule shows them). */
  displayState: z.enum(sessionDisplayStates),
  displayColour: z.string(),
  teacher: personRef.nullable(),
  /** The lessons taught at the session (its teaching-day record); empty until recorded. */
  lessonNames: z.array(z.string()),
  classroomNumber: z.string().nullable(),
  /** The student's presence once recorded. */
  presence: z.enum(['present', 'absent']).nullable(),
});
export type StudentWeekSession = z.infer<typeof studentWeekSession>;
export const studentWeek = z.object({ data: z.array(studentWeekSession) });
export type StudentWeek = z.infer<typeof studentWeek>;

/** The number of deposits and transfers the money section lists (newest first). */
export const STUDENT_MONEY_RECENT = 20;

export const studentMoney = z.object({
  /** Per classroom, exactly as deposits.studentBalance answers, with what is owed there. */
  balances: z.array(
    classroomBalance.extend({
      /** −remaining when negative, else 0 (as the debtors list). */
      amountOwed: z.number(),
    }),
  ),
  /** Sums over the student's classrooms, from the ledger. */
  totals: z.object({ paid: z.number(), used: z.number(), remaining: z.number(), debt: z.number() }),
  /** The last deposits and transfers of the student (as the deposits and transfers lists), and how many there are. */
  deposits: z.array(deposit),
  depositCount: z.number().int(),
  transfers: z.array(transfer),
  transferCount: z.number().int(),
});
export type StudentMoney = z.infer<typeof studentMoney>;

/** Per class of the student the caller reaches: sessions, presence, homework and exams. */
export const studentAcademicClass = z.object({
  classroomId: entityId,
  classroomName: z.string(),
  teacherName: z.string(),
  state: classroomState,
  /** Live sessions started and to come. */
  held: z.number().int(),
  upcoming: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  homeworks: z.number().int(),
  homeworksDone: z.number().int(),
  homeworksPending: z.number().int(),
  exams: z.number().int(),
  /** Average of the scored exams, two decimals; null: none scored. */
  averageScore: z.number().nullable(),
  /** The last held session (its report page), null before the first. */
  lastHeldSessionId: entityId.nullable(),
});
export type StudentAcademicClass = z.infer<typeof studentAcademicClass>;
export const studentAcademic = z.object({ classes: z.array(studentAcademicClass) });
export type StudentAcademic = z.infer<typeof studentAcademic>;

/** The course plan and the applications (as progress.studentCoursePlan answers). */
export const studentProgress = z.object({
  coursePlan: z.array(coursePlanEntry),
  applications: z.array(progressApplication),
});
export type StudentProgress = z.infer<typeof studentProgress>;

/** Survey participation only, never the answers: per round, the classes to rate and those rated. */
export const studentSurveyRound = surveyRound
  .pick({
    roundId: true,
    title: true,
    startsAt: true,
    endsAt: true,
    isOpen: true,
    closedAt: true,
  })
  .extend({
    /** Classes and teachers the student studied with in the round, and how many of them were rated. */
    items: z.number().int(),
    answeredItems: z.number().int(),
    /** Every item rated. */
    answered: z.boolean(),
    /** The last rating's time, null before the first. */
    answeredAt: epochSeconds.nullable(),
  });
export type StudentSurveyRound = z.infer<typeof studentSurveyRound>;
export const studentSurveys = z.object({ rounds: z.array(studentSurveyRound) });
export type StudentSurveys = z.infer<typeof studentSurveys>;
