import type { Queryable } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { lockClassroom, setFinancialConfirmation } from '../scheduling/scheduling.module.ts';
import { chargeDifferences, formalSessions } from './allocation.repo.ts';
import { earningDifferences } from './earnings.repo.ts';
import { accounts, post, reverse } from './ledger.repo.ts';

export interface AllocationResult {
  classroomId: string;
  /** Sessions whose reserved / formal state changed. */
  changedSessionIds: string[];
  /** Held sessions charged to students' credit in this run. */
  chargedSessionIds: string[];
  /** Sessions whose earlier charge was taken back (reversed) in this run. */
  reversedSessionIds: string[];
}

/**
 * Brings one classroom's money in line, inside the caller's transaction (DESIGN §7): under the
 * classroom's row lock, (1) every held session carries, per student with a price, exactly one live
 * charge of its price — a wrong or no-longer-due charge is reversed and the right one posted —
 * and every earned session exactly one live earning of its teacher (issue 28), corrected alike;
 * (2) the reserved / formal split is recomputed from the ledger and written to the sessions.
 * Running it twice changes nothing the second time (idempotent). Events are recorded in the same
 * transaction. A classroom that does not exist (destroyed) is skipped.
 */
export async function allocateClassroom(
  q: Queryable,
  events: Pick<EventBus, 'record'>,
  classroomId: string,
  actorKey: string | null,
): Promise<AllocationResult> {
  const result: AllocationResult = { classroomId, changedSessionIds: [], chargedSessionIds: [], reversedSessionIds: [] };
  if (!(await lockClassroom(q, classroomId))) return result;
  const charged = new Set<string>();
  const reversed = new Set<string>();
  for (const d of await chargeDifferences(q, classroomId)) {
    if (d.liveTransactionId) {
      await reverse(q, d.liveTransactionId, { kind: 'charge.reversed', actorKey, sessionId: d.sessionId });
      reversed.add(d.sessionId);
    }
    if (d.expected !== null) {
      await post(
        q,
        { kind: 'charge.session', idempotencyKey: `charge:${d.sessionId}:${d.studentKey}:${d.posted}`, actorKey, sessionId: d.sessionId },
        [
          { account: accounts.studentCredit, side: 'debit', amount: d.expected, studentKey: d.studentKey, classroomId },
          { account: accounts.revenue, side: 'credit', amount: d.expected, studentKey: d.studentKey, classroomId },
        ],
      );
      charged.add(d.sessionId);
    }
  }
  // teacher settlements (issue 28): every earned session carries exactly one live earning of its teacher.
  for (const d of await earningDifferences(q, classroomId)) {
    if (d.liveTransactionId) await reverse(q, d.liveTransactionId, { kind: 'earning.reversed', actorKey, sessionId: d.sessionId });
    if (d.expected !== null) {
      const keys = { teacherKey: d.teacherKey, classroomId: d.classroomId, amount: d.expected };
      await post(
        q,
        { kind: 'earning.session', idempotencyKey: `earning:${d.sessionId}:${d.teacherKey}:${d.posted}`, actorKey, sessionId: d.sessionId },
        [
          { account: accounts.teacherPay, side: 'debit', ...keys },
          { account: accounts.teacherPayable, side: 'credit', ...keys },
        ],
      );
    }
  }
  result.chargedSessionIds = [...charged];
  result.reversedSessionIds = [...reversed];
  if (charged.size || reversed.size) {
    await events.record(q, 'session.charged', {
      classroomId,
      sessionIds: result.chargedSessionIds,
      reversedSessionIds: result.reversedSessionIds,
      actorKey,
    });
  }
  result.changedSessionIds = await setFinancialConfirmation(q, classroomId, await formalSessions(q, classroomId));
  if (result.changedSessionIds.length) {
    await events.record(q, 'reservation.changed', { classroomId, sessionIds: result.changedSessionIds, actorKey });
  }
  return result;
}
