/**
 * Pure scheduling rules shared by server and browser (SPEC §4, DESIGN §7): the colour of a teacher's
 * timetable slot, the display state of a classroom session, and interval helpers.
 */

/** Stored states of an available time, plus what the server derives for display. */
export const slotStates = ['new', 'Active', 'Full', 'Cancel', 'Expired'] as const;
export type SlotState = (typeof slotStates)[number];

export const slotColours = {
  new: '#FBC02D',
  hasClassroom: '#3060DD',
  Active: '#30DD75',
  Full: '#37474F',
  Cancel: '#000000',
  other: '#EF2929',
} as const;
export type SlotColourKey = keyof typeof slotColours;

/** Busy times shown while booking (SPEC §4). */
export const notAvailableStudentColour = '#EF2929';
export const notAvailableRoomColour = '#65635D';

export interface SlotInput {
  /** Any state string: unknown ones fall to "anything else". */
  state: string;
  hasClassroom: boolean;
}

/**
 * SPEC §4's slot table, checked in this order: a draft not yet saved (`new`) is yellow; a cancelled
 * slot black; a slot whose whole length is booked (`Full`) dark grey; a slot with a classroom blue;
 * an `Active` slot waiting for a class green; anything else (an unbooked slot that has passed) red.
 */
export function slotColourKey(slot: SlotInput): SlotColourKey {
  if (slot.state === 'new') return 'new';
  if (slot.state === 'Cancel') return 'Cancel';
  if (slot.state === 'Full') return 'Full';
  if (slot.hasClassroom) return 'hasClassroom';
  if (slot.state === 'Active') return 'Active';
  return 'other';
}

export function slotColour(slot: SlotInput): string {
  return slotColours[slotColourKey(slot)];
}

/** Session time state (SPEC §3): waitingforclass → haveclass (held) or canceled. */
export const sessionTimeStates = ['waitingforclass', 'haveclass', 'canceled'] as const;
export type SessionTimeState = (typeof sessionTimeStates)[number];

/** Session confirmation (SPEC §4): noConfirmation → confirmedByTeacher → confirmedByAdmin. */
export const sessionConfirmations = ['noConfirmation', 'confirmedByTeacher', 'confirmedByAdmin'] as const;
export type SessionConfirmation = (typeof sessionConfirmations)[number];

export const sessionDisplayStates = [
  'reserved',
  'cancelled',
  'new',
  'waitingForClass',
  'passed',
  'notRecorded',
] as const;
export type SessionDisplayState = (typeof sessionDisplayStates)[number];

export const sessionDisplayColours: Record<SessionDisplayState, string> = {
  reserved: '#6d28d9',
  cancelled: '#EF2929',
  new: '#FBC02D',
  waitingForClass: '#30DD75',
  passed: '#a45f4b',
  notRecorded: '#F59F00',
};

export interface SessionDisplayInput {
  financialConfirmation: boolean;
  state: SessionTimeState | string;
  confirmation: SessionConfirmation | string;
  hasTeachingDayInformation: boolean;
  hasPresenceInformation: boolean;
  changesConfirmedByTeacher: boolean;
  changesConfirmedBySchedulingAdmin: boolean;
  /** The session's end, epoch seconds. */
  end: number;
  /** The moment the state is read at, epoch seconds. */
  now: number;
}

