import { type SQL, sql } from 'drizzle-orm';
import { zoneLiteral } from '../../db/sql.ts';

/**
 * A period of calendar days (both included) on a timestamptz expression: from the first day's local
 * midnight to the midnight after the last, in the centre's time zone — a range of the index on it.
 */
export function withinDays(expression: SQL, period: { from: string; to: string }, timeZone: string): SQL {
  const zone = zoneLiteral(timeZone);
  return sql`${expression} >= (${period.from}::date::timestamp at time zone ${zone})
    and ${expression} < ((${period.to}::date + 1)::timestamp at time zone ${zone})`;
}
