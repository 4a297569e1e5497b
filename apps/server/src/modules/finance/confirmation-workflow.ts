import type { SQL } from 'drizzle-orm';
import type { MessageKey } from '@tutoria/shared';
import { writeAudit } from '../../db/audit.ts';
import type { Queryable } from '../../db/client.ts';
import { transactionTime } from '../../db/sql.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { lockClassroom } from '../scheduling/scheduling.module.ts';
import { allocateClassroom } from './allocation.ts';

/** Which confirmation a call takes: the consultant's, the financial admin's, or the general one at once. */
export type ConfirmStep = 'consultant' | 'financialAdmin' | 'direct';

/** What the row lock of a record under confirmation reads: who took which step, and whether it is done. */
export interface ConfirmationState {
  consultantConfirmedBy: string | null;
  financialConfirmedBy: string | null;
  confirmedAt: Date | null;
  reversedAt: Date | null;
}

/** The columns the workflow writes; every table under it names them alike. */
export interface ConfirmationColumns {
  consultantConfirmedBy?: string | null;
  consultantConfirmedAt?: SQL | null;
  consultantMessage?: string | null;
  financialConfirmedBy?: string | null;
  financialConfirmedAt?: SQL | null;
  financialMessage?: string | null;
  confirmedBy?: string;
  confirmedAt?: SQL;
  reversedBy?: string;
  reversedAt?: SQL;
  reverseReason?: string;
}

/**
 * The kinds of record under this workflow, each with its refusals in its own words
 * (messages/finance.ts). A kind with `needsConsultantFirst` takes the financial admin's step only
 * after the consultant's (transfers); the others take the two steps in either order (deposits).
 */
const kinds = {
  deposit: {
    isConfirmed: 'depositIsConfirmed',
    alreadyConfirmed: 'depositAlreadyConfirmed',
    alreadyConfirmedBy: 'depositAlreadyConfirmedBy',
    needsConsultantFirst: null,
    notConfirmed: 'depositNotConfirmed',
    alreadyReversed: 'depositAlreadyReversed',
  },
  transfer: {
    isConfirmed: 'transferIsConfirmed',
    alreadyConfirmed: 'transferAlreadyConfirmed',
    alreadyConfirmedBy: 'transferAlreadyConfirmedBy',
    needsConsultantFirst: 'transferNeedsConsultantFirst',
    notConfirmed: 'transferNotConfirmed',
    alreadyReversed: 'transferAlreadyReversed',
  },
  // teacher settlements (issue 28): one step, the financial admin's pay (the general confirm)
  settlement: {
    isConfirmed: 'settlementIsPaid',
    alreadyConfirmed: 'settlementAlreadyPaid',
    alreadyConfirmedBy: 'settlementAlreadyPaid',
    needsConsultantFirst: null,
    notConfirmed: 'settlementNotPaid',
    alreadyReversed: 'settlementAlreadyReversed',
  },
} as const satisfies Record<string, Record<string, MessageKey | null>>;
export type ConfirmationKind = keyof typeof kinds;

/** The events a kind records when it completes and when it is reversed (a settlement is *paid*). */
const eventNames = {
  deposit: { confirmed: 'deposit.confirmed', reversed: 'deposit.reversed' },
  transfer: { confirmed: 'transfer.confirmed', reversed: 'transfer.reversed' },
  settlement: { confirmed: 'settlement.paid', reversed: 'settlement.reversed' },
} as const satisfies Record<ConfirmationKind, { confirmed: keyof DomainEvents; reversed: keyof DomainEvents }>;

const refuse = (code: 'UPDATE_FAILED' | 'DELETE_FAILED', key: MessageKey) => new AppError(code, { text: { key } });

/** What an edit takes back: a step confirmed the old values, so it is to be confirmed again. */
const clearedSteps: ConfirmationColumns = {
  consultantConfirmedBy: null,
  consultantConfirmedAt: null,
  consultantMessage: null,
  financialConfirmedBy: null,
  financialConfirmedAt: null,
  financialMessage: null,
};

/**
 * Locks classrooms' finance rows in one order (ids sorted), the order every finance command takes
 * them in — after the record's own row lock, before any ledger or sums row — so two commands on the
 * same classrooms queue instead of deadlocking.
 */
export async function lockClassrooms(q: Queryable, classroomIds: readonly string[]) {
  for (const id of [...new Set(classroomIds)].sort()) await lockClassroom(q, id);
}

