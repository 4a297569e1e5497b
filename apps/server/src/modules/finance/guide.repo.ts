import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { deposits, studentPrices } from '../../db/schema/finance.ts';
import { selectRow } from '../../db/sql.ts';
import { liveSessions } from './live-sessions.repo.ts';
import { sessionPrice } from './allocation.repo.ts';
import { creditSums } from './ledger.repo.ts';

export interface GuideRow {
  costPerHour: string | null;
  discountPerHour: string | null;
  bookedSessions: number;
  bookedHours: string;
  bookedCost: string;
  sideCosts: string;
  credit: string;
  owed: string;
  owedHours: string | null;
  waiting: string;
}

/**
 * The guide for create (docs/finance.md): every live (not cancelled) session of the class at the
 * student's net price (rounded per session, as charged), plus the side costs charged, less the
 * credit paid in (confirmed deposits and transfers, from the ledger); never below 0. In hours at
 * the net price. Waiting deposits are shown beside it: they are not credit until confirmed.
 */
export function guideOf(q: Queryable, studentKey: string, classroomId: string) {
  return selectRow<GuideRow>(
    q,
    sql`with p as (select cost_per_hour, discount_per_hour from ${studentPrices}
          where classroom_id = ${classroomId} and student_key = ${studentKey}),
        booked as (select count(*)::int as sessions, coalesce(sum(s.hours), 0) as hours,
            coalesce(sum(${sessionPrice(sql`s.hours`, 'p')}), 0) as cost
          from ${liveSessions} s left join p on true where s.classroom_id = ${classroomId}),
        m as (select coalesce(sum(paid), 0) as paid, coalesce(sum(side_costs), 0) as side_costs from ${creditSums} m
          where m.student_key = ${studentKey} and m.classroom_id = ${classroomId}),
        owing as (select greatest(booked.cost + m.side_costs - m.paid, 0) as owed from booked, m)
      select p.cost_per_hour::text as cost_per_hour, p.discount_per_hour::text as discount_per_hour,
        booked.sessions as booked_sessions, round(booked.hours, 2)::text as booked_hours, booked.cost::text as booked_cost,
        m.side_costs::text as side_costs, m.paid::text as credit, owing.owed::text as owed,
        case when p.cost_per_hour - p.discount_per_hour > 0
          then round(owing.owed / (p.cost_per_hour - p.discount_per_hour), 2)::text end as owed_hours,
        (select coalesce(sum(w.amount), 0)::text from ${deposits} w where w.student_key = ${studentKey}
          and w.classroom_id = ${classroomId} and w.confirmed_at is null) as waiting
      from booked cross join m cross join owing left join p on true`,
  );
}
