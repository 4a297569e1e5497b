import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { transfers } from '../db/schema/index.ts';
import { selectRows } from '../db/sql.ts';
import { allocateClassroom } from '../modules/finance/allocation.ts';
import { accounts, post } from '../modules/finance/ledger.repo.ts';
import { transferKey } from '../modules/finance/transfers.repo.ts';

/** Demo events are not dispatched (no notifications for seeded history). */
const quiet = { record: async () => '' };
const DAY_MS = 86_400_000;

/**
 * The demo's transfers (issue 11), through the same ledger as the app: for a consultee of the
 * demo consultant with credit in one class and a seat in another, one confirmed transfer (both
 * steps, posted: the credit moved) and one waiting for the consultant's step; then both classes'
 * allocations again. Runs after the deposits (`seedDemoFinance`).
 */
export async function seedDemoTransfers(tx: Queryable, now = new Date()): Promise<void> {
  const [pick] = await selectRows<{ studentKey: string; source: string; destination: string; consultant: string; finance: string }>(
    tx,
    sql`with credit as (select student_key, classroom_id, -sum(amount) as remaining from ledger_entries
        where account = 'student_credit' group by student_key, classroom_id)
      select c.student_key, c.classroom_id as source, cs.classroom_id as destination, u.consultant_key as consultant,
        (select public_key from users where user_name = 'finance') as finance
      from credit c
      join classroom_students cs on cs.student_key = c.student_key and cs.classroom_id <> c.classroom_id
      join classrooms k on k.classroom_id = cs.classroom_id and k.state <> 'Deleted'
      join users u on u.public_key = c.student_key
      where c.remaining >= 200 and u.consultant_key = (select public_key from users where user_name = 'consultant')
      order by (u.user_name = 'student') desc, u.user_name, c.classroom_id, cs.classroom_id limit 1`,
  );
  if (!pick?.finance) return;
  const at = new Date(now.getTime() - 2 * DAY_MS);
  const common = {
    studentKey: pick.studentKey,
    sourceClassroomId: pick.source,
    destinationClassroomId: pick.destination,
    chargePerHour: sql`(select cost_per_hour - discount_per_hour from student_prices where classroom_id = ${pick.source} and student_key = ${pick.studentKey})`,
    incomePerHour: sql`(select cost_per_hour - discount_per_hour from student_prices where classroom_id = ${pick.destination} and student_key = ${pick.studentKey})`,
    createdBy: pick.consultant,
  };
  const [done] = await tx
    .insert(transfers)
    .values({
      ...common,
      amount: '100.00',
      description: 'Parent asked to move part of the credit',
      consultantConfirmedBy: pick.consultant,
      consultantConfirmedAt: at,
      consultantMessage: 'Agreed with the parent',
      financialConfirmedBy: pick.finance,
      financialConfirmedAt: at,
      confirmedBy: pick.finance,
      confirmedAt: at,
      createMoment: at,
    })
    .returning({ transferId: transfers.transferId });
  const credit = { account: accounts.studentCredit, studentKey: pick.studentKey, amount: '100.00' };
  await post(tx, { kind: 'transfer.confirmed', idempotencyKey: transferKey(done!.transferId), actorKey: pick.finance }, [
    { ...credit, side: 'debit', classroomId: pick.source },
    { ...credit, side: 'credit', classroomId: pick.destination },
  ]);
  await tx.insert(transfers).values({ ...common, amount: '80.00', description: 'Moving to the other class', createMoment: now });
  for (const classroomId of [pick.source, pick.destination]) await allocateClassroom(tx, quiet, classroomId, null);
}
