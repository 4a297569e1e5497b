import { eq, like, sql } from 'drizzle-orm';
import { USER_IMAGE_PATH_PREFIX } from '@tutoria/shared';
import type { Queryable } from '../db/client.ts';
import { homeworkFiles, homeworks } from '../db/schema/academic.ts';
import { contractFiles, depositReceipts } from '../db/schema/finance.ts';
import { courseFiles } from '../db/schema/specifications.ts';
import { users } from '../db/schema/users.ts';
import { selectRows } from '../db/sql.ts';

/**
 * The backup's queries (docs/decisions.md "Backups and restore"): the catalog (tables, their keys,
 * foreign keys, sequences), every row as PostgreSQL's own JSON text, and the uploaded files the rows
 * name. Like `access/`, this is the one place outside a module that reads every area's tables: a
 * backup is of the whole database.
 */
export interface TableInfo {
  name: string;
  /** Columns a restore writes: all but generated ones. */
  columns: string[];
  /** The primary key's columns, text ones in byte order, for a row order both engines agree on. */
  order: string[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The application's tables (schema `public`; drizzle's own bookkeeping is remade by migrating). */
export async function listTables(q: Queryable): Promise<TableInfo[]> {
  const rows = await selectRows<{ name: string; columns: string[]; order: string[] | null }>(
    q,
    sql`select c.relname as name,
          array(select a.attname::text from pg_attribute a
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                order by a.attnum) as columns,
          (select array_agg(quote_ident(a.attname) || case when a.attcollation <> 0 then ' collate "C"' else '' end
                            order by k.ord)
             from pg_constraint p
             cross join lateral unnest(p.conkey) with ordinality as k(attnum, ord)
             join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum
            where p.conrelid = c.oid and p.contype = 'p') as "order"
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'
       order by c.relname`,
  );
  return rows.map((row) => ({ name: row.name, columns: row.columns, order: row.order ?? [] }));
}

/** Parent → child pairs of the foreign keys between the application's tables. */
export async function foreignKeys(q: Queryable): Promise<{ child: string; parent: string }[]> {
  return selectRows(
    q,
    sql`select distinct c.relname as child, p.relname as parent
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
          join pg_namespace n on n.oid = c.relnamespace
         where k.contype = 'f' and n.nspname = 'public'`,
  );
}

/** The sequences of the application's tables (serial and identity columns) and where they stand. */
export async function sequences(q: Queryable): Promise<{ name: string; lastValue: string; isCalled: boolean }[]> {
  const names = await selectRows<{ name: string }>(
    q,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const out: { name: string; lastValue: string; isCalled: boolean }[] = [];
  for (const { name } of names) {
    const [row] = await selectRows<{ lastValue: string; isCalled: boolean }>(
      q,
      sql.raw(`select last_value::text as last_value, is_called from public.${ident(name)}`),
    );
    out.push({ name, lastValue: row!.lastValue, isCalled: row!.isCalled });
  }
  return out;
}

/** Fixes what `row_to_json` writes, so both engines write the same text for the same values. */
export async function setStableOutput(q: Queryable): Promise<void> {
  await q.execute(sql`set local timezone to 'UTC'`);
  await q.execute(sql`set local intervalstyle to 'postgres'`);
  await q.execute(sql`set local extra_float_digits to 1`);
}

/**
 * Reads a table's rows in key order, `batch` at a time through a cursor (memory stays flat), each
 * row as PostgreSQL's JSON text: numerics keep every digit, times their microseconds.
 */
export async function readRows(
  q: Queryable,
  table: TableInfo,
  onBatch: (lines: string[]) => Promise<void> | void,
  batch = 2000,
): Promise<void> {
  const order = table.order.length ? table.order.join(', ') : `t::text collate "C"`;
  await q.execute(
    sql.raw(
      `declare backup_rows no scroll cursor for select row_to_json(t)::text as line from public.${ident(table.name)} t order by ${order}`,
    ),
  );
  for (;;) {
    const rows = await selectRows<{ line: string }>(q, sql.raw(`fetch forward ${batch} from backup_rows`));
    if (rows.length) await onBatch(rows.map((row) => row.line));
    if (rows.length < batch) break;
  }
  await q.execute(sql`close backup_rows`);
}

/** The uploaded files the rows name, as paths under DATA_DIR/files. */
export async function referencedFiles(q: Queryable): Promise<string[]> {
  // One after the other: inside a transaction the statements share one connection.
  const course = await q.select({ name: courseFiles.storedName }).from(courseFiles);
  const homework = await q
    .select({ name: homeworkFiles.storedName, classroomId: homeworks.classroomId })
    .from(homeworkFiles)
    .innerJoin(homeworks, eq(homeworks.homeworkId, homeworkFiles.homeworkId));
  const receipts = await q.select({ name: depositReceipts.storedName }).from(depositReceipts);
  // contracts (issue 28): a database from before migration 0031 (an upgrade's backup) has no such table.
  const [hasContracts] = await selectRows<{ present: boolean }>(q, sql`select to_regclass('public.contract_files') is not null as present`);
  const contracts = hasContracts?.present ? await q.select({ name: contractFiles.storedName }).from(contractFiles) : [];
  const images = await q
    .select({ url: users.imageUrl })
    .from(users)
    .where(like(users.imageUrl, `${USER_IMAGE_PATH_PREFIX}%`));
  return [
    ...course.map((f) => `course-files/${f.name}`),
    ...homework.map((f) => `homework-files/${f.classroomId}/${f.name}`),
    ...receipts.map((f) => `deposit-receipts/${f.name}`),
    ...contracts.map((f) => `contract-files/${f.name}`),
    ...images.map((u) => `user-images/${u.url!.slice(USER_IMAGE_PATH_PREFIX.length)}`),
  ];
}

/** Every table, view and sequence of the application's schemas (a restore's target must have none). */
export async function tableNames(q: Queryable): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    q,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'v', 'S') order by 1`,
  );
  return rows.map((row) => row.name);
}

/** The tables that hold at least one row. */
export async function tablesWithRows(q: Queryable, tables: readonly TableInfo[]): Promise<string[]> {
  const full: string[] = [];
  for (const table of tables) {
    const rows = await selectRows(q, sql.raw(`select 1 from public.${ident(table.name)} limit 1`));
    if (rows.length) full.push(table.name);
  }
  return full;
}

/** Restore: turns off the tables' own triggers (derived sums, append-only guards) while rows go in as they were. */
export async function setUserTriggers(q: Queryable, tables: readonly TableInfo[], enabled: boolean): Promise<void> {
  for (const table of tables) {
    await q.execute(sql.raw(`alter table public.${ident(table.name)} ${enabled ? 'enable' : 'disable'} trigger user`));
  }
}

/** Inserts rows given as JSON texts; PostgreSQL reads each value back from its own text. */
export async function insertRows(q: Queryable, table: TableInfo, lines: readonly string[]): Promise<void> {
  const columns = table.columns.map(ident).join(', ');
  const name = `public.${ident(table.name)}`;
  await q.execute(
    sql`${sql.raw(`insert into ${name} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${name}, `)}${`[${lines.join(',')}]`}::json)`,
  );
}

export async function setSequence(q: Queryable, name: string, lastValue: string, isCalled: boolean): Promise<void> {
  await q.execute(sql`select setval(${`public.${ident(name)}`}::regclass, ${lastValue}::bigint, ${isCalled})`);
}
