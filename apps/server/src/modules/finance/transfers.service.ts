import {
  type ConfirmTransferBody,
  type CreateTransferBody,
  type EditTransferBody,
  type GetListQuery,
  type MessageKey,
  moneyText,
  type TransferBalance,
} from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { AppError, type AppErrorText, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { fromGetListQuery } from '../../http/list-query.ts';
import type { ModuleContext } from '../module.ts';
import { isClassroomMember } from '../scheduling/scheduling.module.ts';
import { balancesOf, studentInScope } from './balances.repo.ts';
import { type ConfirmStep, lockClassrooms } from './confirmation-workflow.ts';
import { studentMoneyScope } from './money-reach.ts';
import * as repo from './transfers.repo.ts';
import './transfers.events.ts';
import { toTransfer } from './transfers.views.ts';
import { transferWorkflow } from './transfer-workflow.ts';
import { toBalance } from './views.ts';
import { checkMinorUnits, moneyPlaces } from './money-units.ts';

export type TransfersService = ReturnType<typeof createTransfersService>;

const invalid = (field: string, key: MessageKey, values?: AppErrorText['values']) =>
  new AppError('FAILED_VALIDATION', { fields: [{ field, key, values }] });

/** The GET list's filters as a list query; a class name matches either side of the transfer (one OR group). */
export function transferListQuery(query: GetListQuery) {
  const listQuery = fromGetListQuery(query, { isConfirmed: 'isConfirmed', studentName: 'studentName', classroomName: 'sourceClassroomName' });
  if (query.classroomName) {
    const group = listQuery.where.find((g) => g[0]?.column === 'sourceClassroomName')!;
    group.push({ column: 'destinationClassroomName', comparison: 'Contains', operand: query.classroomName });
  }
  return listQuery;
}

/**
 * Transfers (SPEC §7 Finance: transfers; DESIGN §7; docs/finance.md "Transfers"): a student's
 * unused credit moved from one classroom to another. It waits until confirmed — the consultant
 * first, then the financial admin; or one general confirm — and only then posts to the ledger,
 * once (the transfer's row lock + its idempotency key), after which both classrooms' allocations
 * are re-run in the same transaction. A confirmed transfer is never edited or deleted: it is
 * reversed. Waiting transfers never ask for more than the source's credit: creating and editing
 * one read it under both classrooms' locks, as confirming does (issue 26).
 */
export function createTransfersService(ctx: ModuleContext) {
  const { db } = ctx;
  const workflow = transferWorkflow(ctx);

  /**
   * Checks a create / edit body and answers the values to store: the student in reach, sitting in
   * the destination and sitting in (or holding credit in) the source; the rates defaulting to the
   * student's net prices; the amount (or hours × charge per hour); no more than the source's
   * unused credit less the other waiting transfers out of it — read under both classrooms' locks,
   * so simultaneous requests out of one source are judged one after the other.
   */
  async function valuesOf(q: Queryable, user: SessionUser, body: CreateTransferBody, exceptId: string | null): Promise<repo.TransferValues> {
    const { currency } = ctx.config;
    checkMinorUnits(currency, { amount: body.amount, chargePerHour: body.chargePerHour, incomePerHour: body.incomePerHour });
    const student = await studentInScope(q, body.studentPublicKey, studentMoneyScope(user));
    if (!student) throw notFound();
    const key = body.studentPublicKey;
    if (!(await isClassroomMember(q, body.destinationClassroomId, key))) {
      throw invalid('destinationClassroomId', 'transferStudentNotInClass');
    }
    const inSource = await isClassroomMember(q, body.sourceClassroomId, key);
    if (!inSource && !(await balancesOf(q, { studentKey: key })).some((b) => b.classroomId === body.sourceClassroomId)) {
      throw invalid('sourceClassroomId', 'transferStudentNotInClass');
    }
    const chargePerHour = body.chargePerHour != null ? moneyText(body.chargePerHour) : await repo.netPriceOf(q, key, body.sourceClassroomId);
    const incomePerHour =
      body.incomePerHour != null ? moneyText(body.incomePerHour) : await repo.netPriceOf(q, key, body.destinationClassroomId);
    let amount: string | null;
    if (body.amount != null) amount = moneyText(body.amount);
    else {
      amount = chargePerHour === null ? null : await repo.amountForHours(q, moneyText(body.hours ?? 0), chargePerHour, moneyPlaces(currency));
      if (amount === null) throw invalid('hours', 'transferNeedsRate');
    }
    await lockClassrooms(q, [body.sourceClassroomId, body.destinationClassroomId]);
    const credit = await repo.creditLeft(q, { studentKey: key, classroomId: body.sourceClassroomId, amount, exceptId, lessWaiting: true });
    if (!credit.fits) throw invalid(body.amount != null ? 'amount' : 'hours', 'transferMoreThanCredit', {
        available: { money: credit.available, currency },
      });
    return {
      studentKey: key,
      sourceClassroomId: body.sourceClassroomId,
      destinationClassroomId: body.destinationClassroomId,
      amount,
      chargePerHour,
      incomePerHour,
      description: body.description || null,
    };
  }

  return {
    async list(user: SessionUser, query: GetListQuery) {
      const page = await repo.listTransfers(db, transferListQuery(query), studentMoneyScope(user), ctx.config.listAllCap);
      return { data: page.data.map(toTransfer), totalCount: page.totalCount };
    },

    /** The signed-in student's own transfers, whatever their role's reach (issue 11: students see their own money). */
    async own(user: SessionUser, query: GetListQuery) {
      const page = await repo.listTransfers(db, transferListQuery(query), repo.ofStudent(user.publicKey), ctx.config.listAllCap);
      return { data: page.data.map(toTransfer), totalCount: page.totalCount };
    },

    create(user: SessionUser, body: CreateTransferBody) {
      return workflow.create(user, async (tx) => {
        const values = await valuesOf(tx, user, body, null);
        return repo.insertTransfer(tx, { ...values, createdBy: user.publicKey });
      });
    },

    edit(user: SessionUser, body: EditTransferBody) {
      return workflow.edit(user, body.transferId, (tx) => valuesOf(tx, user, body, body.transferId));
    },

    async delete(user: SessionUser, transferId: string) {
      await workflow.remove(user, transferId, (tx) => repo.deleteTransfer(tx, transferId));
    },

    /** One confirmation step: answers the transfer and whether it is now confirmed (the credit moved). */
    async confirm(user: SessionUser, body: ConfirmTransferBody, step: ConfirmStep) {
      const done = await workflow.confirm(user, body.transferId, step, body.message || null);
      return { transfer: done.saved, confirmed: done.confirmed };
    },

    /** Reverses a confirmed transfer: the reversing ledger entries, then both allocations again. */
    reverse(user: SessionUser, transferId: string, reason: string) {
      return workflow.reverse(user, transferId, reason);
    },

    /** What can be moved: a student in reach's balance per classroom, less the waiting transfers out of each. */
    async classroomBalance(user: SessionUser, studentKey: string): Promise<TransferBalance> {
      if (!(await studentInScope(db, studentKey, studentMoneyScope(user)))) throw notFound();
      const rows = await balancesOf(db, { studentKey });
      const extra = new Map((await repo.movableByClassroom(db, studentKey, rows.map((r) => r.classroomId))).map((r) => [r.classroomId, r]));
      return {
        balances: rows.map((r) => ({
          ...toBalance(r),
          movable: Number(extra.get(r.classroomId)?.movable ?? 0),
          teacherName: extra.get(r.classroomId)?.teacherName ?? null,
        })),
      };
    },
  };
}
