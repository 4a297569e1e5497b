import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { people } from '../../db/schema/people.ts';

/** Every active Admin: who hears that a nightly backup failed. */
export async function activeAdminKeys(q: Queryable): Promise<string[]> {
  const rows = await q
    .select({ key: people.publicKey })
    .from(people)
    .where(and(eq(people.role, 'Admin'), eq(people.status, 'active')));
  return rows.map((row) => row.key);
}
