import type { ModuleContext } from '../module.ts';
import { confirmationWorkflow } from './confirmation-workflow.ts';
import * as repo from './deposits.repo.ts';
import { depositPosting, depositPostings, post, reverse } from './ledger.repo.ts';
import { studentMoneyScope } from './money-reach.ts';
import { toDeposit } from './views.ts';

/**
 * The deposits' part of the confirmation workflow (`confirmation-workflow.ts`): their rows, and
 * their money — cash (and the discount granted) against the student's credit in the classroom, or,
 * for a contract payment (issue 28), cash against the contract revenue: no classroom moves.
 */
export function depositWorkflow(ctx: ModuleContext) {
  return confirmationWorkflow(ctx, {
    kind: 'deposit',
    lock: (q, user, depositId) => repo.lockDeposit(q, depositId, studentMoneyScope(user)),
    load: (q, user, depositId) => repo.depositById(q, depositId, studentMoneyScope(user)),
    view: toDeposit,
    update: repo.updateDeposit,
    classrooms: (d) => (d.classroomId ? [d.classroomId] : []),
    post: async (q, user, d) => {
      const meta = { kind: 'deposit.confirmed', idempotencyKey: `deposit:${d.depositId}:confirmed`, actorKey: user.publicKey, depositId: d.depositId };
      await post(q, meta, depositPostings(d));
    },
    unpost: async (q, user, d, reason) => {
      const posting = await depositPosting(q, d.depositId);
      if (posting) await reverse(q, posting.transactionId, { kind: 'deposit.reversed', actorKey: user.publicKey, depositId: d.depositId, memo: reason });
    },
    payload: async (_q, d, user) => ({
      depositId: d.depositId,
      studentKey: d.studentKey,
      classroomId: d.classroomId,
      contractId: d.contractId,
      amount: d.amount,
      actorKey: user.publicKey,
      userKeys: [d.studentKey],
    }),
  });
}
