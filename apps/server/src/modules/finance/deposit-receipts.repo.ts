import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { depositReceipts } from '../../db/schema/finance.ts';

/** A deposit's receipt (issue 11, receipt): the one row of `deposit_receipts` per deposit. */

export type DepositReceiptRow = typeof depositReceipts.$inferSelect;

export async function receiptOfDeposit(
  q: Queryable,
  depositId: string,
): Promise<DepositReceiptRow | undefined> {
  const [row] = await q.select().from(depositReceipts).where(eq(depositReceipts.depositId, depositId));
  return row;
}

export async function receiptById(q: Queryable, receiptId: string): Promise<DepositReceiptRow | undefined> {
  const [row] = await q.select().from(depositReceipts).where(eq(depositReceipts.receiptId, receiptId));
  return row;
}

export async function insertReceipt(
  q: Queryable,
  values: typeof depositReceipts.$inferInsert,
): Promise<DepositReceiptRow> {
  const [row] = await q.insert(depositReceipts).values(values).returning();
  return row!;
}

/** Removes a deposit's receipt row (its tickets go with it); answers the row removed, if any. */
export async function deleteReceiptOfDeposit(
  q: Queryable,
  depositId: string,
): Promise<DepositReceiptRow | undefined> {
  const [row] = await q.delete(depositReceipts).where(eq(depositReceipts.depositId, depositId)).returning();
  return row;
}