/** The payload of the kind's two events (one shape for both). */
type Payload<K extends ConfirmationKind> = DomainEvents[(typeof eventNames)[K]['confirmed']] &
  DomainEvents[(typeof eventNames)[K]['reversed']];

/**
 * What a kind of record brings to the workflow: its own queries, money and event. `Update` is what
 * its repo's update takes: the record's own values, and the `ConfirmationColumns` it shares.
 */
export interface ConfirmationRecords<K extends ConfirmationKind, Row extends ConfirmationState, Loaded, Saved, Update> {
  kind: K;
  /** Locks the record in the caller's reach; undefined when missing or out of reach (404). */
  lock(q: Queryable, user: SessionUser, id: string): Promise<Row | undefined>;
  /** The record's row in the caller's reach, and the record as the API answers it (and the audit trail keeps it). */
  load(q: Queryable, user: SessionUser, id: string): Promise<Loaded | undefined>;
  view(row: Loaded): Saved;
  update(q: Queryable, id: string, values: Update): Promise<void>;
  /** The classrooms whose money the record moves: locked before it moves, allocated after. */
  classrooms(row: Row): string[];
  /** Posts the record's money once, under the classrooms' locks. */
  post(q: Queryable, user: SessionUser, row: Row): Promise<void>;
  /** Reverses that posting, under the same locks. */
  unpost(q: Queryable, user: SessionUser, row: Row, reason: string): Promise<void>;
  payload(q: Queryable, row: Row, user: SessionUser): Promise<Payload<K>>;
}

/**
 * The confirmation workflow of money records (deposits, transfers; docs/finance.md "The
 * confirmation workflow"), each command one transaction under the record's row lock. A record waits until confirmed — by
 * the consultant and the financial admin, or at once by the general confirm — and only then posts
 * its money, once; while waiting it is edited (the steps taken are cleared) or deleted; once
 * confirmed it is only reversed. Each command writes the audit row `<kind>.<action>`; completing
 * and reversing record `<kind>.confirmed` / `<kind>.reversed` in the same transaction.
 */
