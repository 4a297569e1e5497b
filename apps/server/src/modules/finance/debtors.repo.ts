import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { contract, type ListQuery } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import { studentPrices } from '../../db/schema/finance.ts';
import { selectRows } from '../../db/sql.ts';
import { keysetBatches } from '../../db/keyset.ts';
import { columnsFor, compileExportQuery, compileListQuery, finishPage } from '../../http/list-query.ts';
import { financeClassrooms } from '../scheduling/scheduling.module.ts';
import { people } from '../users/users.module.ts';
import { creditSums } from './ledger.repo.ts';

export interface DebtorRow {
  studentKey: string;
  studentName: string;
  consultantKey: string | null;
  consultantName: string | null;
  classroomId: string;
  classroomName: string;
  paid: string;
  used: string;
  amountOwed: string;
  hoursOwed: string | null;
  totalCount: number;
}

/** A debtor row as `d` (student and classroom, like a price row's key) for the stable order. */
const d = alias(studentPrices, 'd');
const hoursOwed = sql`case when p.cost_per_hour - p.discount_per_hour > 0 then round(d.owed / (p.cost_per_hour - p.discount_per_hour), 2) end`;

const columns = columnsFor(contract.debtors.list, {
  studentName: sql`st.full_name`,
  studentPublicKey: sql`d.student_key::text`,
  classroomName: sql`c.classroom_name`,
  classroomId: sql`d.classroom_id::text`,
  consultantPublicKey: sql`st.consultant_key::text`,
  amountOwed: sql`d.owed`,
  hoursOwed,
});

/** Who owes: a student's credit in a classroom summing to a debit (used > paid), from the ledger. */
const from = sql`(select m.student_key, m.classroom_id, m.paid, m.used, -m.remaining as owed from ${creditSums} m where m.remaining < 0) d
  join ${people} st on st.public_key = d.student_key
  join ${financeClassrooms} c on c.classroom_id = d.classroom_id
  left join ${people} co on co.public_key = st.consultant_key
  left join ${studentPrices} p on p.classroom_id = d.classroom_id and p.student_key = d.student_key`;

export async function listDebtors(q: Queryable, query: ListQuery, scope: SQL | undefined, allCap: number) {
  const compiled = compileListQuery(query, {
    columns,
    tiebreaker: d.studentKey,
    defaultOrder: [{ column: 'amountOwed', descending: true }],
    allCap,
  });
  const where = sql.join([scope ?? sql`true`, compiled.where ?? sql`true`], sql` and `);
  const rows = await selectRows<DebtorRow>(
    q,
    sql`select d.student_key, st.full_name as student_name, st.consultant_key, co.full_name as consultant_name,
        d.classroom_id, c.classroom_name, d.paid::text as paid, d.used::text as used, d.owed::text as amount_owed,
        ${hoursOwed}::text as hours_owed, count(*) over()::int as total_count
      from ${from} where ${where}
      order by ${sql.join(compiled.orderBy, sql`, `)}, d.classroom_id limit ${compiled.limit} offset ${compiled.offset}`,
  );
  return finishPage(rows, compiled, async () => {
    const [row] = await selectRows<{ n: number }>(q, sql`select count(*)::int as n from ${from} where ${where}`);
    return row?.n ?? 0;
  });
}

// fin-export: the students' balance (the debtor list's rows), in keyset-paged batches (SPEC §7 Exports)
export function debtorsForExport(q: Queryable, query: Pick<ListQuery, 'where' | 'order'>, scope: SQL | undefined, batchSize: number) {
  const compiled = compileExportQuery(query, {
    columns,
    defaultOrder: [{ column: 'amountOwed', descending: true }],
    notNull: ['studentName', 'classroomName', 'amountOwed'],
    tiebreakers: [
      { sql: d.studentKey, type: 'uuid' },
      { sql: d.classroomId, type: 'uuid' },
    ],
  });
  const where = sql.join([scope ?? sql`true`, compiled.where ?? sql`true`], sql` and `);
  return {
    count: async () => (await selectRows<{ n: number }>(q, sql`select count(*)::int as n from ${from} where ${where}`))[0]?.n ?? 0,
    batches: () =>
      keysetBatches<Omit<DebtorRow, 'totalCount'>>(q, {
        select: sql`select d.student_key, st.full_name as student_name, st.consultant_key, co.full_name as consultant_name,
          d.classroom_id, c.classroom_name, d.paid::text as paid, d.used::text as used, d.owed::text as amount_owed,
          ${hoursOwed}::text as hours_owed`,
        from,
        where,
        terms: compiled.terms,
        batchSize,
      }),
  };
}
