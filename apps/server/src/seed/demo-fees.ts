import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { classroomSalaries, teacherFees } from '../db/schema/index.ts';
import { selectRows } from '../db/sql.ts';
import { allocateClassroom } from '../modules/finance/allocation.ts';
import { accounts, post } from '../modules/finance/ledger.repo.ts';
import { insertSideCost, updateSideCost } from '../modules/finance/side-costs.repo.ts';

/** Demo events are not dispatched (no notifications for seeded history). */
const quiet = { record: async () => '' };
const teacherTypes = ['FullTime', 'PartTime', 'University'];

/**
 * The demo centre's teacher pay and side costs (issue 11): a fee for every teacher for the lesson
 * type of each of their classes (and IELTS online for the first), a teacher salary set on one class
 * (the others start from the fee), and side costs of two students charged through the ledger.
 * After `seedDemoFinance`: the allocation is re-run for the classes with side costs.
 */
export async function seedDemoFees(tx: Queryable): Promise<void> {
  const people = await selectRows<{ publicKey: string; userName: string }>(tx, sql`select public_key, user_name from users`);
  const key = new Map(people.map((p) => [p.userName, p.publicKey]));
  const consultant = key.get('consultant');
  const finance = key.get('finance');
  if (!consultant || !finance) return;
  const pairs = await selectRows<{ teacherKey: string; lessonType: string; n: number }>(
    tx,
    sql`select teacher_key, lesson_type, (row_number() over (order by min(classroom_name)))::int as n
      from classrooms where state <> 'Deleted' group by teacher_key, lesson_type order by min(classroom_name)`,
  );
  for (const p of pairs) {
    await tx.insert(teacherFees).values({
      teacherKey: p.teacherKey,
      lessonType: p.lessonType,
      fee: String(180 + (p.n % 4) * 20),
      teacherType: teacherTypes[p.n % teacherTypes.length]!,
    });
  }
  const first = pairs[0];
  if (first && first.lessonType !== 'IELTS_Online') {
    await tx.insert(teacherFees).values({ teacherKey: first.teacherKey, lessonType: 'IELTS_Online', fee: '220', teacherType: 'FullTime' });
  }
  const classes = await selectRows<{ classroomId: string }>(
    tx,
    sql`select classroom_id from classrooms where state <> 'Deleted' order by classroom_name limit 1`,
  );
  if (classes[0]) {
    await tx.insert(classroomSalaries).values({ classroomId: classes[0].classroomId, teacherSalaryPerHour: '210', updatedBy: finance });
  }
  const students = await selectRows<{ classroomId: string; studentKey: string }>(
    tx,
    sql`select cs.classroom_id, cs.student_key from classroom_students cs
      join classrooms c on c.classroom_id = cs.classroom_id join users u on u.public_key = cs.student_key
      where c.state <> 'Deleted' and u.user_name in ('student', 'zoe_luo') order by u.user_name, c.classroom_name`,
  );
  const sideCosts = [
    { title: 'Textbooks', amount: '120.00' },
    { title: 'Mock exam fee', amount: '85.50' },
  ];
  const touched = new Set<string>();
  for (const [i, s] of students.slice(0, 2).entries()) {
    const item = sideCosts[i]!;
    const sideCostId = await insertSideCost(tx, { ...s, ...item, createdBy: consultant });
    const transactionId = await post(
      tx,
      { kind: 'charge.sideCost', idempotencyKey: `sidecost:${sideCostId}:first`, actorKey: consultant, memo: sideCostId },
      [
        { account: accounts.studentCredit, side: 'debit', amount: item.amount, studentKey: s.studentKey, classroomId: s.classroomId },
        { account: accounts.sideCosts, side: 'credit', amount: item.amount, studentKey: s.studentKey, classroomId: s.classroomId },
      ],
    );
    await updateSideCost(tx, sideCostId, { transactionId });
    touched.add(s.classroomId);
  }
  for (const classroomId of touched) await allocateClassroom(tx, quiet, classroomId, null);
}
