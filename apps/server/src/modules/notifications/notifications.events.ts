/**
 * The notifications area's own events: after they commit, every API process pushes to the
 * browsers of those users that are connected to it (`onEveryProcess`, Redis pub/sub when scaled out).
 */
declare module '../../events/domain-events.ts' {
  interface DomainEvents {
    /** New notifications were stored for these users. */
    'notifications.created': { userKeys: string[] };
    /** Some of a user's notifications were marked read (their bell count changed). */
    'notifications.read': { userKey: string };
  }
}

export {};
