import { AppError } from '../../http/app-error.ts';
import type { Queryable } from '../../db/client.ts';
import type { ModuleContext } from '../module.ts';
import { allocateClassroom } from './allocation.ts';
import { studentInScope } from './balances.repo.ts';
import { confirmationWorkflow } from './confirmation-workflow.ts';
import { accounts, post, reverse } from './ledger.repo.ts';
import { studentMoneyScope } from './money-reach.ts';
import * as repo from './transfers.repo.ts';
import './transfers.events.ts';
import { toTransfer } from './transfers.views.ts';

/** Who a transfer concerns: the student and their consultant. */
async function concerned(q: Queryable, studentKey: string) {
  const student = await studentInScope(q, studentKey, undefined);
  return [studentKey, ...(student?.consultantKey ? [student.consultantKey] : [])];
}

/**
 * The transfers' part of the confirmation workflow (`confirmation-workflow.ts`): their rows, and
 * their money — the student's credit debited in the source, credited in the destination.
 * Confirming brings the source's charges in line first (its unused credit is then the ledger's
 * truth) and refuses more than that credit (the refusal undoes the whole confirmation).
 */
export function transferWorkflow(ctx: ModuleContext) {
  const credit0 = (x: repo.LockedTransfer) => ({ account: accounts.studentCredit, studentKey: x.studentKey, amount: x.amount });
  return confirmationWorkflow(ctx, {
    kind: 'transfer',
    lock: (q, user, transferId) => repo.lockTransfer(q, transferId, studentMoneyScope(user)),
    load: (q, user, transferId) => repo.transferById(q, transferId, studentMoneyScope(user)),
    view: toTransfer,
    update: repo.updateTransfer,
    classrooms: (x) => [x.sourceClassroomId, x.destinationClassroomId],
    post: async (q, user, x) => {
      await allocateClassroom(q, ctx.events, x.sourceClassroomId, user.publicKey);
      const credit = await repo.creditLeft(q, { studentKey: x.studentKey, classroomId: x.sourceClassroomId, amount: x.amount, exceptId: x.transferId, lessWaiting: false });
      if (!credit.fits) throw new AppError('UPDATE_FAILED', { text: { key: 'transferMoreThanCredit', values: { available: credit.available } } });
      await post(q, { kind: 'transfer.confirmed', idempotencyKey: repo.transferKey(x.transferId), actorKey: user.publicKey }, [
        { ...credit0(x), side: 'debit', classroomId: x.sourceClassroomId },
        { ...credit0(x), side: 'credit', classroomId: x.destinationClassroomId },
      ]);
    },
    unpost: async (q, user, x, reason) => {
      const posting = await repo.transferPosting(q, x.transferId);
      if (posting) await reverse(q, posting.transactionId, { kind: 'transfer.reversed', actorKey: user.publicKey, memo: reason });
    },
    payload: async (q, x, user) => ({
      transferId: x.transferId,
      studentKey: x.studentKey,
      sourceClassroomId: x.sourceClassroomId,
      destinationClassroomId: x.destinationClassroomId,
      amount: x.amount,
      actorKey: user.publicKey,
      userKeys: await concerned(q, x.studentKey),
    }),
  });
}
