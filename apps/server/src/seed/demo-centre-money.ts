import { type SQL, sql } from 'drizzle-orm';
import { paymentMethods, teacherTypes } from '@tutoria/shared';
import type { Queryable } from '../db/client.ts';
import { centreDebtors } from './demo-centre-data.ts';
import { setReservations } from './large-finance.ts';
import { key, pick } from './large-sql.ts';

const finance = sql`(select public_key from users where user_name = 'finance')`;
const inCentre = (column: string) => sql.raw(`${column} in (select classroom_id from demo_classes)`);

/**
 * The grown demo centre's money (issue 29), posted to the ledger as the product posts it and as
 * large-finance.ts does (same kinds, idempotency keys, accounts and signs; the ledger's sums tables
 * follow through their triggers): a price for every student of the new classes, the teachers' fees
 * and some classes' salaries; per student and class a first deposit for the weeks up to six weeks
 * ago and a top-up for the weeks up to two ahead (confirmed in the last days, so this month has
 * money in), so the later weeks stay reserved; the debtors' top-ups still waiting; the charge of
 * every held session; two transfers (one confirmed, one waiting); the teachers' earnings, and
 * settlements of the months before last for four teachers (the rest unpaid). The balance trigger is
 * off for the bulk insert; the rule is checked set-based at the end.
 */
export async function seedDemoCentreMoney(tx: Queryable, monday: string): Promise<void> {
  // The hand-made demo's postings wait for their deferred balance checks: run them first, or the table can't be altered.
  await tx.execute(sql`set constraints all immediate`);
  await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_balanced`);
  await tx.execute(sql`
    create temporary table demo_pairs on commit drop as
    select c.c, c.classroom_id, c.week_from, st.student_key, u.user_name, u.consultant_key,
      (row_number() over (order by c.c, u.user_name))::int as n
    from demo_classes c join classroom_students st on st.classroom_id = c.classroom_id join users u on u.public_key = st.student_key`);
  await tx.execute(sql`
    insert into student_prices (classroom_id, student_key, cost_per_hour, discount_per_hour, updated_by)
    select classroom_id, student_key, 260 + (n % 5) * 30, case when n % 4 = 0 then 20 else 0 end, consultant_key from demo_pairs`);
  await tx.execute(sql`
    insert into teacher_fees (teacher_fee_id, teacher_key, fee, teacher_type, lesson_type)
    select ${key('demo-teacher-fee', 'teacher_key::text || lesson_type')}, teacher_key, 120 + (min(c) % 4) * 20,
      ${pick(teacherTypes, 'min(c)')}, lesson_type
    from demo_classes group by teacher_key, lesson_type
    on conflict (teacher_key, lesson_type) do nothing`);
  await tx.execute(sql`
    insert into classroom_salaries (classroom_id, teacher_salary_per_hour, updated_by)
    select c.classroom_id, f.fee + case when c.type = 'Private' then 0 else 30 end, ${finance}
    from demo_classes c join teacher_fees f on f.teacher_key = c.teacher_key and f.lesson_type = c.lesson_type
    where c.c % 3 <> 2`);
  await seedDeposits(tx, monday);
  await postDeposits(tx);
  await postCharges(tx);
  await seedTransfers(tx);
  await seedEarningsAndSettlements(tx);
  await setReservations(tx, inCentre('s.classroom_id'));
  await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_balanced`);
  await tx.execute(sql`set constraints all deferred`);
  const [check] = (
    (await tx.execute(
      sql`select count(*)::int as unbalanced from (select 1 from ledger_entries group by transaction_id having sum(amount) <> 0) u`,
    )) as unknown as { rows: { unbalanced: number }[] }
  ).rows;
  if (check?.unbalanced !== 0) throw new Error(`The demo ledger is not balanced: ${JSON.stringify(check)}`);
}

/** What a pair (`x`) owes for its class's live sessions in weeks [from, to]: the price of each, rounded per session. */
function dueSql(from: number, to: number): SQL {
  return sql`(select coalesce(sum(round(s.duration_minutes::numeric / 60 * (p.cost_per_hour - p.discount_per_hour), 2)), 0)
    from classroom_sessions s join student_prices p on p.classroom_id = s.classroom_id and p.student_key = x.student_key
    where s.classroom_id = x.classroom_id and s.state <> 'canceled'
      and s.start_at >= x.monday + make_interval(days => ${from}::int * 7) and s.start_at < x.monday + make_interval(days => ${to + 1}::int * 7))`;
}

