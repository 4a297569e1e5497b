/**
 * The auth area's own events: after one commits, every API process closes the live notification
 * streams opened under those sessions (`onEveryProcess`, Redis pub/sub when scaled out).
 */
declare module '../../events/domain-events.ts' {
  interface DomainEvents {
    /** These sessions ended: a sign-out, a password change or reset, a disabled or archived account. */
    'auth.sessionsEnded': { sessionIds: string[] };
  }
}

export {};
