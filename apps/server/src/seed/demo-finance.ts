import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { deposits, studentPrices } from '../db/schema/index.ts';
import { selectRows } from '../db/sql.ts';
import { allocateClassroom } from '../modules/finance/allocation.ts';
import { depositPostings, post } from '../modules/finance/ledger.repo.ts';

const WEEK_MS = 7 * 86_400_000;
/** Demo events are not dispatched (no notifications for seeded history). */
const quiet = { record: async () => '' };

/**
 * The demo centre's money (issue 11), through the same ledger as the app: a price for every
 * student of every live class; confirmed deposits (both confirmations) paying each student's
 * sessions up to three weeks ahead, so the later weeks stay reserved (purple) beside formal ones;
 * waiting deposits; one debtor (alex_qian pays a quarter); then every classroom's allocation (charges
 * of the held sessions, the reserved / formal split).
 */
export async function seedDemoFinance(tx: Queryable, now = new Date()): Promise<void> {
  const people = await selectRows<{ publicKey: string; userName: string }>(tx, sql`select public_key, user_name from users`);
  const key = new Map(people.map((p) => [p.userName, p.publicKey]));
  const consultant = key.get('consultant');
  const finance = key.get('finance');
  if (!consultant || !finance) return;
  const pairs = await selectRows<{ classroomId: string; classroomName: string; studentKey: string; userName: string; n: number }>(
    tx,
    sql`select c.classroom_id, c.classroom_name, cs.student_key, u.user_name,
        row_number() over (order by c.classroom_name, u.user_name)::int as n
      from classrooms c join classroom_students cs on cs.classroom_id = c.classroom_id
      join users u on u.public_key = cs.student_key
      where c.state <> 'Deleted' order by c.classroom_name, u.user_name`,
  );
  for (const p of pairs) {
    await tx.insert(studentPrices).values({
      classroomId: p.classroomId,
      studentKey: p.studentKey,
      costPerHour: String(300 + (p.n % 3) * 50),
      discountPerHour: p.n % 4 === 0 ? '20' : '0',
      updatedBy: consultant,
    });
  }
  const cutoff = new Date(now.getTime() + 3 * WEEK_MS - ((now.getUTCDay() + 6) % 7) * 86_400_000);
  const due = await selectRows<{ classroomId: string; studentKey: string; amount: string }>(
    tx,
    sql`select s.classroom_id, p.student_key,
        sum(round((s.duration_minutes::numeric / 60) * (p.cost_per_hour - p.discount_per_hour), 2))::text as amount
      from classroom_sessions s join student_prices p on p.classroom_id = s.classroom_id
      where s.state <> 'canceled' and s.start_at < ${cutoff}
      group by s.classroom_id, p.student_key having sum(p.cost_per_hour) > 0`,
  );
  const methods = ['BankCardTransfer', 'POS', 'Cash', 'Alipay', 'Wechat'];
  let i = 0;
  for (const d of due) {
    const debtor = d.studentKey === key.get('alex_qian');
    const amount = debtor ? (await selectRows<{ part: string }>(tx, sql`select round(${d.amount}::numeric / 4, 2)::text as part`))[0]!.part : d.amount;
    const at = new Date(now.getTime() - (20 - (i % 15)) * 86_400_000);
    const [row] = await tx
      .insert(deposits)
      .values({
        studentKey: d.studentKey,
        classroomId: d.classroomId,
        amount,
        depositType: 'Classroom',
        paymentMethod: methods[i++ % methods.length]!,
        chargeAt: at,
        createdBy: consultant,
        consultantConfirmedBy: consultant,
        consultantConfirmedAt: at,
        consultantMessage: 'Receipt checked',
        financialConfirmedBy: finance,
        financialConfirmedAt: at,
        confirmedBy: finance,
        confirmedAt: at,
        createMoment: at,
      })
      .returning({ depositId: deposits.depositId });
    await post(
      tx,
      { kind: 'deposit.confirmed', idempotencyKey: `deposit:${row!.depositId}:confirmed`, actorKey: finance, depositId: row!.depositId },
      depositPostings({ amount, discountValue: '0', studentKey: d.studentKey, classroomId: d.classroomId }),
    );
  }
  // Waiting deposits: one with the consultant's confirmation, one with none.
  const waiting = pairs.filter((p) => p.userName === 'student' || p.userName === 'zoe_luo').slice(0, 2);
  for (const [n, p] of waiting.entries()) {
    await tx.insert(deposits).values({
      studentKey: p.studentKey,
      classroomId: p.classroomId,
      amount: n === 0 ? '600' : '450.50',
      depositType: 'Classroom',
      paymentMethod: n === 0 ? 'Wechat' : 'Alipay',
      chargeAt: now,
      createdBy: consultant,
      ...(n === 0 ? { consultantConfirmedBy: consultant, consultantConfirmedAt: now, consultantMessage: 'Paid by WeChat' } : {}),
    });
  }
  for (const classroomId of new Set(pairs.map((p) => p.classroomId))) {
    await allocateClassroom(tx, quiet, classroomId, null);
  }
}
