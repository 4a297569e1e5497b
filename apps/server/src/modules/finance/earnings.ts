import type { Queryable } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { allocateClassroom } from './allocation.ts';
import { lockClassrooms } from './confirmation-workflow.ts';
import { classroomsPaidByFee } from './earnings.repo.ts';

/**
 * Teacher fees changed (or went): the classes it pays for in place of a teacher salary have
 * their earnings brought in line in the same transaction, under their locks (ids sorted, after the
 * fee's own row: the one lock order for money).
 */
export async function reallocateFeeClassrooms(
  q: Queryable,
  events: Pick<EventBus, 'record'>,
  fees: readonly { teacherKey: string; lessonType: string }[],
  actorKey: string,
): Promise<void> {
  const classroomIds: string[] = [];
  for (const fee of fees) classroomIds.push(...(await classroomsPaidByFee(q, fee.teacherKey, [fee.lessonType])));
  await lockClassrooms(q, classroomIds);
  for (const id of new Set(classroomIds)) await allocateClassroom(q, events, id, actorKey);
}
