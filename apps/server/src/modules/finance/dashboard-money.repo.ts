import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { deposits, ledgerEntries, ledgerTransactions } from '../../db/schema/finance.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { selectRow, zoneLiteral } from '../../db/sql.ts';
import { people } from '../users/users.module.ts';
import { creditSums } from './ledger.repo.ts';
import { studentMoneyScope } from './money-reach.ts';

export interface MonthMoney {
  month: string;
  /** A decimal string: summed by PostgreSQL in numeric. */
  moneyIn: string;
  debtors: number;
}

/**
 * The dashboard's money (issue 29), finance's own reading of the ledger within the caller's money
 * reach: this month's money in — the `cash` of deposit transactions posted in the centre's current
 * month, net of reversals, as the financial report counts it — and the students owing in at least
 * one class (the debtors list's accounts, `remaining < 0`). One statement.
 */
export function monthMoneyOf(q: Queryable, user: SessionUser, timeZone: string): Promise<MonthMoney | undefined> {
  const zone = zoneLiteral(timeZone);
  const scope = studentMoneyScope(user) ?? sql`true`;
  return selectRow<MonthMoney>(
    q,
    sql`with m as (select date_trunc('month', now() at time zone ${zone}) as lo_local),
        b as (select lo_local at time zone ${zone} as lo, (lo_local + interval '1 month') at time zone ${zone} as hi,
          to_char(lo_local, 'YYYY-MM') as month from m),
        -- The month's cash entries first (a range of the account's index), then their transactions
        -- by key: left to itself, the planner hashes every transaction of the ledger (~0.3 s).
        cash as materialized (select e.transaction_id, e.amount from ${ledgerEntries} e, b
          where e.account = 'cash' and e.create_moment >= b.lo and e.create_moment < b.hi)
      select b.month,
        (select coalesce(sum(e.amount), 0)::text from cash e
          -- each entry's transaction by key (offset 0 keeps it a per-row lookup, not a join)
          cross join lateral (select t.deposit_id from ${ledgerTransactions} t
            where t.transaction_id = e.transaction_id and t.kind like 'deposit.%' offset 0) t
          join ${deposits} d on d.deposit_id = t.deposit_id
          join ${people} st on st.public_key = d.student_key
          where ${scope}) as money_in,
        (select count(distinct c.student_key)::int from ${creditSums} c
          join ${people} st on st.public_key = c.student_key
          where c.remaining < 0 and ${scope}) as debtors
      from b`,
  );
}
