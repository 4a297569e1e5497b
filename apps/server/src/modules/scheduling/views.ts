import {
  type AvailableTime,
  type ClassroomRow,
  type ClassSession,
  type ClassSessionRow,
  sessionDisplayState,
  type TeacherTimeTable,
} from '@tutoria/shared';
import type { ClassmateView } from './classmates.ts';
import type { ClassroomListRecord, SessionListRecord } from './classes-list.repo.ts';
import type { PresenceRecord, SessionView } from './session-views.repo.ts';
import type { SlotRow, SlotSessionRow, TeacherRow } from './timetable.repo.ts';

/**
 * Stored rows → the contract's shapes. Pure functions: the classmates rule (`ClassmateView`) is
 * applied here to every per-student record a response carries.
 */

interface DisplayInput {
  /** Null when the caller may not read it (issue #14): rule 1 is then left out. */
  financialConfirmation: boolean | null;
  state: string;
  confirmation: string;
  changesConfirmedByTeacher: boolean;
  changesConfirmedBySchedulingAdmin: boolean;
  /** The session's end, epoch seconds. */
  end: number;
}

const nowEpoch = () => Math.floor(Date.now() / 1000);

/** The display state of SPEC §4 (and "not recorded", docs/decisions.md), from the shared rule. */
function displayOf(
  s: DisplayInput,
  hasTeachingDayInformation: boolean,
  hasPresenceInformation: boolean,
  now: number,
) {
  const display = sessionDisplayState({
    ...s,
    financialConfirmation: s.financialConfirmation ?? true,
    hasTeachingDayInformation,
    hasPresenceInformation,
    now,
  });
  return { displayState: display.state, displayColour: display.colour };
}

/**
 * A session of a class for this caller. Presence information is complete when every current student
 * has a presence row (counted before the classmates' records are left out).
 */
export function toSession(
  s: SessionView,
  presences: readonly PresenceRecord[],
  studentKeys: readonly string[],
  view: ClassmateView,
  now = nowEpoch(),
): ClassSession {
  const mine = presences.filter((p) => p.sessionId === s.sessionId);
  const recorded = new Set(mine.map((p) => p.studentPublicKey));
  const hasPresence = studentKeys.length > 0 && studentKeys.every((k) => recorded.has(k));
  const hasInfo = s.teachingDate !== null;
  const financialConfirmation = view.readsClassMoney(studentKeys) ? s.financialConfirmation : null;
  return {
    sessionId: s.sessionId,
    classroomId: s.classroomId,
    availableTimeId: s.availableTimeId,
    start: s.start,
    end: s.end,
    durationMinutes: s.durationMinutes,
    state: s.state as ClassSession['state'],
    classroomNumber: s.classroomNumber,
    financialConfirmation,
    confirmation: s.confirmation as ClassSession['confirmation'],
    changesConfirmedByTeacher: s.changesConfirmedByTeacher,
    changesConfirmedBySchedulingAdmin: s.changesConfirmedBySchedulingAdmin,
    teachingDayInformation: hasInfo
      ? {
          date: s.teachingDate!,
          taughtLessonsDescription: s.taughtLessonsDescription ?? '',
          teachingMinutes: s.teachingMinutes ?? 0,
          teachingType: (s.teachingType ?? 'offline') as 'online' | 'offline',
          classroomLessonIds: s.taughtLessonIds,
        }
      : null,
    presences: view.presences(mine).map((p) => ({
      studentPublicKey: p.studentPublicKey,
      studentName: p.studentName,
      isPresent: p.isPresent,
      feedback: p.feedback,
    })),
    ...displayOf({ ...s, financialConfirmation }, hasInfo, hasPresence, now),
  };
}

/** The class's money at a glance: none without live sessions, confirmed once finance covered all. */
export function financialStateOf(sessions: readonly ClassSession[]) {
  const live = sessions.filter((s) => s.state !== 'canceled');
  if (live.some((s) => s.financialConfirmation === null)) return null;
  if (!live.length) return 'none' as const;
  return live.every((s) => s.financialConfirmation) ? ('confirmed' as const) : ('reserved' as const);
}

