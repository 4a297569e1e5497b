import {
  type ConfirmDepositBody,
  type CreateDepositBody,
  type EditDepositBody,
  type ListQuery,
  type MessageKey,
  moneyText,
  paymentMethods,
  type DepositSums,
  type PaymentMethod,
} from '@tutoria/shared';
import { auditPage, writeAudit } from '../../db/audit.ts';
import { transactionTime } from '../../db/sql.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { toEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import { isStudentOfClassroom } from '../scheduling/scheduling.module.ts';
import { allocateClassroom } from './allocation.ts';
import { receiptOfDeposit } from './deposit-receipts.repo.ts';
import { depositReceiptStore } from './deposit-receipts.service.ts';
import { studentInScope } from './balances.repo.ts';
import * as repo from './deposits.repo.ts';
import { depositPosting, depositPostings, post, reverse } from './ledger.repo.ts';
import { studentMoneyScope } from './scope.ts';
import { toDeposit } from './views.ts';

export type DepositsService = ReturnType<typeof createDepositsService>;
export type ConfirmStep = 'consultant' | 'financialAdmin' | 'direct';

const refuse = (code: 'UPDATE_FAILED' | 'DELETE_FAILED', key: MessageKey) => new AppError(code, { text: { key } });
const clearedSteps = {
  consultantConfirmedBy: null,
  consultantConfirmedAt: null,
  consultantMessage: null,
  financialConfirmedBy: null,
  financialConfirmedAt: null,
  financialMessage: null,
};
const invalid = (field: string, key: MessageKey) => new AppError('FAILED_VALIDATION', { fields: [{ field, key }] });

/**
 * Deposits (SPEC §7 Finance: deposits; DESIGN §7). A deposit waits until confirmed — by the
 * consultant and the financial admin, or directly — and only then is its money posted to the
 * ledger, once (row lock + idempotency key). A confirmed deposit is never edited or deleted: it is
 * reversed. Every change writes the audit trail and re-runs the classroom's allocation in the same
 * transaction; events are recorded in it too.
 */
