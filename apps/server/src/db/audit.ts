import type { Queryable } from './client.ts';
import { auditLog } from './schema/index.ts';

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
