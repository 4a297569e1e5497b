import { type SQL, sql } from 'drizzle-orm';
import { paymentMethods, teacherTypes } from '@tutoria/shared';
import type { Queryable } from '../db/client.ts';
import { selectRow } from '../db/sql.ts';
import { key, pick } from './large-sql.ts';
import { seedLargeContracts } from './large-contracts.ts';
import { seedLargeSettlements } from './large-settlements.ts';

export interface LargeFinanceSize {
  /** Deposits over the two years: 80% confirmed (1 in 97 of them reversed since), the rest waiting. */
  deposits: number;
  /** Transfers between two classes of one student: most confirmed, some waiting, some reversed. */
  transfers: number;
  /** Students with a contract (issue 28), each with 1–3 payments (deposits of type Contract, besides `deposits`). */
  contracts: number;
}

const financeAdmin = key('finance', '1');
const consultant = key('consultant', '1');

/**
 * Finance on the large centre, posted to the ledger exactly as the product posts it
 * (docs/finance.md, `modules/finance/ledger.repo.ts`): the same kinds, idempotency keys, accounts
 * and signs, so that balances, debtors and a later "fix reservation for all" read it as their own.
 * Prices for every student of every class (a few left without, so some sessions stay reserved),
 * teacher fees and salaries, deposits of every payment method and state, contracts and their
 * payments (large-contracts.ts), a side cost for one pair in five, the charge of every held session, transfers, teachers' earnings and monthly settlements
 * (large-settlements.ts), and at the end the reserved / formal split
 * set in one statement the way `formalSessions` computes it per classroom. The ledger's
 * balance trigger (a deferred per-row check) is switched off for the bulk insert and the same rule
 * is checked set-based at the end: every transaction sums to zero, or the seed fails.
 */