const debtorList = sql.join(
  centreDebtors.map((d) => sql`${d}`),
  sql`, `,
);

async function seedDeposits(tx: Queryable, monday: string) {
  // d = 1: the first deposit, paid when the class started; d = 2: the top-up, paid in the last days
  // (the debtors' still waiting, one with the consultant's confirmation); d = 3: next month's, just handed in.
  await tx.execute(sql`
    create temporary table demo_deposits on commit drop as
    select ${key('demo-deposit', "x.n || '-' || d.d")} as deposit_id, x.*, d.d, d.amount,
      x.user_name in (${debtorList}) and d.d = 2 or d.d = 3 as waiting,
      case when d.d = 1 then x.monday + make_interval(days => x.week_from * 7 - 2, hours => 10 + x.n % 8)
        when d.d = 2 then now() - make_interval(days => x.n % 5, hours => 1 + x.n % 7)
        else now() - make_interval(hours => 2 + x.n % 20) end as at
    from (select p.*, ${monday}::timestamptz as monday from demo_pairs p) x
    cross join lateral (values (1, ${dueSql(-12, -6)}), (2, ${dueSql(-5, 2)}),
      (3, case when x.n % 11 = 4 then 600.00 else 0 end)) d(d, amount)
    where d.amount > 0`);
  await tx.execute(sql`
    insert into deposits (deposit_id, student_key, classroom_id, amount, discount_value, deposit_type, payment_method, charge_at,
      created_by, consultant_confirmed_by, consultant_confirmed_at, consultant_message, financial_confirmed_by, financial_confirmed_at,
      financial_message, confirmed_by, confirmed_at, create_moment, updated_at)
    select deposit_id, student_key, classroom_id, amount, 0, 'Classroom', ${pick(paymentMethods, 'n + d')}, at, consultant_key,
      case when not waiting or (n + d) % 2 = 0 then consultant_key end, case when not waiting or (n + d) % 2 = 0 then at + interval '1 hour' end,
      case when not waiting or (n + d) % 2 = 0 then 'Receipt checked.' end,
      case when not waiting then ${finance} end, case when not waiting then at + interval '3 hours' end,
      case when not waiting then 'Received.' end,
      case when not waiting then ${finance} end, case when not waiting then at + interval '3 hours' end, at, at
    from demo_deposits`);
}

/** deposit.confirmed: cash against the student's credit in the class (no discounts on the demo's). */
async function postDeposits(tx: Queryable) {
  await tx.execute(sql`
    insert into ledger_transactions (transaction_id, kind, idempotency_key, deposit_id, actor_key, create_moment)
    select ${key('demo-tx', "'deposit-' || deposit_id")}, 'deposit.confirmed', 'deposit:' || deposit_id || ':confirmed', deposit_id,
      confirmed_by, confirmed_at
    from deposits where confirmed_at is not null and deposit_id in (select deposit_id from demo_deposits)`);
  await tx.execute(sql`
    insert into ledger_entries (transaction_id, account, student_key, classroom_id, amount, create_moment)
    select ${key('demo-tx', "'deposit-' || d.deposit_id")}, e.account, e.student_key, e.classroom_id, e.amount, d.confirmed_at
    from deposits d cross join lateral (values ('cash', null::uuid, null::uuid, d.amount),
      ('student_credit', d.student_key, d.classroom_id, -d.amount)) e(account, student_key, classroom_id, amount)
    where d.confirmed_at is not null and d.deposit_id in (select deposit_id from demo_deposits)`);
}