export function confirmationWorkflow<K extends ConfirmationKind, Row extends ConfirmationState, Loaded, Saved, Update>(
  ctx: ModuleContext,
  records: ConfirmationRecords<K, Row, Loaded, Saved, Update>,
) {
  const { kind } = records;
  // Every table under the workflow has its columns (`confirmation.repo.ts`).
  const write = (q: Queryable, id: string, values: ConfirmationColumns) => records.update(q, id, values as Update);
  const texts = kinds[kind];
  const audit = (q: Queryable, user: SessionUser, action: string, id: string, before?: Saved, after?: Saved) =>
    writeAudit(q, { actorKey: user.publicKey, action: `${kind}.${action}`, entity: kind, entityId: id, before, after });

  async function lock(q: Queryable, user: SessionUser, id: string) {
    const row = await records.lock(q, user, id);
    if (!row) throw notFound();
    return row;
  }

  async function load(q: Queryable, user: SessionUser, id: string) {
    const row = await records.load(q, user, id);
    if (!row) throw notFound();
    return records.view(row);
  }

  /** Locks a record that may still change: a confirmed one is refused (it is reversed instead). */
  async function lockWaiting(q: Queryable, user: SessionUser, id: string, code: 'UPDATE_FAILED' | 'DELETE_FAILED') {
    const row = await lock(q, user, id);
    if (row.confirmedAt) throw refuse(code, texts.isConfirmed);
    return row;
  }

  /** Allocates the classrooms again once money moved, then tells who it concerns. */
  async function settle(q: Queryable, user: SessionUser, row: Row, event: 'confirmed' | 'reversed') {
    for (const id of records.classrooms(row)) await allocateClassroom(q, ctx.events, id, user.publicKey);
    await ctx.events.record(q, eventNames[kind][event], await records.payload(q, row, user));
  }

  /** Records a new waiting record inside the caller's transaction (`insert` checks and writes it, answering its id). */
  async function createIn(tx: Queryable, user: SessionUser, insert: (tx: Queryable) => Promise<string>) {
    const id = await insert(tx);
    const saved = await load(tx, user, id);
    await audit(tx, user, 'created', id, undefined, saved);
    return { id, saved };
  }

  /**
   * One confirmation step inside the caller's transaction. A reversed or confirmed record, or a
   * step already taken, is refused (as is the financial admin's before the consultant's, for a
   * kind that orders them); the general confirm, or the second of the two steps, completes it and
   * posts its money.
   */
  async function confirmIn(tx: Queryable, user: SessionUser, id: string, step: ConfirmStep, message: string | null) {
    const row = await lock(tx, user, id);
    if (row.reversedAt) throw refuse('UPDATE_FAILED', texts.alreadyReversed);
    if (row.confirmedAt) throw refuse('UPDATE_FAILED', texts.alreadyConfirmed);
    const taken = step === 'consultant' ? row.consultantConfirmedBy : step === 'financialAdmin' ? row.financialConfirmedBy : null;
    if (taken) throw refuse('UPDATE_FAILED', texts.alreadyConfirmedBy);
    if (texts.needsConsultantFirst && step === 'financialAdmin' && !row.consultantConfirmedBy) {
      throw refuse('UPDATE_FAILED', texts.needsConsultantFirst);
    }
    const complete =
      step === 'direct' ||
      (step === 'consultant' && row.financialConfirmedBy !== null) ||
      (step === 'financialAdmin' && row.consultantConfirmedBy !== null);
    const before = await load(tx, user, id);
    if (complete) await lockClassrooms(tx, records.classrooms(row));
    await write(tx, id, {
      ...(step === 'consultant' ? { consultantConfirmedBy: user.publicKey, consultantConfirmedAt: transactionTime, consultantMessage: message } : {}),
      ...(step === 'financialAdmin' ? { financialConfirmedBy: user.publicKey, financialConfirmedAt: transactionTime, financialMessage: message } : {}),
      ...(complete ? { confirmedBy: user.publicKey, confirmedAt: transactionTime } : {}),
    });
    if (complete) {
      await records.post(tx, user, row);
      await settle(tx, user, row, 'confirmed');
    }
    const after = await load(tx, user, id);
    await audit(tx, user, `confirm.${step}`, id, before, after);
    return { saved: after, confirmed: complete };
  }

  return {
    load,
    lockWaiting,
    createIn,
    confirmIn,

    /** Records a new waiting record (`insert` checks and writes it, answering its id). */
    create(user: SessionUser, insert: (tx: Queryable) => Promise<string>) {
      return ctx.transaction(async (tx) => (await createIn(tx, user, insert)).saved);
    },

    /** Changes a waiting record to `change`'s values (checked by it, under the row lock). */
    edit(user: SessionUser, id: string, change: (tx: Queryable, row: Row) => Promise<Update>) {
      return ctx.transaction(async (tx) => {
        const row = await lockWaiting(tx, user, id, 'UPDATE_FAILED');
        const values = await change(tx, row);
        const before = await load(tx, user, id);
        await records.update(tx, id, { ...values, ...(clearedSteps as Update) });
        const after = await load(tx, user, id);
        await audit(tx, user, 'edited', id, before, after);
        return after;
      });
    },

    /** Deletes a waiting record through `drop`, answering what it answers. */
    remove<R>(user: SessionUser, id: string, drop: (tx: Queryable, row: Row) => Promise<R>) {
      return ctx.transaction(async (tx) => {
        const row = await lockWaiting(tx, user, id, 'DELETE_FAILED');
        const before = await load(tx, user, id);
        const dropped = await drop(tx, row);
        await audit(tx, user, 'deleted', id, before);
        return dropped;
      });
    },

    /** One confirmation step, in a transaction of its own (`confirmIn`). */
    confirm(user: SessionUser, id: string, step: ConfirmStep, message: string | null) {
      return ctx.transaction((tx) => confirmIn(tx, user, id, step, message));
    },

    /** Reverses a confirmed record: the reversing ledger entries, then the allocations again. */
    reverse(user: SessionUser, id: string, reason: string) {
      return ctx.transaction(async (tx) => {
        const row = await lock(tx, user, id);
        if (row.reversedAt) throw refuse('UPDATE_FAILED', texts.alreadyReversed);
        if (!row.confirmedAt) throw refuse('UPDATE_FAILED', texts.notConfirmed);
        const before = await load(tx, user, id);
        await lockClassrooms(tx, records.classrooms(row));
        await records.unpost(tx, user, row, reason);
        await write(tx, id, { reversedBy: user.publicKey, reversedAt: transactionTime, reverseReason: reason });
        await settle(tx, user, row, 'reversed');
        const after = await load(tx, user, id);
        await audit(tx, user, 'reversed', id, before, after);
        return after;
      });
    },
  };
}
