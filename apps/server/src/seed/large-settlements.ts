import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { key } from './large-sql.ts';

const financeAdmin = key('finance', '1');

/**
 * Teachers' earnings and settlements on the large centre (issue 28), posted as the product posts
 * them (docs/finance.md "Teacher settlements"): every held session the admin confirmed earns its
 * teacher its hours × the class's salary (else the teacher's fee) — `earning.session`, teacher pay
 * ↔ teacher payable, key `:0`; each teacher is paid month by month up to two months ago — one
 * TeachingSalary settlement per teacher and month, its sessions covered at what they earned,
 * `settlement.paid`: teacher payable per class ↔ cash — and one settlement in fifty was reversed
 * since (its sessions free again, so the group guide has old months to propose too). Answers the
 * reversals to post (by `reverseAll`, with the deposits' and transfers').
 */
export async function seedLargeSettlements(q: Queryable) {
  await q.execute(sql`
    create temporary table large_earnings on commit drop as
    select s.session_id, s.classroom_id, s.teacher_key, s.start_at, round(s.duration_minutes::numeric / 60, 4) as hours,
      round(s.duration_minutes::numeric / 60 * coalesce(cs.teacher_salary_per_hour, f.fee), 2) as amount
    from classroom_sessions s
    join classrooms c on c.classroom_id = s.classroom_id
    left join classroom_salaries cs on cs.classroom_id = s.classroom_id
    left join teacher_fees f on f.teacher_key = s.teacher_key and f.lesson_type = c.lesson_type
    where s.state = 'haveclass' and s.confirmation = 'confirmedByAdmin'
      and round(s.duration_minutes::numeric / 60 * coalesce(cs.teacher_salary_per_hour, f.fee), 2) > 0`);
  await q.execute(sql`
    insert into ledger_transactions (transaction_id, kind, idempotency_key, session_id, create_moment)
    select ${key('tx', "'earning-' || session_id")}, 'earning.session', 'earning:' || session_id || ':' || teacher_key || ':0', session_id,
      start_at + interval '1 day'
    from large_earnings`);
  await q.execute(sql`
    insert into ledger_entries (transaction_id, account, teacher_key, classroom_id, amount, create_moment)
    select ${key('tx', "'earning-' || x.session_id")}, e.account, x.teacher_key, x.classroom_id, e.amount, x.start_at + interval '1 day'
    from large_earnings x cross join lateral (values ('teacher_pay', x.amount), ('teacher_payable', -x.amount)) e(account, amount)`);

  // One settlement per teacher and month, up to two months ago; paid five days after the month.
  await q.execute(sql`
    create temporary table large_settlements on commit drop as
    select ${key('settlement', "teacher_key::text || month::text")} as settlement_id, teacher_key, month,
      sum(amount) as amount, month + interval '1 month' + interval '5 days' as paid_at
    from (select teacher_key, amount, date_trunc('month', start_at) as month from large_earnings) x
    where month < date_trunc('month', now()) - interval '1 month'
    group by teacher_key, month`);
  await q.execute(sql`
    insert into settlements (settlement_id, teacher_key, settlement_type, amount, description, from_time, to_time, created_by,
      confirmed_by, confirmed_at, reversed_by, reversed_at, reverse_reason, create_moment, updated_at)
    select settlement_id, teacher_key, 'TeachingSalary', amount, 'Teaching salary ' || to_char(month, 'YYYY-MM'), month,
      month + interval '1 month' - interval '1 second', ${financeAdmin}, ${financeAdmin}, paid_at,
      case when hashtext(settlement_id::text) % 50 = 0 then ${financeAdmin} end,
      case when hashtext(settlement_id::text) % 50 = 0 then paid_at + interval '1 day' end,
      case when hashtext(settlement_id::text) % 50 = 0 then 'Paid to the wrong account.' end, paid_at, paid_at
    from large_settlements`);
  await q.execute(sql`
    insert into settlement_sessions (settlement_id, session_id, teacher_key, classroom_id, hours, amount, released_at)
    select st.settlement_id, x.session_id, x.teacher_key, x.classroom_id, x.hours, x.amount, st.reversed_at
    from large_earnings x
    join settlements st on st.settlement_id = ${key('settlement', "x.teacher_key::text || date_trunc('month', x.start_at)::text")}`);
  await q.execute(sql`
    insert into ledger_transactions (transaction_id, kind, idempotency_key, actor_key, create_moment)
    select ${key('tx', "'settlement-' || settlement_id")}, 'settlement.paid', 'settlement:' || settlement_id || ':paid', confirmed_by, confirmed_at
    from settlements`);
  await q.execute(sql`
    insert into ledger_entries (transaction_id, account, teacher_key, classroom_id, amount, create_moment)
    select ${key('tx', "'settlement-' || st.settlement_id")}, 'teacher_payable', st.teacher_key, ss.classroom_id, sum(ss.amount), st.confirmed_at
    from settlements st join settlement_sessions ss on ss.settlement_id = st.settlement_id
    group by st.settlement_id, st.teacher_key, ss.classroom_id, st.confirmed_at
    union all
    select ${key('tx', "'settlement-' || settlement_id")}, 'cash', null, null, -amount, confirmed_at from settlements`);
  return sql`select t.transaction_id, st.reversed_by as actor, st.reverse_reason as memo, st.reversed_at as at, null::uuid as deposit_id
    from settlements st join ledger_transactions t on t.idempotency_key = 'settlement:' || st.settlement_id || ':paid'
    where st.reversed_at is not null`;
}