/** The charge of every held session per student (what `allocateClassroom` posts: key :0, the first). */
async function postCharges(tx: Queryable) {
  await tx.execute(sql`
    create temporary table demo_charges on commit drop as
    select ${key('demo-tx', "'charge-' || s.session_id || st.student_key")} as transaction_id, s.session_id, s.classroom_id, st.student_key,
      s.start_at, round(s.duration_minutes::numeric / 60 * (p.cost_per_hour - p.discount_per_hour), 2) as amount
    from classroom_sessions s
    join classroom_students st on st.classroom_id = s.classroom_id
    join student_prices p on p.classroom_id = s.classroom_id and p.student_key = st.student_key
    where s.state = 'haveclass' and ${inCentre('s.classroom_id')}`);
  await tx.execute(sql`
    insert into ledger_transactions (transaction_id, kind, idempotency_key, session_id, create_moment)
    select transaction_id, 'charge.session', 'charge:' || session_id || ':' || student_key || ':0', session_id, start_at + interval '2 hours'
    from demo_charges where amount <> 0`);
  await tx.execute(sql`
    insert into ledger_entries (transaction_id, account, student_key, classroom_id, amount, create_moment)
    select c.transaction_id, e.account, c.student_key, c.classroom_id, e.amount, c.start_at + interval '2 hours'
    from demo_charges c cross join lateral (values ('student_credit', c.amount), ('revenue', -c.amount)) e(account, amount)
    where c.amount <> 0`);
}

/**
 * Two transfers between a student's classes: Noah Chen moved 600.00 from the SAT class to his MAT
 * preparation (confirmed a month ago), Lily Zhang asks to move 300.00 from the Saturday science club
 * to IELTS writing (waiting for her consultant, Kevin Zhou).
 */
async function seedTransfers(tx: Queryable) {
  await tx.execute(sql`
    insert into transfers (transfer_id, student_key, source_classroom_id, destination_classroom_id, amount, charge_per_hour, income_per_hour,
      description, created_by, consultant_confirmed_by, consultant_confirmed_at, financial_confirmed_by, financial_confirmed_at,
      confirmed_by, confirmed_at, create_moment, updated_at)
    select ${key('demo-transfer', 'v.i')}, u.public_key, a.classroom_id, b.classroom_id, v.amount,
      pa.cost_per_hour - pa.discount_per_hour, pb.cost_per_hour - pb.discount_per_hour, v.description, u.consultant_key,
      case when v.i = 1 then u.consultant_key end, case when v.i = 1 then v.at end, case when v.i = 1 then ${finance} end, case when v.i = 1 then v.at + interval '2 hours' end,
      case when v.i = 1 then ${finance} end, case when v.i = 1 then v.at + interval '2 hours' end, v.at, v.at
    from (values (1, 'noah_chen', 8, 15, 600.00, 'Moving unused SAT hours to MAT preparation.', now() - interval '30 days'),
      (2, 'lily_zhang', 18, 2, 300.00, 'Fewer science sessions, more IELTS writing.', now() - interval '1 day'))
      v(i, user_name, source, destination, amount, description, at)
    join users u on u.user_name = v.user_name
    join demo_classes a on a.c = v.source join demo_classes b on b.c = v.destination
    join student_prices pa on pa.classroom_id = a.classroom_id and pa.student_key = u.public_key
    join student_prices pb on pb.classroom_id = b.classroom_id and pb.student_key = u.public_key`);
  await tx.execute(sql`
    insert into ledger_transactions (transaction_id, kind, idempotency_key, actor_key, create_moment)
    select ${key('demo-tx', "'transfer-' || transfer_id")}, 'transfer.confirmed', 'transfer:' || transfer_id || ':confirmed', confirmed_by,
      confirmed_at
    from transfers where confirmed_at is not null and ${inCentre('source_classroom_id')}`);
  await tx.execute(sql`
    insert into ledger_entries (transaction_id, account, student_key, classroom_id, amount, create_moment)
    select ${key('demo-tx', "'transfer-' || x.transfer_id")}, 'student_credit', x.student_key, e.classroom_id, e.amount, x.confirmed_at
    from transfers x cross join lateral (values (x.source_classroom_id, x.amount), (x.destination_classroom_id, -x.amount)) e(classroom_id, amount)
    where x.confirmed_at is not null and ${inCentre('x.source_classroom_id')}`);
}

/**
 * Earnings of the held sessions the admin confirmed (hours × the class's salary, else the teacher's
 * fee: `earning.session`, teacher pay ↔ teacher payable), as large-settlements.ts posts them; then
 * one TeachingSalary settlement per month before last for Hannah Brooks, Wei Zhang, Lin Yue and Tom
 * Wright, paid five days after the month (teacher payable per class ↔ cash). The others' earnings,
 * and everybody's last two months, stay unpaid.
 */