export function toClassroomRow(
  {
    totalCount: _total,
    assistantKey: _assistant,
    ...row
  }: Omit<ClassroomListRecord, 'totalCount'> & { totalCount?: number },
  view: ClassmateView,
): ClassroomRow {
  return {
    ...row,
    classroomType: row.classroomType as ClassroomRow['classroomType'],
    lessonType: row.lessonType as ClassroomRow['lessonType'],
    state: row.state as ClassroomRow['state'],
    students: row.students.map(view.person),
  };
}

export function toSessionRow(
  { totalCount: _total, hasPresenceInformation, ...row }: SessionListRecord,
  view: ClassmateView,
  now = nowEpoch(),
): ClassSessionRow {
  const financialConfirmation = view.readsClassMoney(row.students.map((s) => s.publicKey))
    ? row.financialConfirmation
    : null;
  return {
    ...row,
    financialConfirmation,
    state: row.state as ClassSessionRow['state'],
    confirmation: row.confirmation as ClassSessionRow['confirmation'],
    classroomType: row.classroomType as ClassSessionRow['classroomType'],
    lessonType: row.lessonType as ClassSessionRow['lessonType'],
    classroomState: row.classroomState as ClassSessionRow['classroomState'],
    students: row.students.map(view.person),
    ...displayOf(
      { ...row, financialConfirmation },
      row.hasTeachingDayInformation,
      hasPresenceInformation,
      now,
    ),
  };
}

/** Adds an item to its key's group, in arrival order. */
function groupInto<T>(groups: Map<string, T[]>, key: string, item: T): void {
  const group = groups.get(key);
  if (group) group.push(item);
  else groups.set(key, [item]);
}

/**
 * Teachers' timetables: their slots with the live sessions inside. A slot is stored Active or Cancel;
 * it reads Full once its sessions fill it, Expired once it passed unbooked (docs/decisions.md).
 */
export function toTeacherTimetables(
  teachers: readonly TeacherRow[],
  slots: readonly SlotRow[],
  sessions: readonly SlotSessionRow[],
  studentNames: ReadonlyMap<string, string[]>,
  now: number,
): TeacherTimeTable[] {
  const sessionsBySlot = new Map<string, SlotSessionRow[]>();
  // Grouped by pushing onto each group (copying a group on every row was quadratic in its size).
  for (const s of sessions) groupInto(sessionsBySlot, s.availableTimeId!, s);
  const slotsByTeacher = new Map<string, AvailableTime[]>();
  for (const slot of slots) {
    const inside = sessionsBySlot.get(slot.availableTimeId) ?? [];
    const booked = inside.reduce((sum, s) => sum + (s.end - s.start), 0);
    const state: AvailableTime['state'] =
      slot.state === 'Cancel'
        ? 'Cancel'
        : inside.length && booked >= slot.end - slot.start
          ? 'Full'
          : !inside.length && slot.end <= now
            ? 'Expired'
            : 'Active';
    const item: AvailableTime = {
      availableTimeId: slot.availableTimeId,
      start: slot.start,
      end: slot.end,
      state,
      hasClassroom: inside.length > 0,
      seriesId: slot.seriesId,
      sessions: inside.map((s) => ({
        sessionId: s.sessionId,
        classroomId: s.classroomId,
        classroomName: s.classroomName,
        classroomNumber: s.classroomNumber,
        start: s.start,
        end: s.end,
        state: s.state as AvailableTime['sessions'][number]['state'],
        studentNames: studentNames.get(s.classroomId) ?? [],
        waitingForRecords: s.waitingForRecords,
      })),
    };
    groupInto(slotsByTeacher, slot.teacherKey, item);
  }
  return teachers.map((t) => ({
    teacherTimeTableId: t.teacherTimeTableId,
    teacherPublicKey: t.publicKey,
    teacherName: t.fullName,
    lessonName: t.lessonNames?.[0] ?? null,
    lessonNames: t.lessonNames ?? [],
    availableTimes: slotsByTeacher.get(t.publicKey) ?? [],
  }));
}