export async function seedLargeFinance(q: Queryable, size: LargeFinanceSize): Promise<void> {
  await q.execute(sql`alter table ledger_entries disable trigger ledger_entries_balanced`);
  // Prices: 100–275 per hour, a discount of 0, 5 or 10; the last student of one class in 17 has none.
  await q.execute(sql`
    insert into student_prices (classroom_id, student_key, cost_per_hour, discount_per_hour, updated_by)
    select st.classroom_id, st.student_key, 100 + (h & 7) * 25, ((h >> 3) & 3) % 3 * 5, ${consultant}
    from (select classroom_id, student_key, hashtext(classroom_id::text || student_key::text) & 1023 as h,
            row_number() over (partition by classroom_id order by student_key desc) as last
          from classroom_students) st
    where not (st.last = 1 and (hashtext(st.classroom_id::text) & 1023) % 17 = 5)`);
  await q.execute(sql`
    insert into teacher_fees (teacher_fee_id, teacher_key, fee, teacher_type, lesson_type)
    select ${key('teacher-fee', 'teacher_key::text || lesson_type')}, teacher_key, 60 + (hashtext(teacher_key::text) & 7) * 10,
      ${pick(teacherTypes, 'hashtext(teacher_key::text) & 255')}, lesson_type
    from (select distinct teacher_key, lesson_type from classrooms) t`);
  await q.execute(sql`
    insert into classroom_salaries (classroom_id, teacher_salary_per_hour, updated_by)
    select c.classroom_id, f.fee + case when c.classroom_type = 'Private' then 0 else 10 end, ${financeAdmin}
    from classrooms c join teacher_fees f on f.teacher_key = c.teacher_key and f.lesson_type = c.lesson_type
    where (hashtext(c.classroom_id::text) & 3) <> 0`);

  // Deposits, spread over the (student, class) pairs in turn; n % 10 < 8 confirmed, of those n % 97 = 0 reversed.
  // The pair count is one number (not a column of the pairs), so the join hashes or merges instead
  // of a nested loop of deposits × pairs (quadratic: half an hour at SEED_SCALE=3).
  await q.execute(sql`
    insert into deposits (deposit_id, student_key, classroom_id, amount, discount_value, deposit_type, payment_method, charge_at,
      created_by, consultant_confirmed_by, consultant_confirmed_at, consultant_message, financial_confirmed_by, financial_confirmed_at,
      financial_message, confirmed_by, confirmed_at, reversed_by, reversed_at, reverse_reason, create_moment, updated_at)
    select ${key('deposit', 'n')}, p.student_key, p.classroom_id, 600 + (n * 37 % 25) * 100, case when n % 7 = 0 then 50 else 0 end,
      ${pick(['Classroom', 'Wallet'], 'n / 5')}, ${pick(paymentMethods, 'n')}, at, ${consultant},
      case when n % 10 < 8 or n % 10 = 8 then ${consultant} end, case when n % 10 < 8 or n % 10 = 8 then at + interval '1 hour' end,
      case when n % 10 < 8 then 'Receipt checked.' end,
      case when n % 10 < 8 then ${financeAdmin} end, case when n % 10 < 8 then at + interval '1 day' end,
      case when n % 10 < 8 then 'Received.' end,
      case when n % 10 < 8 then ${financeAdmin} end, case when n % 10 < 8 then at + interval '1 day' end,
      case when n % 10 < 8 and n % 97 = 0 then ${financeAdmin} end,
      case when n % 10 < 8 and n % 97 = 0 then at + interval '2 days' end,
      case when n % 10 < 8 and n % 97 = 0 then 'Paid twice by mistake.' end, at, at
    from (select n, now() - make_interval(days => (n::bigint * 7919 % 720)::int, mins => n % 1440) as at
          from generate_series(0, ${size.deposits - 1}::int) n) g
    join (select student_key, classroom_id, (row_number() over (order by classroom_id, student_key) - 1)::int as p
          from classroom_students) p on p.p = g.n % (select count(*)::int from classroom_students)`);
  // contracts (issue 28): contracts and their payments, posted with the class deposits below.
  await seedLargeContracts(q, size.contracts);
  // deposit.confirmed: debit cash and discounts, credit the student's credit (two entries, as `post` writes them);
  // a contract payment: cash against the contract revenue.
  await q.execute(sql`
    insert into ledger_transactions (transaction_id, kind, idempotency_key, deposit_id, actor_key, create_moment)
    select ${key('tx', "'deposit-' || deposit_id")}, 'deposit.confirmed', 'deposit:' || deposit_id || ':confirmed', deposit_id,
      confirmed_by, confirmed_at
    from deposits where confirmed_at is not null`);
  await q.execute(sql`
    insert into ledger_entries (transaction_id, account, student_key, classroom_id, amount, create_moment)
    select ${key('tx', "'deposit-' || d.deposit_id")}, e.account, e.student_key, e.classroom_id, e.amount, d.confirmed_at
    from deposits d cross join lateral (values
      ('cash', null::uuid, null::uuid, d.amount), ('discounts', null, null, d.discount_value),
      (case when d.contract_id is null then 'student_credit' else 'contract_revenue' end, d.student_key, d.classroom_id, -d.amount),
      ('student_credit', d.student_key, d.classroom_id, -d.discount_value)
    ) e(account, student_key, classroom_id, amount)
    where d.confirmed_at is not null and e.amount <> 0`);
  await reverseAll(
    q,
    'deposit.reversed',
    sql`select t.transaction_id, d.reversed_by as actor, d.reverse_reason as memo,
      d.reversed_at as at, d.deposit_id from deposits d join ledger_transactions t on t.deposit_id = d.deposit_id and t.kind = 'deposit.confirmed'
    where d.reversed_at is not null`,
  );

  // Side costs: one pair in five, charged when recorded (charge.sideCost, key sidecost:<id>:first).
  await q.execute(sql`
    create temporary table large_side_costs on commit drop as
    select ${key('side-cost', 'classroom_id::text || student_key::text')} as side_cost_id, classroom_id, student_key,
      ${pick(['Books', 'Exam fee', 'Materials'], 'h')} as title, (80 + h % 5 * 20)::numeric(18, 2) as amount,
      ${key('tx', "'side-' || classroom_id::text || student_key::text")} as transaction_id, now() - interval '200 days' as at
    from (select classroom_id, student_key, hashtext(student_key::text || classroom_id::text) & 1023 as h from classroom_students) p
    where h % 5 = 0`);
  await q.execute(sql`
    insert into ledger_transactions (transaction_id, kind, idempotency_key, actor_key, memo, create_moment)
    select transaction_id, 'charge.sideCost', 'sidecost:' || side_cost_id || ':first', ${consultant}, side_cost_id::text, at
    from large_side_costs`);
  await q.execute(sql`
    insert into student_side_costs (side_cost_id, classroom_id, student_key, title, amount, transaction_id, created_by, create_moment, updated_at)
    select side_cost_id, classroom_id, student_key, title, amount, transaction_id, ${consultant}, at, at from large_side_costs`);
  await q.execute(sql`
    insert into ledger_entries (transaction_id, account, student_key, classroom_id, amount, create_moment)
    select c.transaction_id, e.account, c.student_key, c.classroom_id, e.amount, c.at
    from large_side_costs c cross join lateral (values ('student_credit', c.amount), ('side_costs', -c.amount)) e(account, amount)`);

  // The charge of every held session per student with a price (what `allocateClassroom` posts: key :0, the first).
  await q.execute(sql`
    create temporary table large_charges on commit drop as
    select ${key('tx', "'charge-' || s.session_id || st.student_key")} as transaction_id, s.session_id, s.classroom_id, st.student_key,
      s.start_at, round(s.duration_minutes::numeric / 60 * (p.cost_per_hour - p.discount_per_hour), 2) as amount
    from classroom_sessions s
    join classroom_students st on st.classroom_id = s.classroom_id
    join student_prices p on p.classroom_id = s.classroom_id and p.student_key = st.student_key
    where s.state = 'haveclass'`);
  await q.execute(sql`
    insert into ledger_transactions (transaction_id, kind, idempotency_key, session_id, create_moment)
    select transaction_id, 'charge.session', 'charge:' || session_id || ':' || student_key || ':0', session_id, start_at + interval '2 hours'
    from large_charges where amount <> 0`);
  await q.execute(sql`
    insert into ledger_entries (transaction_id, account, student_key, classroom_id, amount, create_moment)
    select c.transaction_id, e.account, c.student_key, c.classroom_id, e.amount, c.start_at + interval '2 hours'
    from large_charges c cross join lateral (values ('student_credit', c.amount), ('revenue', -c.amount)) e(account, amount)
    where c.amount <> 0`);

  // Transfers from a student's first class to their second: 100.00 each; n % 10 < 7 confirmed (n % 31 = 0 then reversed).
  await q.execute(sql`
    insert into transfers (transfer_id, student_key, source_classroom_id, destination_classroom_id, amount, charge_per_hour, income_per_hour,
      description, created_by, consultant_confirmed_by, consultant_confirmed_at, financial_confirmed_by, financial_confirmed_at,
      confirmed_by, confirmed_at, reversed_by, reversed_at, reverse_reason, create_moment, updated_at)
    select ${key('transfer', 'n')}, a.student_key, a.classroom_id, b.classroom_id, 100, pa.cost_per_hour - pa.discount_per_hour,
      pb.cost_per_hour - pb.discount_per_hour, 'Moving unused hours to the new class.', ${consultant},
      case when n % 10 < 8 then ${consultant} end, case when n % 10 < 8 then at end,
      case when n % 10 < 7 then ${financeAdmin} end, case when n % 10 < 7 then at + interval '1 hour' end,
      case when n % 10 < 7 then ${financeAdmin} end, case when n % 10 < 7 then at + interval '1 hour' end,
      case when n % 10 < 7 and n % 31 = 0 then ${financeAdmin} end, case when n % 10 < 7 and n % 31 = 0 then at + interval '1 day' end,
      case when n % 10 < 7 and n % 31 = 0 then 'Recorded on the wrong class.' end, at, at
    from (select student_key, classroom_id, row_number() over (partition by student_key order by classroom_id) as r,
            dense_rank() over (order by student_key) as n0 from classroom_students) a
    join (select student_key, classroom_id, row_number() over (partition by student_key order by classroom_id) as r
          from classroom_students) b on b.student_key = a.student_key and b.r = 2
    left join student_prices pa on pa.classroom_id = a.classroom_id and pa.student_key = a.student_key
    left join student_prices pb on pb.classroom_id = b.classroom_id and pb.student_key = b.student_key
    cross join lateral (select a.n0::int as n, now() - make_interval(days => (a.n0::int * 13) % 300) as at) g
    where a.r = 1 and a.n0 <= ${size.transfers}`);
  await q.execute(sql`
    insert into ledger_transactions (transaction_id, kind, idempotency_key, actor_key, create_moment)
    select ${key('tx', "'transfer-' || transfer_id")}, 'transfer.confirmed', 'transfer:' || transfer_id || ':confirmed', confirmed_by, confirmed_at
    from transfers where confirmed_at is not null`);
  await q.execute(sql`
    insert into ledger_entries (transaction_id, account, student_key, classroom_id, amount, create_moment)
    select ${key('tx', "'transfer-' || x.transfer_id")}, 'student_credit', x.student_key, e.classroom_id, e.amount, x.confirmed_at
    from transfers x cross join lateral (values (x.source_classroom_id, x.amount), (x.destination_classroom_id, -x.amount)) e(classroom_id, amount)
    where x.confirmed_at is not null`);
  await reverseAll(
    q,
    'transfer.reversed',
    sql`select t.transaction_id, x.reversed_by as actor, x.reverse_reason as memo,
      x.reversed_at as at, null::uuid as deposit_id from transfers x join ledger_transactions t on t.idempotency_key = 'transfer:' || x.transfer_id || ':confirmed'
    where x.reversed_at is not null`,
  );

  // teacher settlements (issue 28): earnings of the held sessions, monthly settlements, a few reversed
  await reverseAll(q, 'settlement.reversed', await seedLargeSettlements(q));

  await setReservations(q);
  await q.execute(sql`alter table ledger_entries enable trigger ledger_entries_balanced`);
  const check = await selectRow<{ unbalanced: number; total: string }>(
    q,
    sql`select (select count(*)::int from (select 1 from ledger_entries group by transaction_id having sum(amount) <> 0) u) as unbalanced,
      (select coalesce(sum(amount), 0)::text from ledger_entries) as total`,
  );
  if (check?.unbalanced !== 0 || Number(check.total) !== 0)
    throw new Error(`The large ledger is not balanced: ${JSON.stringify(check)}`);
}