async function seedEarningsAndSettlements(tx: Queryable) {
  await tx.execute(sql`
    create temporary table demo_earnings on commit drop as
    select s.session_id, s.classroom_id, s.teacher_key, s.start_at, round(s.duration_minutes::numeric / 60, 4) as hours,
      round(s.duration_minutes::numeric / 60 * coalesce(cs.teacher_salary_per_hour, f.fee), 2) as amount
    from classroom_sessions s
    join classrooms c on c.classroom_id = s.classroom_id
    left join classroom_salaries cs on cs.classroom_id = s.classroom_id
    left join teacher_fees f on f.teacher_key = s.teacher_key and f.lesson_type = c.lesson_type
    where s.state = 'haveclass' and s.confirmation = 'confirmedByAdmin' and ${inCentre('s.classroom_id')}
      and round(s.duration_minutes::numeric / 60 * coalesce(cs.teacher_salary_per_hour, f.fee), 2) > 0`);
  await tx.execute(sql`
    insert into ledger_transactions (transaction_id, kind, idempotency_key, session_id, create_moment)
    select ${key('demo-tx', "'earning-' || session_id")}, 'earning.session', 'earning:' || session_id || ':' || teacher_key || ':0',
      session_id, start_at + interval '1 day'
    from demo_earnings`);
  await tx.execute(sql`
    insert into ledger_entries (transaction_id, account, teacher_key, classroom_id, amount, create_moment)
    select ${key('demo-tx', "'earning-' || x.session_id")}, e.account, x.teacher_key, x.classroom_id, e.amount, x.start_at + interval '1 day'
    from demo_earnings x cross join lateral (values ('teacher_pay', x.amount), ('teacher_payable', -x.amount)) e(account, amount)`);
  await tx.execute(sql`
    create temporary table demo_settlements on commit drop as
    select ${key('demo-settlement', 'x.teacher_key::text || x.month::text')} as settlement_id, x.teacher_key, x.month,
      sum(x.amount) as amount, x.month + interval '1 month' + interval '5 days' as paid_at
    from (select teacher_key, amount, date_trunc('month', start_at) as month from demo_earnings) x
    join users u on u.public_key = x.teacher_key
    where x.month < date_trunc('month', now()) - interval '1 month'
      and u.user_name in ('hannah_brooks', 'wei_zhang', 'lin_yue', 'tom_wright')
    group by x.teacher_key, x.month`);
  await tx.execute(sql`
    insert into settlements (settlement_id, teacher_key, settlement_type, amount, description, from_time, to_time, created_by,
      confirmed_by, confirmed_at, create_moment, updated_at)
    select settlement_id, teacher_key, 'TeachingSalary', amount, 'Teaching salary ' || to_char(month, 'YYYY-MM'), month,
      month + interval '1 month' - interval '1 second', ${finance}, ${finance}, paid_at, paid_at, paid_at
    from demo_settlements`);
  await tx.execute(sql`
    insert into settlement_sessions (settlement_id, session_id, teacher_key, classroom_id, hours, amount)
    select st.settlement_id, x.session_id, x.teacher_key, x.classroom_id, x.hours, x.amount
    from demo_earnings x join demo_settlements st on st.teacher_key = x.teacher_key and st.month = date_trunc('month', x.start_at)`);
  await tx.execute(sql`
    insert into ledger_transactions (transaction_id, kind, idempotency_key, actor_key, create_moment)
    select ${key('demo-tx', "'settlement-' || settlement_id")}, 'settlement.paid', 'settlement:' || settlement_id || ':paid', ${finance}, paid_at
    from demo_settlements`);
  await tx.execute(sql`
    insert into ledger_entries (transaction_id, account, teacher_key, classroom_id, amount, create_moment)
    select ${key('demo-tx', "'settlement-' || st.settlement_id")}, 'teacher_payable', st.teacher_key, ss.classroom_id, sum(ss.amount), st.paid_at
    from demo_settlements st join settlement_sessions ss on ss.settlement_id = st.settlement_id
    group by st.settlement_id, st.teacher_key, ss.classroom_id, st.paid_at
    union all
    select ${key('demo-tx', "'settlement-' || settlement_id")}, 'cash', null, null, -amount, paid_at from demo_settlements`);
}
