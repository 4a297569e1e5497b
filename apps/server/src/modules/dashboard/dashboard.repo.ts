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
 * Today's sessions by state (the day's range of the start index), the sessions the teacher
 * confirmed and the admin has not, and the reserved ones from today on (live, no financial
 * confirmation): each a count bounded by an index (a partial one for the two states), never the
 * whole history.
 */
export async function dayOf(q: Queryable, timeZone: string, classes: (classroomId: SQL) => SQL | undefined) {
  const zone = zoneLiteral(timeZone);
  const row = await selectRow<DayRow>(
    q,
    sql`with d as (select date_trunc('day', now() at time zone ${zone}) as lo_local),
        r as (select lo_local at time zone ${zone} as lo, (lo_local + interval '1 day') at time zone ${zone} as hi,
          to_char(lo_local, 'YYYY-MM-DD') as date from d)
      select r.date, t.held, t.to_record, t.upcoming, t.cancelled,
        (select count(*)::int from ${sessionsView} s
          where s.live and s.confirmation = 'confirmedByTeacher' and ${within(classes)}) as waiting_for_admin,
        (select count(*)::int from ${sessionsView} s
          where s.live and not s.financial_confirmation and s.start_at >= r.lo and ${within(classes)}) as reserved
      from r cross join lateral (
        select count(*) filter (where s.held)::int as held,
          count(*) filter (where s.live and not s.held and s.start_at <= now())::int as to_record,
          count(*) filter (where s.live and not s.held and s.start_at > now())::int as upcoming,
          count(*) filter (where not s.live)::int as cancelled
        from ${sessionsView} s where s.start_at >= r.lo and s.start_at < r.hi and ${within(classes)}) t`,
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
      -- The week's sessions first (one range of the start index), then shared out by day.
      from days left join (select * from ${sessionsView} s
          where s.start_at >= (select min(lo) from days) and s.start_at < (select max(hi) from days) and ${within(classes)}) s
        on s.start_at >= days.lo and s.start_at < days.hi
      group by grouping sets ((days.day), ())
      order by days.day nulls last`,
  );
}
