import { reportSessionStatus, type SessionReport, sessionDisplayState } from '@tutoria/shared';
import { reachesStudent } from '../../access/reach.ts';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { scopedSession } from '../scheduling/scheduling.module.ts';
import * as records from './records.repo.ts';
import { reportHead, type ReportHeadRow } from './session-report.repo.ts';
import { examsOfSession, homeworksOfSession, lessonsOfClass } from './record-filters.repo.ts';
import { examView, homeworkView, progressViews } from './views.ts';

export type SessionReportService = ReturnType<typeof createSessionReportService>;

/**
 * The session and student in the caller's reach (issue 10): the session's class in their classroom
 * scope, the student in their student reach (`reachableStudents`: a Student themself, a consultant
 * their consultees, a teacher the students of their live classes) and on
 * the class's roster. Anything else is FETCH_DATA_FAILED, as if it did not exist.
 */
export async function reachedStudentSession(
  q: Queryable,
  user: SessionUser,
  sessionId: string,
  studentKey: string,
) {
  const found = await scopedSession(q, user, sessionId);
  if (!(await reachesStudent(q, user, studentKey))) throw notFound();
  const head = await reportHead(q, sessionId, studentKey);
  if (!head?.enrolled) throw notFound();
  return { found, head };
}

/** The report itself, from the head row and four indexed reads of the session's records. */
export async function composeReport(
  q: Queryable,
  sessionId: string,
  studentKey: string,
  head: ReportHeadRow,
): Promise<SessionReport> {
  const [homeworkRows, examRows, progressRows, flags] = await Promise.all([
    records.homeworksWhere(q, homeworksOfSession(sessionId, studentKey)),
    records.examsWhere(q, examsOfSession(sessionId, studentKey)),
    records.lessonProgressOf(q, lessonsOfClass(head.classroomId), sessionId),
    records.flagsOf(q, sessionId),
  ]);
  const now = Math.floor(Date.now() / 1000);
  const timeAndRecords = {
    state: head.state,
    hasTeachingDayInformation: head.teachingRecorded,
    hasPresenceInformation: head.presenceComplete,
    end: head.end,
    now,
  };
  const sessionHours = (head.teachingMinutes ?? (head.end - head.start) / 60) / 60;
  return {
    classroomName: head.classroomName,
    lessonType: head.lessonType,
    start: head.start,
    end: head.end,
    state: head.state,
    displayState: sessionDisplayState({
      // A report reader never sees money: rule 1 (reserved) is left out, as scheduling does for them.
      financialConfirmation: true,
      ...timeAndRecords,
      confirmation: head.confirmation,
      changesConfirmedByTeacher: head.changesConfirmedByTeacher,
      changesConfirmedBySchedulingAdmin: head.changesConfirmedBySchedulingAdmin,
    }).state,
    status: reportSessionStatus(timeAndRecords),
    teacherName: head.teacherName ?? '',
    studentName: head.studentName,
    teachingDay: head.teachingRecorded
      ? {
          taughtLessonsDescription: head.taughtLessonsDescription,
          teachingMinutes: head.teachingMinutes,
          teachingType: head.teachingType,
        }
      : null,
    lessonsTaught: head.lessonsTaught,
    presence: head.isPresent === null ? null : { isPresent: head.isPresent, feedback: head.feedback },
    homeworks: homeworkRows.map(homeworkView).map((h) => ({
      subtitle: h.subtitle,
      deadLine: h.deadLine,
      form: h.form,
      state: h.state,
      correctPercentation: h.correctPercentation,
      feedback: h.feedback,
      doneMoment: h.doneMoment,
    })),
    exams: examRows.map(examView).map((e) => ({
      examType: e.examType,
      lessonName: e.lessonName,
      score: e.score,
      examState: e.examState,
      feedback: e.feedback,
    })),
    progress: progressViews(progressRows, sessionHours).map((p) => ({
      lessonName: p.lessonName,
      lessonTitle: p.lessonTitle,
      lessonSubTitle: p.lessonSubTitle,
      teachingLessonTimeInHour: p.teachingLessonTimeInHour,
      teachedHereInHour: p.atSession ? p.atSession.teachedTimeInHour : null,
      teachState: p.teachState,
      reviewState: p.reviewState,
      teachedTimeInHour: p.teachedTimeInHour,
      teachingTimeLeftInHour: p.teachingTimeLeftInHour,
      teachingPercent: p.teachingPercent,
    })),
    flags,
  };
}

/** `Report/GetSessionReportOfStudent`: one student's view of one session. */
export function createSessionReportService({ db }: ModuleContext) {
  return {
    async read(user: SessionUser, sessionId: string, studentKey: string) {
      const { head } = await reachedStudentSession(db, user, sessionId, studentKey);
      return composeReport(db, sessionId, studentKey, head);
    },
  };
}
