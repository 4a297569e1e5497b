import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import { people } from '../db/schema/people.ts';
import { selectRows } from '../db/sql.ts';
import { randomToken, sha256 } from './crypto.ts';

/** How long a download link works (it also works only once). */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

/** An area's ticket table: the ticket's hash (primary key), the file, who asked, until when. */
export interface TicketTable {
  table: PgTable;
  ticketHash: PgColumn;
  fileId: PgColumn;
  userKey: PgColumn;
  expiresAt: PgColumn;
}

const name = (column: PgColumn) => sql.identifier(column.name);

/**
 * One-use download tickets (DESIGN §4). A browser link cannot send the signed headers, so a
 * signed-in call asks for a ticket first: 256 random bits, stored only hashed, for one file and one
 * user, single use, five minutes; the plain GET link carries it instead. Each area keeps its own
 * ticket table (a foreign key to its file rows, so a deleted file takes its tickets along).
 */
export function downloadTickets(t: TicketTable) {
  return {
    /** A new ticket for `userKey` to fetch `fileId` once; expired tickets of the table are swept first. */
    async issue(
      q: Queryable,
      fileId: string,
      userKey: string,
    ): Promise<{ ticket: string; expiresAt: number }> {
      const ticket = randomToken();
      const expiresAt = Math.floor(Date.now() / 1000) + DOWNLOAD_LINK_SECONDS;
      await q.execute(sql`delete from ${t.table} where ${name(t.expiresAt)} < now()`);
      await q.execute(
        sql`insert into ${t.table} (${name(t.ticketHash)}, ${name(t.fileId)}, ${name(t.userKey)}, ${name(t.expiresAt)})
          values (${sha256(ticket)}, ${fileId}, ${userKey}, to_timestamp(${expiresAt}::float8))`,
      );
      return { ticket, expiresAt };
    },

    /** Uses a ticket up: whether it was live, for this file, and its user can still sign in. */
    async consume(q: Queryable, ticket: string, fileId: string): Promise<boolean> {
      const rows = await selectRows<{ used: number }>(
        q,
        sql`delete from ${t.table}
          where ${name(t.ticketHash)} = ${sha256(ticket)} and ${name(t.fileId)} = ${fileId} and ${name(t.expiresAt)} > now()
            and ${name(t.userKey)} in (select tp.public_key from ${people} tp where tp.status = 'active')
          returning 1 as used`,
      );
      return rows.length > 0;
    },
  };
}
