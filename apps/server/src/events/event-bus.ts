import type { Db, Queryable } from '../db/client.ts';
import type { Redis } from '../lib/redis.ts';
import type { DeliveredEvent, DomainEvents, EventName } from './domain-events.ts';
import * as outbox from './outbox.repo.ts';

type Handler<K extends EventName> = (event: DeliveredEvent<K>) => Promise<void> | void;

export interface EventBusOptions {
  db: Db;
  log: { error(object: object, message: string): void };
  /** With Redis, `onEveryProcess` listeners of every API process hear each event. */
  redis?: Redis;
  /**
   * `auto`: dispatch right after each commit and look for leftovers every `pollMs` (a crash
   * between commit and dispatch, a retry that came due). `manual`: only when `drain()` is
   * called — tests, so what a subscriber did can be asserted without waiting.
   */
  mode: 'auto' | 'manual';
  pollMs?: number;
  maxAttempts?: number;
  retentionDays?: number;
  /** The Redis channel (processes of one centre share it). */
  channel?: string;
}

/**
 * The event outbox's bus (docs/architecture.md "Events"). An area records an event inside the
 * transaction of the change (`record(tx, …)`); after commit the bus hands it to every subscriber
 * of its name, at least once, whichever API process takes it. A subscriber that fails is retried
 * with back-off (the ones that succeeded are not run again); one that keeps failing leaves the
 * event marked failed for an Admin. Subscribers use `eventId` to ignore a duplicate.
 */
export interface EventBus {
  record<K extends EventName>(q: Queryable, name: K, payload: DomainEvents[K]): Promise<string>;
  /** A durable subscriber, run once per event across all processes; `subscriber` names it (unique per event). */
  subscribe<K extends EventName>(name: K, subscriber: string, handler: Handler<K>): () => void;
  /** A listener in every process (e.g. pushing to the browsers connected to it), after the durable subscribers succeeded. */
  onEveryProcess<K extends EventName>(name: K, listener: Handler<K>): () => void;
  /** Called after a transaction that recorded events commits (the transaction runner does it). */
  afterCommit(): void;
  /** Dispatches everything due now; answers how many events were handled. */
  drain(): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const BATCH = 50;
const LEASE_SECONDS = 60;

export function createEventBus(options: EventBusOptions): EventBus {
  const { db, log, redis, mode } = options;
  const maxAttempts = options.maxAttempts ?? 10;
  const channel = options.channel ?? 'tutoria:events';
  const subscribers = new Map<string, Map<string, Handler<EventName>>>();
  const everyProcess = new Map<string, Set<Handler<EventName>>>();
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let listenerConnection: Redis | undefined;
  let lastCleanup = 0;

  function hear(event: DeliveredEvent) {
    for (const listener of everyProcess.get(event.name) ?? []) {
      Promise.resolve()
        .then(() => listener(event))
        .catch((error: unknown) => log.error({ err: error, event: event.name }, 'event listener failed'));
    }
  }

  async function deliver(event: outbox.ClaimedEvent): Promise<void> {
    const delivered: DeliveredEvent = {
      eventId: event.eventId,
      name: event.name as EventName,
      payload: event.payload as DomainEvents[EventName],
      occurredAt: event.occurredAt,
    };
    const failures: string[] = [];
    for (const [subscriber, handler] of subscribers.get(event.name) ?? []) {
      if (event.doneSubscribers.includes(subscriber)) continue;
      try {
        await handler(delivered);
        await outbox.markSubscriberDone(db, event.eventId, subscriber);
      } catch (error) {
        log.error({ err: error, event: event.name, eventId: event.eventId, subscriber }, 'event subscriber failed');
        failures.push(`${subscriber}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500));
      }
    }
    if (failures.length) {
      const retry = event.attempts >= maxAttempts ? null : Math.min(2 ** event.attempts, 300);
      await outbox.markFailed(db, event.eventId, failures.join('\n'), retry);
      return;
    }
    await outbox.markDispatched(db, event.eventId);
    if (redis) await redis.publish(channel, JSON.stringify(delivered));
    else hear(delivered);
  }

  async function dispatchAll(): Promise<number> {
    let handled = 0;
    for (;;) {
      const batch = await outbox.claimDue(db, BATCH, LEASE_SECONDS);
      for (const event of batch) await deliver(event);
      handled += batch.length;
      if (batch.length < BATCH) break;
    }
    const retentionMs = (options.retentionDays ?? 7) * 86_400_000;
    if (Date.now() - lastCleanup > 3_600_000) {
      lastCleanup = Date.now();
      await outbox.deleteDispatchedBefore(db, new Date(Date.now() - retentionMs));
    }
    return handled;
  }

  /** One dispatch loop per process at a time; a kick during a run makes it go round once more. */
  function dispatch(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await dispatchAll();
        } while (again);
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  const kick = () =>
    void dispatch().catch((error: unknown) => log.error({ err: error }, 'event dispatch failed'));

  return {
    record: (q, name, payload) => outbox.insertEvent(q, name, payload),

    subscribe(name, subscriber, handler) {
      const byName = subscribers.get(name) ?? new Map<string, Handler<EventName>>();
      if (byName.has(subscriber)) throw new Error(`${name} already has a subscriber named ${subscriber}`);
      byName.set(subscriber, handler as Handler<EventName>);
      subscribers.set(name, byName);
      return () => byName.delete(subscriber);
    },

    onEveryProcess(name, listener) {
      const set = everyProcess.get(name) ?? new Set<Handler<EventName>>();
      set.add(listener as Handler<EventName>);
      everyProcess.set(name, set);
      return () => set.delete(listener as Handler<EventName>);
    },

    afterCommit() {
      if (mode === 'auto') kick();
    },

    async drain() {
      if (running) await running.catch(() => 0);
      return dispatch();
    },

    async start() {
      if (redis) {
        listenerConnection = redis.duplicate();
        listenerConnection.on('message', (_channel: string, message: string) => hear(JSON.parse(message)));
        await listenerConnection.subscribe(channel);
      }
      if (mode === 'auto') {
        timer = setInterval(kick, options.pollMs ?? 2000);
        timer.unref();
        kick();
      }
    },

    async stop() {
      clearInterval(timer);
      if (running) await running.catch(() => 0);
      listenerConnection?.disconnect();
    },
  };
}