export interface SessionDisplay {
  state: SessionDisplayState;
  colour: string;
  /** Which of SPEC §4's six ordered rules decided (1–6), or 0 for "not recorded" (docs/decisions.md). */
  rule: 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

/**
 * A session waits for its records once it has ended (end ≤ now), is not cancelled and lacks its
 * teaching-day information or a presence for a student (docs/decisions.md, issue #13). The server's
 * "waiting for records" list filter is the same condition in SQL (scheduling's classes-list.repo).
 */
export function isWaitingForRecords(
  s: Pick<
    SessionDisplayInput,
    'state' | 'hasTeachingDayInformation' | 'hasPresenceInformation' | 'end' | 'now'
  >,
): boolean {
  const cancelled = s.state === 'canceled' || s.state === 'Cancel';
  return s.end <= s.now && !cancelled && !(s.hasTeachingDayInformation && s.hasPresenceInformation);
}

/**
 * A session that waits for its records (isWaitingForRecords) is "not recorded" (amber) whatever
 * its confirmations: the first thing a centre checks each morning. Every other session follows
 * SPEC §4's ordered rule:
 * 1. no financial confirmation → reserved (purple);
 * 2. financially confirmed and cancelled → cancelled;
 * 3. confirmed (by the teacher or the admin) but missing teaching-day or presence information → cancelled (red);
 * 4. teaching-day and presence information, changes confirmed by the teacher but not by the scheduling admin → new (yellow);
 * 5. changes confirmed by both → waiting for class (green);
 * 6. otherwise → passed (#a45f4b).
 */
export function sessionDisplayState(s: SessionDisplayInput): SessionDisplay {
  const out = (state: SessionDisplayState, rule: SessionDisplay['rule']): SessionDisplay => ({
    state,
    colour: sessionDisplayColours[state],
    rule,
  });
  if (isWaitingForRecords(s)) return out('notRecorded', 0);
  if (!s.financialConfirmation) return out('reserved', 1);
  if (s.state === 'canceled' || s.state === 'Cancel') return out('cancelled', 2);
  const hasRecords = s.hasTeachingDayInformation && s.hasPresenceInformation;
  if (s.confirmation !== 'noConfirmation' && !hasRecords) return out('cancelled', 3);
  if (hasRecords && s.changesConfirmedByTeacher && !s.changesConfirmedBySchedulingAdmin) return out('new', 4);
  if (s.changesConfirmedByTeacher && s.changesConfirmedBySchedulingAdmin) return out('waitingForClass', 5);
  return out('passed', 6);
}

export const reportSessionStatuses = ['upcoming', 'held', 'notRecorded', 'cancelled'] as const;
export type ReportSessionStatus = (typeof reportSessionStatuses)[number];

/**
 * What a session report (the student's, the parent's) says of the session (issue 27): the class
 * details' own words for time and records, not SPEC §4's confirmation colours, which tell staff
 * about schedule changes and read "waiting for class" for a class that took place. Cancelled;
 * upcoming until it ends; held once it ended with its records (or the teacher confirmed it);
 * otherwise not recorded yet.
 */
export function reportSessionStatus(
  s: Pick<SessionDisplayInput, 'state' | 'hasTeachingDayInformation' | 'hasPresenceInformation' | 'end' | 'now'>,
): ReportSessionStatus {
  if (s.state === 'canceled' || s.state === 'Cancel') return 'cancelled';
  if (s.end > s.now) return 'upcoming';
  if (s.state === 'haveclass' || !isWaitingForRecords(s)) return 'held';
  return 'notRecorded';
}

/** Half-open intervals [start, end) in epoch seconds overlap when each starts before the other ends. */
export function overlaps(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Whether `inner` lies wholly inside `outer`. */
export function contains(
  outer: { start: number; end: number },
  inner: { start: number; end: number },
): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

export const WEEK_SECONDS = 7 * 24 * 3600;

/**
 * A weekly series: the given intervals, then the same intervals shifted by whole weeks while they
 * start before `until` (epoch seconds, exclusive). Weeks are 7 × 24 hours; the browser expands series
 * in the centre's local time itself, so daylight-saving changes keep the wall-clock time.
 * Capped at `maxCount` items so one request stays small.
 */
export function weeklySeries<T extends { start: number; end: number }>(
  first: readonly T[],
  until: number | null | undefined,
  maxCount = 400,
): T[] {
  const out: T[] = [...first.slice(0, maxCount)];
  if (until === null || until === undefined) return out;
  for (let week = 1; out.length < maxCount; week++) {
    const next = first
      .map((item) => ({
        ...item,
        start: item.start + week * WEEK_SECONDS,
        end: item.end + week * WEEK_SECONDS,
      }))
      .filter((item) => item.start < until);
    if (next.length === 0) break;
    out.push(...next.slice(0, maxCount - out.length));
  }
  return out;
}

/** A session's length in whole minutes. */
export function durationMinutes(start: number, end: number): number {
  return Math.round((end - start) / 60);
}

/** classroomType capacity (most students a classroom of that type takes); `null` = no limit. */
export const classroomTypes = [
  'Private',
  'TwoOrThreePerson',
  'ThreeOrFourPerson',
  'MoreThanFourPerson',
  'Full',
] as const;
export type ClassroomType = (typeof classroomTypes)[number];
export const classroomCapacity: Record<ClassroomType, number | null> = {
  Private: 1,
  TwoOrThreePerson: 3,
  ThreeOrFourPerson: 4,
  MoreThanFourPerson: null,
  Full: null,
};
