/** The reminders module's job kinds (docs/architecture.md "Jobs"). */
declare module '../../lib/jobs/job-kinds.ts' {
  interface JobKinds {
    /** Recurring: enqueue the reminders of the sessions starting within the next window. */
    'reminders.plan': Record<string, never>;
    /** One session's reminder, at its start less the configured minutes; `start` is the time it was planned for. */
    'reminders.send': { sessionId: string; start: number };
  }
}

export {};