export function createDepositsService(ctx: ModuleContext) {
  const { db, events } = ctx;
  const receipts = depositReceiptStore(ctx.config.filesDir);

  async function loadSaved(q: Queryable, user: SessionUser, depositId: string) {
    const row = await repo.depositById(q, depositId, studentMoneyScope(user));
    if (!row) throw notFound();
    return toDeposit(row);
  }

  /** The student must be in reach and sit in the classroom. */
  async function checkTarget(q: Queryable, user: SessionUser, body: CreateDepositBody) {
    const student = await studentInScope(q, body.studentPublicKey, studentMoneyScope(user));
    if (!student) throw notFound();
    if (!(await isStudentOfClassroom(q, body.classroomId, body.studentPublicKey))) {
      throw invalid('studentPublicKey', 'depositStudentNotInClass');
    }
  }

  const valuesOf = (body: CreateDepositBody): repo.DepositValues => ({
    studentKey: body.studentPublicKey,
    classroomId: body.classroomId,
    amount: moneyText(body.amount),
    discountValue: moneyText(body.discountValue),
    depositType: body.depositType,
    paymentMethod: body.paymentMethod,
    chargeAt: new Date(body.chargeAt * 1000),
  });

  /** Locks a deposit in the caller's reach for a command; a missing or unreachable one is 404. */
  async function lock(q: Queryable, user: SessionUser, depositId: string) {
    const row = await repo.lockDeposit(q, depositId, studentMoneyScope(user));
    if (!row) throw notFound();
    return row;
  }

  /** Posts the money of a deposit being confirmed: cash (and the discount granted) against the student's credit. */
  async function postDeposit(q: Queryable, user: SessionUser, d: Awaited<ReturnType<typeof lock>>) {
    await post(
      q,
      { kind: 'deposit.confirmed', idempotencyKey: `deposit:${d.depositId}:confirmed`, actorKey: user.publicKey, depositId: d.depositId },
      depositPostings(d),
    );
    await allocateClassroom(q, events, d.classroomId, user.publicKey);
    await events.record(q, 'deposit.confirmed', {
      depositId: d.depositId,
      studentKey: d.studentKey,
      classroomId: d.classroomId,
      amount: d.amount,
      actorKey: user.publicKey,
      userKeys: [d.studentKey],
    });
  }

  return {
    async list(user: SessionUser, query: ListQuery) {
      const page = await repo.listDeposits(db, query, studentMoneyScope(user), ctx.config.listAllCap);
      return { data: page.data.map(toDeposit), totalCount: page.totalCount };
    },

    async sums(user: SessionUser, query: ListQuery): Promise<DepositSums> {
      const rows = await repo.depositSums(db, query.where, studentMoneyScope(user));
      const total = rows.find((r) => r.paymentMethod === null);
      const byMethod = new Map(rows.filter((r) => r.paymentMethod !== null).map((r) => [r.paymentMethod, r]));
      return {
        confirmed: Number(total?.confirmed ?? 0),
        waiting: Number(total?.waiting ?? 0),
        byPaymentMethod: paymentMethods.map((paymentMethod: PaymentMethod) => ({
          paymentMethod,
          confirmed: Number(byMethod.get(paymentMethod)?.confirmed ?? 0),
          waiting: Number(byMethod.get(paymentMethod)?.waiting ?? 0),
        })),
      };
    },

    /** The student's own deposits (SPEC §6 "Student uses a student-specific deposit list"). */
    async own(user: SessionUser, query: { index: number; size: number; isConfirmed?: boolean }) {
      const where: ListQuery['where'] =
        query.isConfirmed === undefined ? [] : [[{ column: 'isConfirmed', comparison: 'Equal', operand: query.isConfirmed }]];
      const page = await repo.listDeposits(
        db,
        { page: { index: query.index, size: query.size }, where, order: [] },
        repo.depositsOfStudent(user.publicKey),
        ctx.config.listAllCap,
      );
      return { data: page.data.map(toDeposit), totalCount: page.totalCount };
    },

    async create(user: SessionUser, body: CreateDepositBody) {
      return ctx.transaction(async (tx) => {
        await checkTarget(tx, user, body);
        const depositId = await repo.insertDeposit(tx, { ...valuesOf(body), createdBy: user.publicKey });
        const saved = await loadSaved(tx, user, depositId);
        await writeAudit(tx, { actorKey: user.publicKey, action: 'deposit.created', entity: 'deposit', entityId: depositId, after: saved });
        return saved;
      });
    },

    async edit(user: SessionUser, body: EditDepositBody) {
      return ctx.transaction(async (tx) => {
        const d = await lock(tx, user, body.depositId);
        if (d.confirmedAt) throw refuse('UPDATE_FAILED', 'depositIsConfirmed');
        await checkTarget(tx, user, body);
        const before = await loadSaved(tx, user, body.depositId);
        // A step confirmed the old values: an edit takes it back, to be confirmed again.
        await repo.updateDeposit(tx, body.depositId, { ...valuesOf(body), ...clearedSteps });
        const after = await loadSaved(tx, user, body.depositId);
        await writeAudit(tx, { actorKey: user.publicKey, action: 'deposit.edited', entity: 'deposit', entityId: body.depositId, before, after });
        return after;
      });
    },

    async delete(user: SessionUser, depositId: string) {
      const receipt = await ctx.transaction(async (tx) => {
        const d = await lock(tx, user, depositId);
        if (d.confirmedAt) throw refuse('DELETE_FAILED', 'depositIsConfirmed');
        const before = await loadSaved(tx, user, depositId);
        const kept = await receiptOfDeposit(tx, depositId);
        await repo.deleteDeposit(tx, depositId);
        await writeAudit(tx, { actorKey: user.publicKey, action: 'deposit.deleted', entity: 'deposit', entityId: depositId, before });
        return kept;
      });
      // Its receipt row went with it (cascade): the file leaves the disk after commit.
      if (receipt) await receipts.remove([receipt.storedName]).catch((error: unknown) => ctx.log.error({ err: error, depositId }, 'deposit receipt could not be removed from disk'));
    },

    /**
     * One confirmation step. Under the deposit's row lock: a reversed or already confirmed deposit,
     * or a step already taken, is refused; when this completes the confirmation (a direct confirm,
     * or the second of the two steps) the money is posted once. Answers the deposit and whether it
     * is now confirmed.
     */
    async confirm(user: SessionUser, body: ConfirmDepositBody, stepName: ConfirmStep) {
      return ctx.transaction(async (tx) => {
        const d = await lock(tx, user, body.depositId);
        if (d.reversedAt) throw refuse('UPDATE_FAILED', 'depositAlreadyReversed');
        if (d.confirmedAt) throw refuse('UPDATE_FAILED', 'depositAlreadyConfirmed');
        const taken = stepName === 'consultant' ? d.consultantConfirmedBy : stepName === 'financialAdmin' ? d.financialConfirmedBy : null;
        if (taken) throw refuse('UPDATE_FAILED', 'depositAlreadyConfirmedBy');
        const before = await loadSaved(tx, user, d.depositId);
        const message = body.message || null;
        const stepValues =
          stepName === 'consultant'
            ? { consultantConfirmedBy: user.publicKey, consultantConfirmedAt: transactionTime, consultantMessage: message }
            : stepName === 'financialAdmin'
              ? { financialConfirmedBy: user.publicKey, financialConfirmedAt: transactionTime, financialMessage: message }
              : {};
        const complete =
          stepName === 'direct' ||
          (stepName === 'consultant' && d.financialConfirmedBy !== null) ||
          (stepName === 'financialAdmin' && d.consultantConfirmedBy !== null);
        await repo.updateDeposit(tx, d.depositId, {
          ...stepValues,
          ...(complete ? { confirmedBy: user.publicKey, confirmedAt: transactionTime } : {}),
        });
        if (complete) await postDeposit(tx, user, d);
        const after = await loadSaved(tx, user, d.depositId);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: `deposit.confirm.${stepName}`,
          entity: 'deposit',
          entityId: d.depositId,
          before,
          after,
        });
        return { deposit: after, confirmed: complete };
      });
    },

    /** Reverses a confirmed deposit: the reversing ledger entries, then the allocation again. */
    async reverse(user: SessionUser, depositId: string, reason: string) {
      return ctx.transaction(async (tx) => {
        const d = await lock(tx, user, depositId);
        if (d.reversedAt) throw refuse('UPDATE_FAILED', 'depositAlreadyReversed');
        if (!d.confirmedAt) throw refuse('UPDATE_FAILED', 'depositNotConfirmed');
        const before = await loadSaved(tx, user, depositId);
        const posting = await depositPosting(tx, depositId);
        if (posting) await reverse(tx, posting.transactionId, { kind: 'deposit.reversed', actorKey: user.publicKey, depositId, memo: reason });
        await repo.updateDeposit(tx, depositId, { reversedBy: user.publicKey, reversedAt: transactionTime, reverseReason: reason });
        await allocateClassroom(tx, events, d.classroomId, user.publicKey);
        await events.record(tx, 'deposit.reversed', {
          depositId,
          studentKey: d.studentKey,
          classroomId: d.classroomId,
          amount: d.amount,
          actorKey: user.publicKey,
          userKeys: [d.studentKey],
        });
        const after = await loadSaved(tx, user, depositId);
        await writeAudit(tx, { actorKey: user.publicKey, action: 'deposit.reversed', entity: 'deposit', entityId: depositId, before, after });
        return after;
      });
    },

    /** Every change of a deposit in reach, oldest first. */
    async history(user: SessionUser, depositId: string) {
      const scope = studentMoneyScope(user);
      const inReach = await repo.depositById(db, depositId, scope);
      if (!inReach) throw notFound();
      const rows = await auditPage(db, 'deposit', depositId, 1000, 0);
      return rows.reverse().map((r) => ({
        action: r.action,
        at: toEpoch(r.at),
        byName: r.actorName ?? null,
        before: r.before,
        after: r.after,
      }));
    },
  };
}
