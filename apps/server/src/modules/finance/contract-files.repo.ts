import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { contractFiles } from '../../db/schema/finance.ts';

/** A contract's file (issue 28): the one row of `contract_files` per contract. */

export type ContractFileRow = typeof contractFiles.$inferSelect;

export async function fileOfContract(q: Queryable, contractId: string): Promise<ContractFileRow | undefined> {
  const [row] = await q.select().from(contractFiles).where(eq(contractFiles.contractId, contractId));
  return row;
}

export async function fileById(q: Queryable, fileId: string): Promise<ContractFileRow | undefined> {
  const [row] = await q.select().from(contractFiles).where(eq(contractFiles.fileId, fileId));
  return row;
}

export async function insertFile(q: Queryable, values: typeof contractFiles.$inferInsert): Promise<ContractFileRow> {
  const [row] = await q.insert(contractFiles).values(values).returning();
  return row!;
}

/** Removes a contract's file row (its tickets go with it); answers the row removed, if any. */
export async function deleteFileOfContract(q: Queryable, contractId: string): Promise<ContractFileRow | undefined> {
  const [row] = await q.delete(contractFiles).where(eq(contractFiles.contractId, contractId)).returning();
  return row;
}
