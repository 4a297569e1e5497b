import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { selectRows } from '../../db/sql.ts';
import type { ExportColumn, ExportTable } from './export-tables.ts';

/**
 * One read-only REPEATABLE READ transaction (issue 33): every table of the export is read in the
 * same snapshot, so a payment written meanwhile is either in all its tables or in none.
 */
export function inSnapshot<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** A column's value as text: digits as stored, times ISO 8601 in UTC, arrays and JSON as JSON. */
function textOf(c: ExportColumn): SQL {
  switch (c.form) {
    case 'time':
      return c.sqlType.includes('with time zone')
        ? sql`to_char(${c.column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
        : sql`to_char(${c.column}, 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
    case 'date':
      return sql`to_char(${c.column}, 'YYYY-MM-DD')`;
    case 'json':
      return c.sqlType.endsWith('[]') ? sql`to_jsonb(${c.column})::text` : sql`${c.column}::text`;
    default:
      return sql`${c.column}::text`;
  }
}

/**
 * A table's rows in batches through a cursor of the snapshot's transaction: one batch in memory at
 * a time, whatever the table's size. Each row is its columns' texts (null: no value), in order.
 */
export async function* tableBatches(
  tx: Tx,
  table: ExportTable,
  batchSize: number,
): AsyncGenerator<(string | null)[][]> {
  const columns = sql.join(
    table.columns.map((c, i) => sql`${textOf(c)} as ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  await tx.execute(sql`declare centre_export no scroll cursor for select ${columns} from ${table.table}`);
  try {
    for (;;) {
      const rows = await selectRows<Record<string, string | null>>(
        tx,
        sql`fetch forward ${sql.raw(String(Math.trunc(batchSize)))} from centre_export`,
      );
      if (!rows.length) break;
      yield rows.map((row) => table.columns.map((_, i) => row[`c${i}`] ?? null));
    }
  } finally {
    await tx.execute(sql`close centre_export`);
  }
}

/** The snapshot's moment (the transaction's start), written into the archive's readme. */
export async function snapshotMoment(tx: Tx): Promise<string> {
  const [row] = await selectRows<{ at: string }>(
    tx,
    sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at`,
  );
  return row!.at;
}