/** Reversing transactions (`reverse` in ledger.repo.ts): every entry negated, key reverse:<original>. */
async function reverseAll(q: Queryable, kind: string, originals: ReturnType<typeof sql>) {
  await q.execute(sql`
    insert into ledger_transactions (transaction_id, kind, idempotency_key, reverses_transaction_id, actor_key, deposit_id, memo, create_moment)
    select ${key('tx', "'reverse-' || o.transaction_id")}, ${kind}, 'reverse:' || o.transaction_id, o.transaction_id, o.actor, o.deposit_id, o.memo, o.at
    from (${originals}) o`);
  await q.execute(sql`
    insert into ledger_entries (transaction_id, account, student_key, classroom_id, teacher_key, amount, create_moment)
    select r.transaction_id, e.account, e.student_key, e.classroom_id, e.teacher_key, -e.amount, r.create_moment
    from ledger_transactions r join ledger_entries e on e.transaction_id = r.reverses_transaction_id
    where r.kind = ${kind}`);
}

/**
 * The reserved / formal split of every live session at once, as `formalSessions` computes it for one
 * classroom: each student's paid credit net of side costs against the running total of their session
 * prices in start order; formal when every student has a price and is covered. `scope` (a
 * condition on the session `s`) limits it to some classes: the demo centre's (demo-centre-money.ts).
 */
