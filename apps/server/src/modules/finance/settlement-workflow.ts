import type { Queryable } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError } from '../../http/app-error.ts';
import type { ModuleContext } from '../module.ts';
import { allocateClassroom } from './allocation.ts';
import { confirmationWorkflow } from './confirmation-workflow.ts';
import { accounts, type Posting, post, reverse } from './ledger.repo.ts';
import * as repo from './settlements.repo.ts';
import './settlements.events.ts';
import { toSettlement } from './settlements.views.ts';

/** A day in the centre's time zone, YYYY-MM-DD. */
const dayOf = (seconds: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(seconds * 1000));

/** What a settlement's period reads as in its notification: from – to, or the end alone. */
const periodOf = (fromTime: number | null, toTime: number, timeZone: string) =>
  fromTime === null ? dayOf(toTime, timeZone) : `${dayOf(fromTime, timeZone)} – ${dayOf(toTime, timeZone)}`;

/**
 * A settlement's payment, in the caller's transaction under its locks: an other payment debits the
 * teacher pay; a TeachingSalary one first checks that every session it pays earns, now, exactly what
 * it pays for it (else UPDATE_FAILED, nothing written), brings its classes' earnings into the ledger
 * (fixed from now on at what it pays), then debits the teacher payable per class. Cash is credited
 * either way: one balanced transaction, `settlement:<id>:paid`, posted once.
 */
export async function paySettlement(q: Queryable, events: Pick<EventBus, 'record'>, x: repo.LockedSettlement, actorKey: string) {
  const meta = { kind: 'settlement.paid', idempotencyKey: repo.paymentKey(x.settlementId), actorKey };
  const cash: Posting = { account: accounts.cash, side: 'credit', amount: x.amount };
  if (x.settlementType === 'OtherPayments') {
    await post(q, meta, [{ account: accounts.teacherPay, side: 'debit', amount: x.amount, teacherKey: x.teacherKey, classroomId: x.classroomId }, cash]);
    return;
  }
  if ((await repo.coverageNotEarned(q, x.settlementId)) > 0) {
    throw new AppError('UPDATE_FAILED', { text: { key: 'settlementEarningsChanged' } });
  }
  for (const id of x.classroomIds) await allocateClassroom(q, events, id, actorKey);
  const perClass = await repo.coverageByClassroom(q, x.settlementId);
  await post(q, meta, [
    ...perClass.map((c): Posting => ({ account: accounts.teacherPayable, side: 'debit', amount: c.amount, teacherKey: x.teacherKey, classroomId: c.classroomId })),
    cash,
  ]);
}

/**
 * The settlements' part of the confirmation workflow (`confirmation-workflow.ts`): one step, the
 * financial admin's payment (the general confirm), `paySettlement` under its row lock and its
 * classes' locks. Reversing posts the reversing entries and frees its sessions; the classes'
 * earnings are then brought in line again (the workflow's `settle`).
 */
export function settlementWorkflow(ctx: ModuleContext) {
  return confirmationWorkflow(ctx, {
    kind: 'settlement',
    lock: (q, _user, settlementId) => repo.lockSettlement(q, settlementId),
    load: (q, _user, settlementId) => repo.settlementById(q, settlementId),
    view: toSettlement,
    update: repo.updateSettlement,
    classrooms: (x) => x.classroomIds,
    post: (q, user, x) => paySettlement(q, ctx.events, x, user.publicKey),
    unpost: async (q, user, x, reason) => {
      const posting = await repo.settlementPosting(q, x.settlementId);
      if (posting) await reverse(q, posting.transactionId, { kind: 'settlement.reversed', actorKey: user.publicKey, memo: reason });
      await repo.releaseSessions(q, x.settlementId);
    },
    payload: async (_q, x, user) => ({
      settlementId: x.settlementId,
      teacherKey: x.teacherKey,
      settlementType: x.settlementType,
      amount: x.amount,
      fromTime: x.fromTime,
      toTime: x.toTime,
      period: periodOf(x.fromTime, x.toTime, ctx.config.timeZone),
      classroomIds: x.classroomIds,
      actorKey: user.publicKey,
      userKeys: [x.teacherKey],
    }),
  });
}
