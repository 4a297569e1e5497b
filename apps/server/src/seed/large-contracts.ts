import { sql } from 'drizzle-orm';
import { contractTypes, paymentMethods } from '@tutoria/shared';
import type { Queryable } from '../db/client.ts';
import { key, pick } from './large-sql.ts';

const financeAdmin = key('finance', '1');
const consultant = key('consultant', '1');

/**
 * Contracts on the large centre (issue 28; docs/finance.md "Contracts"): one for each of the first
 * `count` students in key order, of every type, 5,000–30,000, with 0–3 additional contracts and a
 * discount on one in four; and their payments — deposits of type Contract, no class, no discount:
 * 1–3 a contract, each a quarter of its value, the last one of one contract in three still waiting
 * and one in 41 reversed since. Run before the deposits are posted: `seedLargeFinance` posts every
 * confirmed deposit in one pass, a contract payment as cash ↔ `contract_revenue`, and reverses them
 * with the class deposits.
 */
export async function seedLargeContracts(q: Queryable, count: number) {
  await q.execute(sql`
    create temporary table large_contracts on commit drop as
    select ${key('contract', 'r')} as contract_id, student_key, r, ${pick(contractTypes, 'r')} as contract_type,
      (5000 + (hashtext(student_key::text) & 1023) % 26 * 1000)::numeric(18, 2) as contract_value,
      case when r % 4 = 0 then 500 else 0 end::numeric(18, 2) as discount_value,
      now() - make_interval(days => 40 + (r * 37) % 600) as at
    from (select public_key as student_key, row_number() over (order by public_key)::int as r from users where role = 'Student') s
    where r <= ${count}`);
  await q.execute(sql`
    insert into contracts (contract_id, student_key, contract_type, contract_value, discount_value, created_by, create_moment, updated_at)
    select contract_id, student_key, contract_type, contract_value, discount_value, ${consultant}, at, at from large_contracts`);
  await q.execute(sql`
    insert into contract_additions (contract_id, position, title, value)
    select k.contract_id, j, ${pick(['Personal statement', 'Interview preparation', 'Essay editing', 'Visa application'], 'k.r + j')},
      300 + j * 200
    from large_contracts k cross join generate_series(1, 3) j where j <= k.r % 4`);
  await q.execute(sql`
    insert into deposits (deposit_id, student_key, contract_id, amount, discount_value, deposit_type, payment_method, charge_at, created_by,
      consultant_confirmed_by, consultant_confirmed_at, financial_confirmed_by, financial_confirmed_at, confirmed_by, confirmed_at,
      reversed_by, reversed_at, reverse_reason, create_moment, updated_at)
    select ${key('contract-deposit', "k.r || '-' || j")}, k.student_key, k.contract_id, round(k.contract_value / 4, 2), 0, 'Contract',
      ${pick(paymentMethods, 'k.r + j')}, p.at, ${consultant},
      ${consultant}, p.at, w.by, w.at, w.by, w.at,
      case when not p.waiting and (k.r * j) % 41 = 0 then ${financeAdmin} end,
      case when not p.waiting and (k.r * j) % 41 = 0 then p.at + interval '2 days' end,
      case when not p.waiting and (k.r * j) % 41 = 0 then 'Paid to the wrong contract.' end, p.at, p.at
    from large_contracts k cross join generate_series(1, 3) j
    cross join lateral (select k.at + make_interval(days => j * 10) as at, j = 1 + k.r % 3 and k.r % 3 = 1 as waiting) p
    cross join lateral (select case when not p.waiting then ${financeAdmin} end as by,
      case when not p.waiting then p.at + interval '1 day' end as at) w
    where j <= 1 + k.r % 3`);
}
