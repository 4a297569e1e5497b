import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { RunInTransaction } from '../db/transaction.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { CounterStore } from '../lib/counter-store.ts';
import type { JobQueue } from '../lib/jobs/job-queue.ts';

/**
 * What every module is built from (docs/architecture.md "Modules"). `app.ts` makes one per app
 * (tests get their own) and hands it to each `create<Area>Module(ctx, deps)`, whose `deps` are
 * the other modules' services and ports it needs — never their repos or tables.
 */
export interface ModuleContext {
  db: Db;
  config: Config;
  store: CounterStore;
  events: EventBus;
  /** The job queue: `registerJob(kind, handler)`, `enqueue(tx, kind, payload, { runAt, key })`. */
  jobs: JobQueue;
  /** One command, one transaction; events it records are dispatched after commit. */
  transaction: RunInTransaction;
  log: FastifyBaseLogger;
}
