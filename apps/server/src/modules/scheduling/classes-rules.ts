import { classroomCapacity, type MessageKey } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import * as repo from './classes.repo.ts';
import { reachableClassrooms } from '../../access/reach.ts';
import * as sessionsRepo from './sessions.repo.ts';

/** The rules the classroom and session use cases share (DESIGN §7 Classroom, Session lifecycle). */

const fail = (key: MessageKey) => new AppError('FAILED_VALIDATION', { text: { key } });

/** A class in the caller's scope, or FETCH_DATA_FAILED as if it did not exist. */
export async function scopedClassroom(q: Queryable, user: SessionUser, classroomId: string) {
  const row = await repo.findClassroom(q, classroomId, reachableClassrooms(user));
  if (!row) throw notFound();
  return row;
}

/** Changes need a live class: a disabled one answers classDisabled, an archived one classArchived. */
export function assertWritable(
  row: { storedState: string; archived: boolean },
  options: { allowArchived?: boolean } = {},
) {
  if (row.storedState === 'Deleted') throw fail('classDisabled');
  if (row.archived && !options.allowArchived) throw fail('classArchived');
}

/** A class type takes at most so many students (Private 1, TwoOrThreePerson 3, …). */
export function checkCapacity(type: string, count: number) {
  const max = classroomCapacity[type as keyof typeof classroomCapacity];
  if (max !== null && max !== undefined && count > max) {
    throw new AppError('FAILED_VALIDATION', {
      fields: [{ field: 'studentsPublicKey', key: 'classCapacity', values: { max } }],
    });
  }
}

/** Every course named must exist. */
export async function checkSpecifications(q: Queryable, ids: readonly string[]) {
  const known = await repo.knownSpecificationIds(q, ids);
  if (ids.some((id) => !known.has(id))) {
    throw new AppError('FAILED_VALIDATION', {
      fields: [{ field: 'specificationIds', key: 'unknownSpecification' }],
    });
  }
}

/** A session whose class is in the caller's scope (`lock`: its row held), or FETCH_DATA_FAILED. */
export async function scopedSession(q: Queryable, user: SessionUser, sessionId: string, lock = false) {
  const found = await sessionsRepo.findSession(q, sessionId, reachableClassrooms(user), lock);
  if (!found) throw notFound();
  return found;
}

/** A session's class must be live (not disabled, not archived) for any change to the session. */
export function assertLiveClass(found: { classroomState: string; archived: boolean }) {
  assertWritable({ storedState: found.classroomState, archived: found.archived });
}

/** Time changes: only a session not held, not confirmed and not cancelled. */
export function assertMovable(found: sessionsRepo.FoundSession) {
  assertLiveClass(found);
  const s = found.session;
  if (s.state === 'canceled') throw fail('sessionIsCancelled');
  if (s.confirmation !== 'noConfirmation') throw fail('sessionLocked');
  if (s.state === 'haveclass') throw fail('sessionIsHeld');
}

/** Records can be written once the session has started, while it is neither cancelled nor confirmed. */
export function assertRecordable(found: sessionsRepo.FoundSession) {
  assertLiveClass(found);
  const s = found.session;
  if (s.state === 'canceled') throw fail('sessionIsCancelled');
  if (s.startAt.getTime() > Date.now()) throw fail('sessionNotStarted');
  if (s.confirmation !== 'noConfirmation') throw fail('sessionLocked');
}
