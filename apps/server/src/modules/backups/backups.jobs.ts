/** The backups area's job kinds (docs/architecture.md "Jobs"). */
declare module '../../lib/jobs/job-kinds.ts' {
  interface JobKinds {
    /** One nightly backup; `night` (YYYY-MM-DD in TIME_ZONE) is its key's slot. */
    'backups.nightly': { night: string };
  }
}

export {};
