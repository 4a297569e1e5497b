import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { contracts, deposits, ledgerEntries, studentPrices, teacherFees } from '../../db/schema/finance.ts';
import { selectRow, selectRows } from '../../db/sql.ts';
import { people } from '../users/users.module.ts';

/** Whether a user has money records (deposits, prices, teacher fees, contracts, ledger entries): they are kept for good. */
export async function hasMoneyRecords(q: Queryable, userKey: string): Promise<boolean> {
  const row = await selectRow<{ owned: boolean }>(
    q,
    sql`select exists (select 1 from ${deposits} where ${deposits.studentKey} = ${userKey})
      or exists (select 1 from ${studentPrices} where ${studentPrices.studentKey} = ${userKey})
      or exists (select 1 from ${teacherFees} where ${teacherFees.teacherKey} = ${userKey})
      or exists (select 1 from ${contracts} where ${contracts.studentKey} = ${userKey})
      or exists (select 1 from ${ledgerEntries}
        where ${ledgerEntries.studentKey} = ${userKey} or ${ledgerEntries.teacherKey} = ${userKey}) as owned`,
  );
  return row?.owned ?? false;
}

/** The students with deposits or ledger entries in a classroom: its money history names them. */
export async function studentsWithMoneyIn(q: Queryable, classroomId: string): Promise<string[]> {
  const rows = await selectRows<{ fullName: string }>(
    q,
    sql`select p.full_name from ${people} p
      where p.public_key in (
        select ${deposits.studentKey} from ${deposits} where ${deposits.classroomId} = ${classroomId}
        union
        select ${ledgerEntries.studentKey} from ${ledgerEntries}
        where ${ledgerEntries.classroomId} = ${classroomId} and ${ledgerEntries.studentKey} is not null)
      order by p.full_name`,
  );
  return rows.map((r) => r.fullName);
}
