import type { Db, Tx } from './client.ts';
import { DEADLOCK_DETECTED, SERIALIZATION_FAILURE, sqlState } from './errors.ts';

/**
 * One command, one transaction (docs/architecture.md "Services"): the work commits whole or not at
 * all; a transaction that lost a deadlock or serialization race (40P01, 40001) is run again; after
 * commit the event outbox is told to dispatch what the work recorded.
 */
export type RunInTransaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

export function transactionRunner(db: Db, afterCommit: () => void): RunInTransaction {
  return async (work) => {
    const result = await withRetry(() => db.transaction(work));
    afterCommit();
    return result;
  };
}

/** Retries a transaction that lost a deadlock or serialization race. */
export async function withRetry<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = sqlState(error);
      if (attempt >= attempts || (code !== DEADLOCK_DETECTED && code !== SERIALIZATION_FAILURE)) throw error;
    }
  }
}
