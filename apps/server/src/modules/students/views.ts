import {
  sessionDisplayState,
  type StudentAcademicClass,
  type StudentPageClass,
  type StudentWeekSession,
  type StudentSurveyRound,
} from '@tutoria/shared';
import type { StudentLineRow } from '../academic/academic.module.ts';
import type { ParticipationRow } from '../surveys/surveys.module.ts';
import type { ClassRow, WeekRow } from './students.repo.ts';

/** Rows to the student's page's shapes (issue 31); no arithmetic on money or scores here. */

const personOf = (key: string | null, name: string | null) => (key && name !== null ? { publicKey: key, fullName: name } : null);

export function toPageClass(row: ClassRow): StudentPageClass {
  return {
    classroomId: row.classroomId,
    classroomName: row.classroomName,
    lessonType: row.lessonType as StudentPageClass['lessonType'],
    classroomType: row.classroomType as StudentPageClass['classroomType'],
    state: row.state as StudentPageClass['state'],
    teacher: personOf(row.teacherKey, row.teacherName),
    nextSessionStart: row.nextSessionStart,
    sessionsHeld: row.sessionsHeld,
    sessionsTotal: row.sessionsTotal,
  };
}

/** A session of the week, its display state from the shared rule (rule 1 left out when its money is not the caller's). */
export function toWeekSession(row: WeekRow, now: number): StudentWeekSession {
  const display = sessionDisplayState({
    financialConfirmation: row.financialConfirmation ?? true,
    state: row.state,
    confirmation: row.confirmation,
    hasTeachingDayInformation: row.hasTeachingDayInformation,
    hasPresenceInformation: row.hasPresenceInformation,
    changesConfirmedByTeacher: row.changesConfirmedByTeacher,
    changesConfirmedBySchedulingAdmin: row.changesConfirmedBySchedulingAdmin,
    end: row.end,
    now,
  });
  return {
    sessionId: row.sessionId,
    classroomId: row.classroomId,
    classroomName: row.classroomName,
    lessonType: row.lessonType as StudentWeekSession['lessonType'],
    start: row.start,
    end: row.end,
    state: row.state as StudentWeekSession['state'],
    displayState: display.state,
    displayColour: display.colour,
    teacher: personOf(row.teacherKey, row.teacherName),
    lessonNames: row.lessonNames,
    classroomNumber: row.classroomNumber,
    presence: row.isPresent === null ? null : row.isPresent ? 'present' : 'absent',
  };
}

export function toAcademicClass(row: StudentLineRow): StudentAcademicClass {
  return {
    ...row,
    state: row.state as StudentAcademicClass['state'],
    averageScore: row.averageScore === null ? null : Number(row.averageScore),
  };
}

export function toSurveyRound(row: ParticipationRow): StudentSurveyRound {
  return {
    roundId: row.roundId,
    title: row.title,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    isOpen: row.closedAt === null,
    closedAt: row.closedAt,
    items: row.items,
    answeredItems: row.answeredItems,
    answered: row.items > 0 && row.answeredItems >= row.items,
    answeredAt: row.answeredAt,
  };
}
