import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { writeAudit } from '../db/audit.ts';
import { selectRows } from '../db/sql.ts';
import { allocateClassroom } from '../modules/finance/allocation.ts';
import { guideLines, sumLines } from '../modules/finance/settlement-guide.repo.ts';
import { paySettlement } from '../modules/finance/settlement-workflow.ts';
import { coverSessions, insertSettlement, lockSettlement, updateSettlement } from '../modules/finance/settlements.repo.ts';

/** Demo events are not dispatched (no notifications for seeded history). */
const quiet = { record: async () => '' };
const DAY = 86_400_000;

/** Monday 00:00 UTC of the current week, as the scheduling demo counts its weeks. */
function thisMonday(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return midnight - ((now.getUTCDay() + 6) % 7) * DAY;
}

/**
 * The demo centre's teacher settlements (issue 28), after the fees and salaries: every class's held
 * sessions the admin confirmed are earned in the ledger (the allocation brings them in); the demo
 * teacher was paid, ten days later, for the sessions held three weeks ago — one paid settlement, as
 * the payment posts it — so two weeks ago stays unpaid (and last week waits for the admin's
 * confirmation): the settlements page, the guide, the sums and the teacher's own page show real figures.
 */
export async function seedDemoSettlements(tx: Queryable): Promise<void> {
  const people = await selectRows<{ publicKey: string; userName: string }>(tx, sql`select public_key, user_name from users`);
  const key = new Map(people.map((p) => [p.userName, p.publicKey]));
  const finance = key.get('finance');
  const teacher = key.get('teacher');
  if (!finance || !teacher) return;
  const classes = await selectRows<{ classroomId: string }>(tx, sql`select classroom_id from classrooms order by classroom_id`);
  for (const c of classes) await allocateClassroom(tx, quiet, c.classroomId, null);

  const threeWeeksAgo = thisMonday(new Date()) - 21 * DAY;
  const toTime = Math.floor((threeWeeksAgo + 7 * DAY) / 1000) - 1;
  const lines = await guideLines(tx, { teacherKey: teacher, toTime, fromTime: Math.floor(threeWeeksAgo / 1000) });
  if (!lines.length) return;
  const { amount } = await sumLines(tx, lines);
  const paidAt = new Date(threeWeeksAgo + 10 * DAY);
  const settlementId = await insertSettlement(tx, {
    teacherKey: teacher,
    settlementType: 'TeachingSalary',
    amount,
    description: 'Teaching salary, week of the 3rd',
    fromTime: new Date(threeWeeksAgo),
    toTime: new Date(toTime * 1000),
    classroomId: null,
    lessonType: null,
    createdBy: finance,
  });
  await coverSessions(
    tx,
    settlementId,
    lines.map((l) => ({ sessionId: l.sessionId, teacherKey: l.teacherKey, classroomId: l.classroomId, hours: l.hours, amount: l.amount })),
  );
  await updateSettlement(tx, settlementId, { confirmedBy: finance, confirmedAt: paidAt, createMoment: paidAt });
  await paySettlement(tx, quiet, (await lockSettlement(tx, settlementId))!, finance);
  await writeAudit(tx, { actorKey: finance, action: 'settlement.created', entity: 'settlement', entityId: settlementId });
  await writeAudit(tx, { actorKey: finance, action: 'settlement.confirm.direct', entity: 'settlement', entityId: settlementId });
}
