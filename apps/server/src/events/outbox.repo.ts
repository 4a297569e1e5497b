import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { outboxEvents } from '../db/schema/events.ts';
import { selectRows } from '../db/sql.ts';

export async function insertEvent(q: Queryable, name: string, payload: unknown): Promise<string> {
  const [row] = await q.insert(outboxEvents).values({ name, payload }).returning({ eventId: outboxEvents.eventId });
  return row!.eventId;
}

export interface ClaimedEvent {
  eventId: string;
  name: string;
  payload: unknown;
  occurredAt: number;
  attempts: number;
  doneSubscribers: string[];
}

/**
 * Takes up to `limit` events that are due, leasing them for `leaseSeconds` — one statement, so no
 * transaction stays open while subscribers run (PGlite has one connection), and `skip locked` lets
 * several processes dispatch side by side without taking the same event.
 */
export function claimDue(q: Queryable, limit: number, leaseSeconds: number) {
  return selectRows<ClaimedEvent>(
    q,
    sql`update outbox_events set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
      where event_id in (
        select event_id from outbox_events
        where dispatched_at is null and failed_at is null and available_at <= now()
          and (locked_until is null or locked_until < now())
        order by available_at, occurred_at
        limit ${limit}
        for update skip locked)
      returning event_id, name, payload, floor(extract(epoch from occurred_at))::float8 as occurred_at, attempts, done_subscribers`,
  );
}

export async function markSubscriberDone(q: Queryable, eventId: string, subscriber: string) {
  await q
    .update(outboxEvents)
    .set({ doneSubscribers: sql`array_append(${outboxEvents.doneSubscribers}, ${subscriber})` })
    .where(eq(outboxEvents.eventId, eventId));
}

export async function markDispatched(q: Queryable, eventId: string) {
  await q
    .update(outboxEvents)
    .set({ dispatchedAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(outboxEvents.eventId, eventId));
}

/** A failed delivery: try again after `retryInSeconds`, or give up (kept, with its error, for an Admin). */
export async function markFailed(q: Queryable, eventId: string, error: string, retryInSeconds: number | null) {
  await q
    .update(outboxEvents)
    .set(
      retryInSeconds === null
        ? { failedAt: sql`now()`, lockedUntil: null, lastError: error }
        : {
            availableAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
            lockedUntil: null,
            lastError: error,
          },
    )
    .where(eq(outboxEvents.eventId, eventId));
}

/** Dispatched events older than the retention are of no further use. */
export async function deleteDispatchedBefore(q: Queryable, before: Date) {
  await q.delete(outboxEvents).where(and(isNotNull(outboxEvents.dispatchedAt), lt(outboxEvents.dispatchedAt, before)));
}
