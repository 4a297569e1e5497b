import { and, count, desc, eq } from 'drizzle-orm';
import type { Queryable } from './client.ts';
import { auditLog } from './schema/audit.ts';
import { totalCountColumn } from './sql.ts';
import { people } from './schema/people.ts';

export interface AuditEntry {
  actorKey: string | null;
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Writes an audit row inside the caller's transaction, so the record and its trail commit together. */
export async function writeAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.insert(auditLog).values({
    actorKey: entry.actorKey,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** One page of a record's trail, newest first, with who made each change and the total (window count). */
export async function auditPage(q: Queryable, entity: string, entityId: string, limit: number, offset: number) {
  return q
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorKey: auditLog.actorKey,
      actorName: people.fullName,
      before: auditLog.before,
      after: auditLog.after,
      totalCount: totalCountColumn,
    })
    .from(auditLog)
    .leftJoin(people, eq(people.publicKey, auditLog.actorKey))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export async function auditCount(q: Queryable, entity: string, entityId: string): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));
  return row?.n ?? 0;
}
