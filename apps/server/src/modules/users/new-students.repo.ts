import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { selectRow, zoneLiteral } from '../../db/sql.ts';

/**
 * Students created since the start of the centre's current month that `reach` (a condition on the
 * student's key and consultant, from the reach policy) lets through: one count on (role, creation).
 */
export async function newStudentsThisMonth(
  q: Queryable,
  timeZone: string,
  reach: (columns: { studentKey: SQLWrapper; consultantKey: SQLWrapper }) => SQL | undefined,
): Promise<number> {
  const zone = zoneLiteral(timeZone);
  const condition = reach({ studentKey: sql`u.public_key`, consultantKey: sql`u.consultant_key` }) ?? sql`true`;
  const row = await selectRow<{ n: number }>(
    q,
    sql`select count(*)::int as n from ${users} u
      where u.role = 'Student' and u.create_moment >= date_trunc('month', now() at time zone ${zone}) at time zone ${zone}
        and ${condition}`,
  );
  return row?.n ?? 0;
}