export async function setReservations(q: Queryable, scope: SQL = sql`true`) {
  await q.execute(sql`
    with paid as (
      select e.student_key, e.classroom_id,
        -coalesce(sum(e.amount) filter (where t.kind like 'deposit.%' or t.kind like 'transfer.%'), 0)
          - coalesce(sum(e.amount) filter (where t.kind like 'charge.sideCost%'), 0) as paid
      from ledger_entries e join ledger_transactions t on t.transaction_id = e.transaction_id
      where e.account = 'student_credit' group by e.student_key, e.classroom_id),
    running as (
      select s.session_id, p.cost_per_hour is not null as priced,
        sum(round(s.duration_minutes::numeric / 60 * (p.cost_per_hour - p.discount_per_hour), 2))
          over (partition by s.classroom_id, st.student_key order by s.start_at, s.session_id) as running,
        coalesce(pd.paid, 0) as paid
      from classroom_sessions s
      join classroom_students st on st.classroom_id = s.classroom_id
      left join student_prices p on p.classroom_id = s.classroom_id and p.student_key = st.student_key
      left join paid pd on pd.classroom_id = s.classroom_id and pd.student_key = st.student_key
      where s.state <> 'canceled' and ${scope}),
    formal as (select session_id, bool_and(priced and running <= paid) as formal from running group by session_id)
    update classroom_sessions s set financial_confirmation = coalesce(f.formal, false)
    from classroom_sessions s2 left join formal f on f.session_id = s2.session_id
    where s2.session_id = s.session_id and s.state <> 'canceled' and ${scope}
      and s.financial_confirmation is distinct from coalesce(f.formal, false)`);
}
