import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { parentReportLinks } from '../../db/schema/academic.ts';
import { people } from '../../db/schema/people.ts';
import { epochOf, selectRow, selectRows } from '../../db/sql.ts';

/** Parent report links (issue 10): stored by the hash of their id, counted when opened. */

export async function insertLink(q: Queryable, values: typeof parentReportLinks.$inferInsert) {
  const [row] = await q
    .insert(parentReportLinks)
    .values(values)
    .returning({ linkId: parentReportLinks.linkId });
  return row!.linkId;
}

export interface LinkRow {
  linkId: string;
  createMoment: number;
  createdByName: string | null;
  expiresAt: number;
  revokedAt: number | null;
  state: 'active' | 'expired' | 'revoked';
  openCount: number;
  lastOpenedAt: number | null;
  language: 'en' | 'zh' | null;
}

/** The links of one student's session, newest first (an indexed range). */
export function linksOf(q: Queryable, sessionId: string, studentKey: string) {
  return selectRows<LinkRow>(
    q,
    sql`select k.link_id, ${epochOf(sql`k.create_moment`)} as create_moment, by_p.full_name as created_by_name,
        ${epochOf(sql`k.expires_at`)} as expires_at, ${epochOf(sql`k.revoked_at`)} as revoked_at,
        case when k.revoked_at is not null then 'revoked' when k.expires_at <= now() then 'expired' else 'active' end as state,
        k.open_count, ${epochOf(sql`k.last_opened_at`)} as last_opened_at, k.language
      from ${parentReportLinks} k left join ${people} by_p on by_p.public_key = k.created_by
      where k.session_id = ${sessionId}::uuid and k.student_key = ${studentKey}::uuid
      order by k.create_moment desc, k.link_id`,
  );
}

/** A link's session and student, its row held. */
export async function lockLink(q: Queryable, linkId: string) {
  const [row] = await q
    .select({ sessionId: parentReportLinks.sessionId, studentKey: parentReportLinks.studentKey })
    .from(parentReportLinks)
    .where(eq(parentReportLinks.linkId, linkId))
    .for('update');
  return row;
}

export async function revokeLink(q: Queryable, linkId: string, by: string) {
  await q
    .update(parentReportLinks)
    .set({ revokedAt: new Date(), revokedBy: by })
    .where(and(eq(parentReportLinks.linkId, linkId), sql`${parentReportLinks.revokedAt} is null`));
}

/**
 * Opens a live link: counts the opening and answers its session and student, in one statement; a
 * wrong, expired or revoked id answers nothing and counts nothing.
 */
export function openLink(q: Queryable, reportHash: string) {
  return selectRow<{ sessionId: string; studentKey: string; expiresAt: number }>(
    q,
    sql`update ${parentReportLinks} set open_count = open_count + 1, last_opened_at = now()
      where report_hash = ${reportHash} and revoked_at is null and expires_at > now()
      returning session_id, student_key, ${epochOf(sql`expires_at`)} as expires_at`,
  );
}

/**
 * Why a link that `openLink` did not open is dead: revoked, else expired (it was not live a moment
 * ago); undefined when no link has that hash.
 */
export async function deadLinkState(q: Queryable, reportHash: string) {
  const row = await selectRow<{ state: 'revoked' | 'expired' }>(
    q,
    sql`select case when revoked_at is not null then 'revoked' else 'expired' end as state
      from ${parentReportLinks} where report_hash = ${reportHash}`,
  );
  return row?.state;
}
