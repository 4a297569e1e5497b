import { type EditStudentsCostBody, moneyText } from '@tutoria/shared';
import { writeAudit } from '../../db/audit.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { allocateClassroom } from './allocation.ts';
import { balancesOf } from './balances.repo.ts';
import { classroomInReach, studentsOfClassroomInReach, upsertPrices } from './prices.repo.ts';
import { studentMoneyScope } from './money-reach.ts';
import { toBalance } from './views.ts';
import { checkMinorUnits } from './money-units.ts';

export type PricesService = ReturnType<typeof createPricesService>;

/** Whether the caller reaches the classroom (scheduling's classroom scope); 404 otherwise. */
export async function requireClassroom(q: Queryable, user: SessionUser, classroomId: string) {
  if (!(await classroomInReach(q, user, classroomId))) throw notFound();
}

/**
 * Student prices of a class (DESIGN §7 "Prices"): cost and discount per hour per student, set by
 * the consultant (of their consultees only) or an admin. A change re-runs the classroom's
 * allocation in the same transaction: held sessions are re-charged (reversal + new charge) and
 * the reserved / formal split follows.
 */
export function createPricesService(ctx: ModuleContext) {
  return {
    async editStudentsCost(user: SessionUser, body: EditStudentsCostBody) {
      checkMinorUnits(
        ctx.config.currency,
        Object.fromEntries(
          body.students.flatMap((s, i) => [
            [`students.${i}.studentCostPerHour`, s.studentCostPerHour],
            [`students.${i}.studentDiscountPerHour`, s.studentDiscountPerHour],
          ]),
        ),
      );
      return ctx.transaction(async (tx) => {
        await requireClassroom(tx, user, body.classroomId);
        const keys = body.students.map((s) => s.studentPublicKey);
        const scope = studentMoneyScope(user);
        const found = await studentsOfClassroomInReach(tx, body.classroomId, keys, scope);
        const missing = keys.findIndex((k) => !found.has(k));
        if (missing >= 0) {
          throw new AppError('FAILED_VALIDATION', {
            fields: [{ field: `students.${missing}.studentPublicKey`, key: 'depositStudentNotInClass' }],
          });
        }
        const before = await balancesOf(tx, { classroomId: body.classroomId });
        // A student named twice keeps the last price given, as a row per student would.
        const prices = new Map(
          body.students.map((s) => [
            s.studentPublicKey,
            {
              studentKey: s.studentPublicKey,
              costPerHour: moneyText(s.studentCostPerHour),
              discountPerHour: moneyText(s.studentDiscountPerHour),
            },
          ]),
        );
        await upsertPrices(tx, body.classroomId, [...prices.values()], user.publicKey);
        await allocateClassroom(tx, ctx.events, body.classroomId, user.publicKey);
        const after = await balancesOf(tx, { classroomId: body.classroomId }, scope);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'prices.studentCost',
          entity: 'classroom',
          entityId: body.classroomId,
          before: before
            .filter((b) => found.has(b.studentKey))
            .map(({ studentKey, costPerHour, discountPerHour }) => ({
              studentKey,
              costPerHour,
              discountPerHour,
            })),
          after: body.students,
        });
        return after.map(toBalance);
      });
    },
  };
}
