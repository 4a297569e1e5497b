import {
  type ConfirmTransferBody,
  type CreateTransferBody,
  type EditTransferBody,
  type GetListQuery,
  type MessageKey,
  moneyText,
  type TransferBalance,
} from '@tutoria/shared';
import { writeAudit } from '../../db/audit.ts';
import { transactionTime } from '../../db/sql.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { fromGetListQuery } from '../../http/list-query.ts';
import type { ModuleContext } from '../module.ts';
import { isStudentOfClassroom, lockClassroomForFinance } from '../scheduling/scheduling.module.ts';
import { allocateClassroom } from './allocation.ts';
import { balancesOf, studentInScope } from './balances.repo.ts';
import { accounts, post, reverse } from './ledger.repo.ts';
import { studentMoneyScope } from './scope.ts';
import * as repo from './transfers.repo.ts';
import './transfers.events.ts';
import { toTransfer } from './transfers.views.ts';
import { toBalance } from './views.ts';

export type TransfersService = ReturnType<typeof createTransfersService>;
export type TransferStep = 'consultant' | 'financialAdmin' | 'direct';

const refuse = (code: 'UPDATE_FAILED' | 'DELETE_FAILED', key: MessageKey, values?: Record<string, string>) =>
  new AppError(code, { text: { key, values } });
const invalid = (field: string, key: MessageKey, values?: Record<string, string>) =>
  new AppError('FAILED_VALIDATION', { fields: [{ field, key, values }] });
const clearedSteps = {
  consultantConfirmedBy: null,
  consultantConfirmedAt: null,
  consultantMessage: null,
  financialConfirmedBy: null,
  financialConfirmedAt: null,
  financialMessage: null,
};

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
 * reversed. Every change writes the audit trail; events are recorded in the same transaction.
 */
