/**
 * The events of every area, by name. Each area declares its own in `<area>.events.ts` by merging
 * into this interface, so the bus knows no area:
 *
 *   declare module '../../events/domain-events.ts' {
 *     interface DomainEvents { 'deposit.confirmed': { depositId: string; … } }
 *   }
 *
 * Payloads are stored as JSON in the outbox: plain data only (strings, numbers, booleans, arrays).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainEvents {}

export type EventName = keyof DomainEvents;

/** What a subscriber receives: the payload and the event's id, its idempotency key. */
export interface DeliveredEvent<K extends EventName = EventName> {
  eventId: string;
  name: K;
  payload: DomainEvents[K];
  /** Epoch seconds. */
  occurredAt: number;
}
