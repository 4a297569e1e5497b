import { type SQL, sql } from 'drizzle-orm';
import { reachableClassrooms } from '../../access/reach.ts';
import type { Queryable } from '../../db/client.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { studentPrices } from '../../db/schema/finance.ts';
import { anyUuid, selectRows } from '../../db/sql.ts';
import { classroomMembers, classroomsView } from '../scheduling/scheduling.module.ts';
import { people } from '../users/users.module.ts';

/** Whether the caller reaches a classroom with students (the one reach policy, on its id). */
export async function classroomInReach(
  q: Queryable,
  user: SessionUser,
  classroomId: string,
): Promise<boolean> {
  const scope = reachableClassrooms(user, sql`${classroomId}::uuid`);
  const rows = await selectRows<{ ok: number }>(
    q,
    sql`select 1 as ok from ${classroomMembers} x where x.classroom_id = ${classroomId} ${scope ? sql`and ${scope}` : sql``} limit 1`,
  );
  return rows.length > 0;
}

/** The classrooms "fix all" looks at: every one not deleted, in id order. */
export async function liveClassroomIds(q: Queryable): Promise<string[]> {
  const rows = await selectRows<{ classroomId: string }>(
    q,
    sql`select classroom_id from ${classroomsView} c where c.state <> 'Deleted' order by classroom_id`,
  );
  return rows.map((r) => r.classroomId);
}

/** Of `keys`, the students of the classroom that `scope` (on `st`, the student's people row) reaches. */
export async function studentsOfClassroomInReach(
  q: Queryable,
  classroomId: string,
  keys: readonly string[],
  scope: SQL | undefined,
): Promise<Set<string>> {
  const rows = await selectRows<{ publicKey: string }>(
    q,
    sql`select st.public_key from ${people} st join ${classroomMembers} cs
      on cs.student_key = st.public_key and cs.classroom_id = ${classroomId}
      where st.public_key = ${anyUuid([...keys])} ${scope ? sql`and ${scope}` : sql``}`,
  );
  return new Set(rows.map((r) => r.publicKey));
}

/** Sets the prices of several students of a classroom in one statement. */
export async function upsertPrices(
  q: Queryable,
  classroomId: string,
  prices: readonly { studentKey: string; costPerHour: string; discountPerHour: string }[],
  actorKey: string,
): Promise<void> {
  if (!prices.length) return;
  const updatedAt = new Date();
  await q
    .insert(studentPrices)
    .values(prices.map((p) => ({ classroomId, ...p, updatedBy: actorKey, updatedAt })))
    .onConflictDoUpdate({
      target: [studentPrices.classroomId, studentPrices.studentKey],
      set: {
        costPerHour: sql`excluded.cost_per_hour`,
        discountPerHour: sql`excluded.discount_per_hour`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}
