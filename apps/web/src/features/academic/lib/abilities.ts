import type { ClassSession, CurrentUser } from '@tutoria/shared';

export interface RecordAbilities {
  /** Homework, exams, progress and flags may be added or changed now. */
  record: boolean;
  /** A homework may be graded (also after the admin confirmed the session). */
  grade: boolean;
}

/** What the caller may do with a session's academic records (the server checks the same rules). */
export function recordAbilities(
  user: CurrentUser | undefined,
  session: Pick<ClassSession, 'start' | 'state' | 'confirmation'>,
  classLive: boolean,
): RecordAbilities {
  const permissions = user?.permissions ?? [];
  const open =
    classLive &&
    permissions.includes('sessions.record') &&
    session.state !== 'canceled' &&
    session.start * 1000 <= Date.now();
  const unlocked =
    session.confirmation !== 'confirmedByAdmin' || permissions.includes('sessions.confirmAsAdmin');
  return { record: open && unlocked, grade: open };
}

/** A number typed in a NumberInput ('' while empty). */
export const typedNumber = (value: number | string | null | undefined) =>
  value === '' || value === null || value === undefined ? null : Number(value);
