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
import { auditPage } from '../../db/audit.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { toEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import { isClassroomMember } from '../scheduling/scheduling.module.ts';
import type { ConfirmStep } from './confirmation-workflow.ts';
import { depositWorkflow } from './deposit-workflow.ts';
import { receiptOfDeposit } from './deposit-receipts.repo.ts';
import { depositReceiptStore } from './deposit-receipts.service.ts';
import { studentInScope } from './balances.repo.ts';
import * as repo from './deposits.repo.ts';
import { lockContract } from './contracts.repo.ts';
import { studentMoneyScope } from './money-reach.ts';
import { toDeposit } from './views.ts';
import { checkMinorUnits } from './money-units.ts';

export type DepositsService = ReturnType<typeof createDepositsService>;

const invalid = (field: string, key: MessageKey) => new AppError('FAILED_VALIDATION', { fields: [{ field, key }] });

/**
 * Deposits (SPEC §7 Finance: deposits; DESIGN §7). A deposit waits until confirmed — by the
 * consultant and the financial admin in either order, or directly — and only then is its money
 * posted to the ledger, once (row lock + idempotency key). A confirmed deposit is never edited or
 * deleted: it is reversed. The workflow's commands (`confirmation-workflow.ts`) write the audit
 * trail, re-run the classroom's allocation and record the events in the same transaction.
 */
export function createDepositsService(ctx: ModuleContext) {
  const { db } = ctx;
  const receipts = depositReceiptStore(ctx.config.filesDir);
  const workflow = depositWorkflow(ctx);

  /**
   * The student must be in reach and sit in the classroom — or, for a contract payment (issue 28),
   * the contract must be the student's (locked for share, so it keeps its student and stays).
   */
  async function checkTarget(q: Queryable, user: SessionUser, body: CreateDepositBody) {
    const scope = studentMoneyScope(user);
    const student = await studentInScope(q, body.studentPublicKey, scope);
    if (!student) throw notFound();
    if (body.contractId) {
      const contract = await lockContract(q, body.contractId, scope, 'share');
      if (contract?.studentKey !== body.studentPublicKey) throw invalid('contractId', 'depositContractOfStudent');
    } else if (!body.classroomId || !(await isClassroomMember(q, body.classroomId, body.studentPublicKey))) {
      throw invalid('studentPublicKey', 'depositStudentNotInClass');
    }
  }

  const valuesOf = (body: CreateDepositBody): repo.DepositValues => ({
    studentKey: body.studentPublicKey,
    classroomId: body.classroomId ?? null,
    contractId: body.contractId ?? null,
    amount: moneyText(body.amount),
    discountValue: moneyText(body.discountValue),
    depositType: body.depositType,
    paymentMethod: body.paymentMethod,
    chargeAt: new Date(body.chargeAt * 1000),
  });

  const listOptions = { allCap: ctx.config.listAllCap, timeZone: ctx.config.timeZone };

  return {
    async list(user: SessionUser, query: ListQuery) {
      const page = await repo.listDeposits(db, query, studentMoneyScope(user), listOptions);
      return { data: page.data.map(toDeposit), totalCount: page.totalCount };
    },

    async sums(user: SessionUser, query: ListQuery): Promise<DepositSums> {
      const rows = await repo.depositSums(db, query.where, studentMoneyScope(user), ctx.config.timeZone);
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
        listOptions,
      );
      return { data: page.data.map(toDeposit), totalCount: page.totalCount };
    },

    create(user: SessionUser, body: CreateDepositBody) {
      checkMinorUnits(ctx.config.currency, { amount: body.amount, discountValue: body.discountValue });
      return workflow.create(user, async (tx) => {
        await checkTarget(tx, user, body);
        return repo.insertDeposit(tx, { ...valuesOf(body), createdBy: user.publicKey });
      });
    },

    edit(user: SessionUser, body: EditDepositBody) {
      checkMinorUnits(ctx.config.currency, { amount: body.amount, discountValue: body.discountValue });
      return workflow.edit(user, body.depositId, async (tx) => {
        await checkTarget(tx, user, body);
        return valuesOf(body);
      });
    },

    async delete(user: SessionUser, depositId: string) {
      const receipt = await workflow.remove(user, depositId, async (tx) => {
        const kept = await receiptOfDeposit(tx, depositId);
        await repo.deleteDeposit(tx, depositId);
        return kept;
      });
      // Its receipt row went with it (cascade): the file leaves the disk after commit.
      if (receipt) await receipts.remove([receipt.storedName]).catch((error: unknown) => ctx.log.error({ err: error, depositId }, 'deposit receipt could not be removed from disk'));
    },

    /** One confirmation step: answers the deposit and whether it is now confirmed (its money posted). */
    async confirm(user: SessionUser, body: ConfirmDepositBody, step: ConfirmStep) {
      const done = await workflow.confirm(user, body.depositId, step, body.message || null);
      return { deposit: done.saved, confirmed: done.confirmed };
    },

    /** Reverses a confirmed deposit: the reversing ledger entries, then the allocation again. */
    reverse(user: SessionUser, depositId: string, reason: string) {
      return workflow.reverse(user, depositId, reason);
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
