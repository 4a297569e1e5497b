import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { allocateClassroom, type AllocationResult } from './allocation.ts';
import { classroomsDueForAllocation } from './allocation.repo.ts';
import { balancesOf } from './balances.repo.ts';
import { requireClassroom } from './prices.service.ts';
import { studentMoneyScope } from './money-reach.ts';
import { toBalance } from './views.ts';

export type ReservationService = ReturnType<typeof createReservationService>;

const changed = (r: AllocationResult) =>
  r.changedSessionIds.length > 0 || r.chargedSessionIds.length > 0 || r.reversedSessionIds.length > 0;

/**
 * Fix reservation (SPEC §4) and the charges of a classroom: re-runs the allocation for one
 * classroom or for all (one transaction each, so one classroom's failure leaves the others done),
 * idempotently, and says what changed. For all, only the classrooms the check finds due run.
 */
export function createReservationService(ctx: ModuleContext) {
  const run = (classroomId: string, actorKey: string | null) =>
    ctx.transaction((tx) => allocateClassroom(tx, ctx.events, classroomId, actorKey));
  return {
    run,
    async fixOne(user: SessionUser, classroomId: string) {
      await requireClassroom(ctx.db, user, classroomId);
      const result = await run(classroomId, user.publicKey);
      return changed(result) ? [result] : [];
    },
    async fixAll(user: SessionUser) {
      const out: AllocationResult[] = [];
      // One set-based check finds the classrooms with work; each then runs in its own transaction,
      // by design (a failure leaves the others done), under its lock, re-checking what it changes.
      for (const classroomId of await classroomsDueForAllocation(ctx.db)) {
        const result = await run(classroomId, user.publicKey);
        if (changed(result)) out.push(result);
      }
      return out;
    },
    /** Per student of a classroom in reach (a consultant: their consultees), and whether deposits fall short. */
    async classroomCharges(user: SessionUser, classroomId: string) {
      await requireClassroom(ctx.db, user, classroomId);
      const rows = await balancesOf(ctx.db, { classroomId }, studentMoneyScope(user));
      return { students: rows.map(toBalance), notEnough: rows.some((r) => r.reservedSessions > 0) };
    },
  };
}