export function createTransfersService(ctx: ModuleContext) {
  const { db, events } = ctx;

  async function loadSaved(q: Queryable, user: SessionUser, transferId: string) {
    const row = await repo.transferById(q, transferId, studentMoneyScope(user));
    if (!row) throw notFound();
    return toTransfer(row);
  }

  async function lock(q: Queryable, user: SessionUser, transferId: string) {
    const row = await repo.lockTransfer(q, transferId, studentMoneyScope(user));
    if (!row) throw notFound();
    return row;
  }

  /**
   * Checks a create / edit body and answers the values to store: the student in reach, sitting in
   * the destination and sitting in (or holding credit in) the source; the rates defaulting to the
   * student's net prices; the amount (or hours × charge per hour); no more than the source's
   * unused credit less the other waiting transfers out of it.
   */
  async function valuesOf(q: Queryable, user: SessionUser, body: CreateTransferBody, exceptId: string | null): Promise<repo.TransferValues> {
    const student = await studentInScope(q, body.studentPublicKey, studentMoneyScope(user));
    if (!student) throw notFound();
    const key = body.studentPublicKey;
    if (!(await isStudentOfClassroom(q, body.destinationClassroomId, key))) {
      throw invalid('destinationClassroomId', 'transferStudentNotInClass');
    }
    const inSource = await isStudentOfClassroom(q, body.sourceClassroomId, key);
    if (!inSource && !(await balancesOf(q, { studentKey: key })).some((b) => b.classroomId === body.sourceClassroomId)) {
      throw invalid('sourceClassroomId', 'transferStudentNotInClass');
    }
    const chargePerHour = body.chargePerHour != null ? moneyText(body.chargePerHour) : await repo.netPriceOf(q, key, body.sourceClassroomId);
    const incomePerHour =
      body.incomePerHour != null ? moneyText(body.incomePerHour) : await repo.netPriceOf(q, key, body.destinationClassroomId);
    let amount: string | null;
    if (body.amount != null) amount = moneyText(body.amount);
    else {
      amount = chargePerHour === null ? null : await repo.amountForHours(q, moneyText(body.hours ?? 0), chargePerHour);
      if (amount === null) throw invalid('hours', 'transferNeedsRate');
    }
    const credit = await repo.creditLeft(q, { studentKey: key, classroomId: body.sourceClassroomId, amount, exceptId, lessWaiting: true });
    if (!credit.fits) throw invalid(body.amount != null ? 'amount' : 'hours', 'transferMoreThanCredit', { available: credit.available });
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

  /**
   * Moves the money of a transfer being confirmed, under both classrooms' row locks (taken in id
   * order, so two transfers between the same classes can not deadlock): the source's charges are
   * brought in line first, so its unused credit is the ledger's truth; then one balanced posting
   * (debit the source credit, credit the destination credit), then both allocations again.
   */
  async function postTransfer(q: Queryable, user: SessionUser, x: NonNullable<Awaited<ReturnType<typeof repo.lockTransfer>>>) {
    for (const id of [x.sourceClassroomId, x.destinationClassroomId].sort()) await lockClassroomForFinance(q, id);
    await allocateClassroom(q, events, x.sourceClassroomId, user.publicKey);
    const credit = await repo.creditLeft(q, {
      studentKey: x.studentKey,
      classroomId: x.sourceClassroomId,
      amount: x.amount,
      exceptId: x.transferId,
      lessWaiting: false,
    });
    if (!credit.fits) throw refuse('UPDATE_FAILED', 'transferMoreThanCredit', { available: credit.available });
    const credit0 = { account: accounts.studentCredit, studentKey: x.studentKey, amount: x.amount };
    await post(q, { kind: 'transfer.confirmed', idempotencyKey: repo.transferKey(x.transferId), actorKey: user.publicKey }, [
      { ...credit0, side: 'debit', classroomId: x.sourceClassroomId },
      { ...credit0, side: 'credit', classroomId: x.destinationClassroomId },
    ]);
    for (const id of [x.sourceClassroomId, x.destinationClassroomId]) await allocateClassroom(q, events, id, user.publicKey);
  }

  async function concerned(q: Queryable, studentKey: string) {
    const student = await studentInScope(q, studentKey, undefined);
    return [studentKey, ...(student?.consultantKey ? [student.consultantKey] : [])];
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

    async create(user: SessionUser, body: CreateTransferBody) {
      return ctx.transaction(async (tx) => {
        const values = await valuesOf(tx, user, body, null);
        const transferId = await repo.insertTransfer(tx, { ...values, createdBy: user.publicKey });
        const saved = await loadSaved(tx, user, transferId);
        await writeAudit(tx, { actorKey: user.publicKey, action: 'transfer.created', entity: 'transfer', entityId: transferId, after: saved });
        return saved;
      });
    },

    async edit(user: SessionUser, body: EditTransferBody) {
      return ctx.transaction(async (tx) => {
        const x = await lock(tx, user, body.transferId);
        if (x.confirmedAt) throw refuse('UPDATE_FAILED', 'transferIsConfirmed');
        const values = await valuesOf(tx, user, body, body.transferId);
        const before = await loadSaved(tx, user, body.transferId);
        // A step confirmed the old values: an edit takes it back, to be confirmed again.
        await repo.updateTransfer(tx, body.transferId, { ...values, ...clearedSteps });
        const after = await loadSaved(tx, user, body.transferId);
        await writeAudit(tx, { actorKey: user.publicKey, action: 'transfer.edited', entity: 'transfer', entityId: body.transferId, before, after });
        return after;
      });
    },

    async delete(user: SessionUser, transferId: string) {
      await ctx.transaction(async (tx) => {
        const x = await lock(tx, user, transferId);
        if (x.confirmedAt) throw refuse('DELETE_FAILED', 'transferIsConfirmed');
        const before = await loadSaved(tx, user, transferId);
        await repo.deleteTransfer(tx, transferId);
        await writeAudit(tx, { actorKey: user.publicKey, action: 'transfer.deleted', entity: 'transfer', entityId: transferId, before });
      });
    },

    /**
     * One confirmation step, under the transfer's row lock. The consultant's step comes first; the
     * financial admin's is refused before it and completes the transfer; the general confirm
     * completes it at once. A confirmed or reversed transfer, or a step already taken, is refused.
     */
    async confirm(user: SessionUser, body: ConfirmTransferBody, stepName: TransferStep) {
      return ctx.transaction(async (tx) => {
        const x = await lock(tx, user, body.transferId);
        if (x.reversedAt) throw refuse('UPDATE_FAILED', 'transferAlreadyReversed');
        if (x.confirmedAt) throw refuse('UPDATE_FAILED', 'transferAlreadyConfirmed');
        if (stepName === 'consultant' && x.consultantConfirmedBy) throw refuse('UPDATE_FAILED', 'transferAlreadyConfirmedBy');
        if (stepName === 'financialAdmin' && !x.consultantConfirmedBy) throw refuse('UPDATE_FAILED', 'transferNeedsConsultantFirst');
        const before = await loadSaved(tx, user, x.transferId);
        const message = body.message || null;
        const complete = stepName !== 'consultant';
        await repo.updateTransfer(tx, x.transferId, {
          ...(stepName === 'consultant' ? { consultantConfirmedBy: user.publicKey, consultantConfirmedAt: transactionTime, consultantMessage: message } : {}),
          ...(stepName === 'financialAdmin' ? { financialConfirmedBy: user.publicKey, financialConfirmedAt: transactionTime, financialMessage: message } : {}),
          ...(complete ? { confirmedBy: user.publicKey, confirmedAt: transactionTime } : {}),
        });
        if (complete) {
          await postTransfer(tx, user, x);
          await events.record(tx, 'transfer.confirmed', {
            transferId: x.transferId,
            studentKey: x.studentKey,
            sourceClassroomId: x.sourceClassroomId,
            destinationClassroomId: x.destinationClassroomId,
            amount: x.amount,
            actorKey: user.publicKey,
            userKeys: await concerned(tx, x.studentKey),
          });
        }
        const after = await loadSaved(tx, user, x.transferId);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: `transfer.confirm.${stepName}`,
          entity: 'transfer',
          entityId: x.transferId,
          before,
          after,
        });
        return { transfer: after, confirmed: complete };
      });
    },

    /** Reverses a confirmed transfer: the reversing ledger entries, then both allocations again. */
    async reverse(user: SessionUser, transferId: string, reason: string) {
      return ctx.transaction(async (tx) => {
        const x = await lock(tx, user, transferId);
        if (x.reversedAt) throw refuse('UPDATE_FAILED', 'transferAlreadyReversed');
        if (!x.confirmedAt) throw refuse('UPDATE_FAILED', 'transferNotConfirmed');
        const before = await loadSaved(tx, user, transferId);
        for (const id of [x.sourceClassroomId, x.destinationClassroomId].sort()) await lockClassroomForFinance(tx, id);
        const posting = await repo.transferPosting(tx, transferId);
        if (posting) await reverse(tx, posting.transactionId, { kind: 'transfer.reversed', actorKey: user.publicKey, memo: reason });
        await repo.updateTransfer(tx, transferId, { reversedBy: user.publicKey, reversedAt: transactionTime, reverseReason: reason });
        for (const id of [x.sourceClassroomId, x.destinationClassroomId]) await allocateClassroom(tx, events, id, user.publicKey);
        await events.record(tx, 'transfer.reversed', {
          transferId,
          studentKey: x.studentKey,
          sourceClassroomId: x.sourceClassroomId,
          destinationClassroomId: x.destinationClassroomId,
          amount: x.amount,
          actorKey: user.publicKey,
          userKeys: await concerned(tx, x.studentKey),
        });
        const after = await loadSaved(tx, user, transferId);
        await writeAudit(tx, { actorKey: user.publicKey, action: 'transfer.reversed', entity: 'transfer', entityId: transferId, before, after });
        return after;
      });
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
