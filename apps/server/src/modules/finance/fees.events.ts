/**
 * The events of teacher fees, teacher salaries and side costs (issue 11), recorded in the outbox
 * inside the transaction of the change and delivered after commit. `userKeys` names who it concerns.
 */
declare module '../../events/domain-events.ts' {
  interface DomainEvents {
    /** A teacher's fee was created, edited or deleted. */
    'teacherFee.changed': { teacherFeeId: string; teacherKey: string; action: 'created' | 'edited' | 'deleted'; actorKey: string };
    /** A class's teacher salary per hour was set. */
    'teacherSalary.changed': { classroomId: string; teacherKey: string; teacherSalaryPerHour: string; actorKey: string; userKeys: string[] };
    /** A student's side costs in a class changed (their charges were posted or reversed). */
    'sideCosts.changed': { classroomId: string; studentKey: string; actorKey: string; userKeys: string[] };
  }
}

export {};
