import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { RunInTransaction } from '../db/transaction.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { CounterStore } from '../lib/counter-store.ts';

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
  /** One command, one transaction; events it records are dispatched after commit. */
  transaction: RunInTransaction;
  log: FastifyBaseLogger;
}
