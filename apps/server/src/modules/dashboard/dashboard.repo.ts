import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { selectRow, selectRows, zoneLiteral } from '../../db/sql.ts';
import { sessionsView } from '../scheduling/scheduling.module.ts';

/**
 * The dashboard's session figures (issue 29), over scheduling's `sessionsView` only (its state
 * rules: `live`, `held`), each within `classes`, the reach policy's condition on a classroom id.
 * Days are the centre's (`timeZone`); every sum is PostgreSQL's, in numeric.
 */

const within = (classes: (classroomId: SQL) => SQL | undefined) => classes(sql`s.classroom_id`) ?? sql`true`;

export interface DayRow {
  date: string;
  held: number;
  toRecord: number;
  upcoming: number;
  cancelled: number;
  waitingForAdmin: number;
  reserved: number;
}

/**
 * Today's sessions by state, the sessions the teacher confirmed and the admin has not, and the
 * reserved ones from today on (live, no financial confirmation): one pass, counts by filter.
 */
export async function dayOf(q: Queryable, timeZone: string, classes: (classroomId: SQL) => SQL | undefined) {
  const zone = zoneLiteral(timeZone);
  const today = sql`s.start_at >= r.lo and s.start_at < r.hi`;
  const row = await selectRow<DayRow>(
    q,
    sql`with d as (select date_trunc('day', now() at time zone ${zone}) as lo_local),
        r as (select lo_local at time zone ${zone} as lo, (lo_local + interval '1 day') at time zone ${zone} as hi,
          to_char(lo_local, 'YYYY-MM-DD') as date from d)
      select r.date,
        count(*) filter (where ${today} and s.held)::int as held,
        count(*) filter (where ${today} and s.live and not s.held and s.start_at <= now())::int as to_record,
        count(*) filter (where ${today} and s.live and not s.held and s.start_at > now())::int as upcoming,
        count(*) filter (where ${today} and not s.live)::int as cancelled,
        count(*) filter (where s.live and s.confirmation = 'confirmedByTeacher')::int as waiting_for_admin,
        count(*) filter (where s.live and not s.financial_confirmation and s.start_at >= r.lo)::int as reserved
      from r left join ${sessionsView} s on ${within(classes)}
      group by r.date`,
  );
  return row!;
}

export interface WeekRow {
  /** Null on the week's total row. */
  date: string | null;
  heldHours: string;
  bookedHours: string;
}

/**
 * This week's hours (Monday to Sunday, the centre's days): held, and booked (live, not held yet),
 * per day and for the week (grouping sets), every day present; two decimals.
 */
export function weekOf(q: Queryable, timeZone: string, classes: (classroomId: SQL) => SQL | undefined) {
  const zone = zoneLiteral(timeZone);
  return selectRows<WeekRow>(
    q,
    sql`with w as (select date_trunc('week', now() at time zone ${zone}) as lo_local),
        days as (select to_char(g, 'YYYY-MM-DD') as day, g at time zone ${zone} as lo, (g + interval '1 day') at time zone ${zone} as hi
          from w cross join generate_series(w.lo_local, w.lo_local + interval '6 days', interval '1 day') g)
      select days.day as date,
        round(coalesce(sum(s.hours) filter (where s.held), 0), 2)::text as held_hours,
        round(coalesce(sum(s.hours) filter (where s.live and not s.held), 0), 2)::text as booked_hours
      from days left join ${sessionsView} s on s.start_at >= days.lo and s.start_at < days.hi and ${within(classes)}
      group by grouping sets ((days.day), ())
      order by days.day nulls last`,
  );
}
