import {
  type ClassroomRow,
  type ClassSession,
  type ClassSessionRow,
  sessionDisplayState,
} from '@tutoria/shared';
import { toEpoch } from '../../lib/time.ts';
import type { ClassroomRecord, presencesOf, SessionRecord } from './classes.repo.ts';
import { epoch } from './sql.ts';

type PresenceRow = Awaited<ReturnType<typeof presencesOf>>[number];

/** The display state of SPEC §4, from the shared rule, for one stored session. */
export function displayOf(
  s: Pick<
    SessionRecord,
    | 'financialConfirmation'
    | 'state'
    | 'confirmation'
    | 'changesConfirmedByTeacher'
    | 'changesConfirmedBySchedulingAdmin'
  >,
  hasTeachingDayInformation: boolean,
  hasPresenceInformation: boolean,
) {
  const display = sessionDisplayState({
    financialConfirmation: s.financialConfirmation,
    state: s.state,
    confirmation: s.confirmation,
    hasTeachingDayInformation,
    hasPresenceInformation,
    changesConfirmedByTeacher: s.changesConfirmedByTeacher,
    changesConfirmedBySchedulingAdmin: s.changesConfirmedBySchedulingAdmin,
  });
  return { displayState: display.state, displayColour: display.colour };
}

/** Presence information is complete when every current student of the class has a presence row. */
export function toSession(
  s: SessionRecord,
  presences: readonly PresenceRow[],
  studentKeys: readonly string[],
): ClassSession {
  const mine = presences.filter((p) => p.sessionId === s.sessionId);
  const recorded = new Set(mine.map((p) => p.studentPublicKey));
  const hasPresence = studentKeys.length > 0 && studentKeys.every((k) => recorded.has(k));
  const hasInfo = s.teachingDate !== null;
  return {
    sessionId: s.sessionId,
    classroomId: s.classroomId,
    availableTimeId: s.availableTimeId,
    start: toEpoch(s.startAt),
    end: toEpoch(s.endAt),
    durationMinutes: s.durationMinutes,
    state: s.state as ClassSession['state'],
    classroomNumber: s.classroomNumber,
    financialConfirmation: s.financialConfirmation,
    confirmation: s.confirmation as ClassSession['confirmation'],
    changesConfirmedByTeacher: s.changesConfirmedByTeacher,
    changesConfirmedBySchedulingAdmin: s.changesConfirmedBySchedulingAdmin,
    teachingDayInformation: hasInfo
      ? {
          date: toEpoch(s.teachingDate!),
          taughtLessonsDescription: s.taughtLessonsDescription ?? '',
          teachingMinutes: s.teachingMinutes ?? 0,
          teachingType: (s.teachingType ?? 'offline') as 'online' | 'offline',
          classroomLessonIds: s.taughtLessonIds,
        }
      : null,
    presences: mine.map((p) => ({
      studentPublicKey: p.studentPublicKey,
      studentName: p.studentName,
      isPresent: p.isPresent,
      feedback: p.feedback,
    })),
    ...displayOf(s, hasInfo, hasPresence),
  };
}

export function toClassroomRow(
  row: Omit<ClassroomRecord, 'storedState' | 'assistantKey' | 'assistantName'>,
): ClassroomRow {
  return {
    ...row,
    classroomType: row.classroomType as ClassroomRow['classroomType'],
    lessonType: row.lessonType as ClassroomRow['lessonType'],
    state: row.state as ClassroomRow['state'],
    students: (row.students ?? []).map((s) => ({ publicKey: s.publicKey, fullName: s.fullName })),
    nextSessionStart: row.nextSessionStart === null ? null : Number(row.nextSessionStart),
    lastSessionEnd: row.lastSessionEnd === null ? null : Number(row.lastSessionEnd),
    sessionCount: Number(row.sessionCount),
    createMoment: toEpoch(row.createMoment),
  };
}

export interface SessionListSqlRow {
  session_id: string;
  classroom_id: string;
  available_time_id: string | null;
  start_at: Date | string;
  end_at: Date | string;
  duration_minutes: number;
  state: string;
  classroom_number: string | null;
  financial_confirmation: boolean;
  confirmation: string;
  changes_confirmed_by_teacher: boolean;
  changes_confirmed_by_scheduling_admin: boolean;
  has_info: boolean;
  has_presence: boolean;
  classroom_name: string;
  classroom_type: string;
  lesson_type: string;
  classroom_state: string;
  teacher_key: string;
  teacher_name: string;
  students: { publicKey: string; fullName: string }[];
  total_count: number | string;
}

export function toSessionRow(r: SessionListSqlRow): ClassSessionRow {
  return {
    sessionId: r.session_id,
    classroomId: r.classroom_id,
    availableTimeId: r.available_time_id,
    start: epoch(r.start_at),
    end: epoch(r.end_at),
    durationMinutes: Number(r.duration_minutes),
    state: r.state as ClassSessionRow['state'],
    classroomNumber: r.classroom_number,
    financialConfirmation: r.financial_confirmation,
    confirmation: r.confirmation as ClassSessionRow['confirmation'],
    changesConfirmedByTeacher: r.changes_confirmed_by_teacher,
    changesConfirmedBySchedulingAdmin: r.changes_confirmed_by_scheduling_admin,
    hasTeachingDayInformation: r.has_info,
    classroomName: r.classroom_name,
    classroomType: r.classroom_type as ClassSessionRow['classroomType'],
    lessonType: r.lesson_type as ClassSessionRow['lessonType'],
    classroomState: r.classroom_state as ClassSessionRow['classroomState'],
    teacherPublicKey: r.teacher_key,
    teacherName: r.teacher_name,
    students: r.students ?? [],
    ...displayOf(
      {
        financialConfirmation: r.financial_confirmation,
        state: r.state,
        confirmation: r.confirmation,
        changesConfirmedByTeacher: r.changes_confirmed_by_teacher,
        changesConfirmedBySchedulingAdmin: r.changes_confirmed_by_scheduling_admin,
      },
      r.has_info,
      r.has_presence,
    ),
  };
}
