import { sql } from 'drizzle-orm';
import { type EditStudentsCostBody, moneyText } from '@tutoria/shared';
import { writeAudit } from '../../db/audit.ts';
import type { Queryable } from '../../db/client.ts';
import { studentPrices } from '../../db/schema/finance.ts';
import { anyUuid, selectRows } from '../../db/sql.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { classroomScopeOf, financeClassroomStudents } from '../scheduling/scheduling.module.ts';
import { people } from '../users/users.module.ts';
import { allocateClassroom } from './allocation.ts';
import { balancesOf } from './balances.repo.ts';
import { studentMoneyScope } from './scope.ts';
import { toBalance } from './views.ts';

export type PricesService = ReturnType<typeof createPricesService>;

/** Whether the caller reaches the classroom (scheduling's classroom scope); 404 otherwise. */
export async function requireClassroom(q: Queryable, user: SessionUser, classroomId: string) {
  const scope = classroomScopeOf(user, sql`${classroomId}::uuid`);
  const rows = await selectRows<{ ok: number }>(
    q,
    sql`select 1 as ok from ${financeClassroomStudents} x where x.classroom_id = ${classroomId} ${scope ? sql`and ${scope}` : sql``} limit 1`,
  );
  if (!rows.length) throw notFound();
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
      return ctx.transaction(async (tx) => {
        await requireClassroom(tx, user, body.classroomId);
        const keys = body.students.map((s) => s.studentPublicKey);
        const scope = studentMoneyScope(user);
        const reachable = await selectRows<{ publicKey: string }>(
          tx,
          sql`select st.public_key from ${people} st join ${financeClassroomStudents} cs
            on cs.student_key = st.public_key and cs.classroom_id = ${body.classroomId}
            where st.public_key = ${anyUuid(keys)} ${scope ? sql`and ${scope}` : sql``}`,
        );
        const found = new Set(reachable.map((r) => r.publicKey));
        const missing = keys.findIndex((k) => !found.has(k));
        if (missing >= 0) {
          throw new AppError('FAILED_VALIDATION', {
            fields: [{ field: `students.${missing}.studentPublicKey`, key: 'depositStudentNotInClass' }],
          });
        }
        const before = await balancesOf(tx, { classroomId: body.classroomId });
        for (const s of body.students) {
          const values = {
            costPerHour: moneyText(s.studentCostPerHour),
            discountPerHour: moneyText(s.studentDiscountPerHour),
            updatedBy: user.publicKey,
            updatedAt: new Date(),
          };
          await tx
            .insert(studentPrices)
            .values({ classroomId: body.classroomId, studentKey: s.studentPublicKey, ...values })
            .onConflictDoUpdate({ target: [studentPrices.classroomId, studentPrices.studentKey], set: values });
        }
        await allocateClassroom(tx, ctx.events, body.classroomId, user.publicKey);
        const after = await balancesOf(tx, { classroomId: body.classroomId }, scope);
        await writeAudit(tx, {
          actorKey: user.publicKey,
          action: 'prices.studentCost',
          entity: 'classroom',
          entityId: body.classroomId,
          before: before.filter((b) => found.has(b.studentKey)).map(({ studentKey, costPerHour, discountPerHour }) => ({ studentKey, costPerHour, discountPerHour })),
          after: body.students,
        });
        return after.map(toBalance);
      });
    },
  };
}
