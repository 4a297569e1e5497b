import { type ListQuery, moneyText, type SideCost, type SideCostList, type UpsertSideCostsBody } from '@tutoria/shared';
import { writeAudit } from '../../db/audit.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { lockClassroom } from '../scheduling/scheduling.module.ts';
import { allocateClassroom } from './allocation.ts';
import { balancesOf, studentInScope } from './balances.repo.ts';
import { accounts, post, reverse } from './ledger.repo.ts';
import { studentsOfClassroomInReach } from './prices.repo.ts';
import { requireClassroom } from './prices.service.ts';
import { insertSideCost, liveSideCosts, type SideCostRow, updateSideCost } from './side-costs.repo.ts';
import { listSideCosts, type SideCostListRow } from './side-costs-list.repo.ts';
import { studentMoneyScope } from './money-reach.ts';
import { toBalance } from './views.ts';
import { checkMinorUnits } from './money-units.ts';

export type SideCostsService = ReturnType<typeof createSideCostsService>;

const toSideCost = (row: SideCostRow): SideCost => ({
  sideCostId: row.sideCostId,
  studentPublicKey: row.studentKey,
  studentName: row.studentName,
  title: row.title,
  amount: Number(row.amount),
  createMoment: row.createMoment,
});

/** A row of the side costs list (issue 28). */
const toSideCostRecord = (row: SideCostListRow): SideCostList['data'][number] => ({
  sideCostId: row.sideCostId,
  studentPublicKey: row.studentKey,
  studentName: row.studentName,
  consultantPublicKey: row.consultantKey,
  consultantName: row.consultantName,
  classroomId: row.classroomId,
  classroomName: row.classroomName,
  title: row.title,
  amount: Number(row.amount),
  createMoment: row.createMoment,
});

const audited = (rows: readonly SideCostRow[]) => rows.map(({ sideCostId, title, amount }) => ({ sideCostId, title, amount }));

/**
 * Students' side costs in a class (SPEC §7 UpsertStudentSideCosts; docs/finance.md "Side costs"):
 * set by the student's consultant (or an admin) as a whole list. Each live side cost is one ledger
 * charge (debit the student's credit, credit `side_costs`); a changed amount reverses the charge
 * and posts the new one, a removed side cost has its charge reversed — never an edited total.
 * Under the classroom's row lock, in one transaction with the audit row, the allocation re-run
 * (side costs are paid from the credit first) and the `sideCosts.changed` event.
 */
export function createSideCostsService(ctx: ModuleContext) {
  async function charge(q: Queryable, row: { sideCostId: string; studentKey: string; classroomId: string; amount: string }, previous: string | null, actorKey: string) {
    const id = await post(
      q,
      { kind: 'charge.sideCost', idempotencyKey: `sidecost:${row.sideCostId}:${previous ?? 'first'}`, actorKey, memo: row.sideCostId },
      [
        { account: accounts.studentCredit, side: 'debit', amount: row.amount, studentKey: row.studentKey, classroomId: row.classroomId },
        { account: accounts.sideCosts, side: 'credit', amount: row.amount, studentKey: row.studentKey, classroomId: row.classroomId },
      ],
    );
    return id!;
  }
  const undo = (q: Queryable, transactionId: string | null, sideCostId: string, actorKey: string) =>
    transactionId ? reverse(q, transactionId, { kind: 'charge.sideCostReversed', actorKey, memo: sideCostId }) : Promise.resolve(null);

  return {
    async list(user: SessionUser, classroomId: string): Promise<{ sideCosts: SideCost[] }> {
      await requireClassroom(ctx.db, user, classroomId);
      const rows = await liveSideCosts(ctx.db, classroomId, { scope: studentMoneyScope(user) });
      return { sideCosts: rows.map(toSideCost) };
    },

    /** Every live side cost in the caller's money reach, with the filtered set's totals (issue 28). */
    async all(user: SessionUser, query: ListQuery): Promise<SideCostList> {
      const page = await listSideCosts(ctx.db, query, studentMoneyScope(user), {
        allCap: ctx.config.listAllCap,
        timeZone: ctx.config.timeZone,
      });
      return {
        data: page.data.map(toSideCostRecord),
        totalCount: page.totalCount,
        totals: { count: page.totals.count, amount: Number(page.totals.amount) },
      };
    },

    async upsert(user: SessionUser, body: UpsertSideCostsBody) {
      const { classroomId, studentPublicKey: studentKey } = body;
      checkMinorUnits(ctx.config.currency, Object.fromEntries(body.sideCosts.map((s, i) => [`sideCosts.${i}.amount`, s.amount])));
      return ctx.transaction(async (tx) => {
        await requireClassroom(tx, user, classroomId);
        const scope = studentMoneyScope(user);
        if (!(await studentsOfClassroomInReach(tx, classroomId, [studentKey], scope)).has(studentKey)) {
          if (!(await studentInScope(tx, studentKey, scope))) throw notFound();
          throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'studentPublicKey', key: 'depositStudentNotInClass' }] });
        }
        // The classroom's lock first (as the allocation takes it), then the student's side-cost rows.
        if (!(await lockClassroom(tx, classroomId))) throw notFound();
        const before = await liveSideCosts(tx, classroomId, { studentKey, lock: true });
        const current = new Map(before.map((r) => [r.sideCostId, r]));
        const named = new Set(body.sideCosts.flatMap((s) => (s.sideCostId ? [s.sideCostId] : [])));
        if ([...named].some((id) => !current.has(id))) throw notFound();
        const actor = user.publicKey;
        for (const row of before) {
          if (named.has(row.sideCostId)) continue;
          await undo(tx, row.transactionId, row.sideCostId, actor);
          await updateSideCost(tx, row.sideCostId, { removedAt: new Date(), removedBy: actor, transactionId: null });
        }
        for (const item of body.sideCosts) {
          const amount = moneyText(item.amount);
          const old = item.sideCostId ? current.get(item.sideCostId) : undefined;
          if (old) {
            if (old.amount === amount) {
              if (old.title !== item.title) await updateSideCost(tx, old.sideCostId, { title: item.title });
              continue;
            }
            await undo(tx, old.transactionId, old.sideCostId, actor);
            const transactionId = await charge(tx, { sideCostId: old.sideCostId, studentKey, classroomId, amount }, old.transactionId, actor);
            await updateSideCost(tx, old.sideCostId, { title: item.title, amount, transactionId });
          } else {
            const sideCostId = await insertSideCost(tx, { classroomId, studentKey, title: item.title, amount, createdBy: actor });
            const transactionId = await charge(tx, { sideCostId, studentKey, classroomId, amount }, null, actor);
            await updateSideCost(tx, sideCostId, { transactionId });
          }
        }
        const after = await liveSideCosts(tx, classroomId, { studentKey });
        await allocateClassroom(tx, ctx.events, classroomId, actor);
        await writeAudit(tx, {
          actorKey: actor,
          action: 'prices.sideCosts',
          entity: 'classroom',
          entityId: classroomId,
          before: { studentPublicKey: studentKey, sideCosts: audited(before) },
          after: { studentPublicKey: studentKey, sideCosts: audited(after) },
        });
        await ctx.events.record(tx, 'sideCosts.changed', { classroomId, studentKey, actorKey: actor, userKeys: [studentKey] });
        const balances = await balancesOf(tx, { classroomId }, scope);
        return { sideCosts: after.map(toSideCost), balances: balances.map(toBalance) };
      });
    },
  };
}
