/**
 * The events finance records in the outbox, inside the transaction of the change, for the
 * notifications area and others (docs/architecture.md "Events"). `userKeys` names who it concerns.
 */
declare module '../../events/domain-events.ts' {
  interface DomainEvents {
    /** A deposit's money reached the ledger (both confirmations, or a direct confirm). */
    'deposit.confirmed': { depositId: string; studentKey: string; classroomId: string; amount: string; actorKey: string; userKeys: string[] };
    /** A confirmed deposit was reversed: its money left the student's credit. */
    'deposit.reversed': { depositId: string; studentKey: string; classroomId: string; amount: string; actorKey: string; userKeys: string[] };
    /** Held sessions were charged to (or a charge was taken back from) students' credit. */
    'session.charged': { classroomId: string; sessionIds: string[]; reversedSessionIds: string[]; actorKey: string | null };
    /** The reserved / formal split of a classroom's sessions changed. */
    'reservation.changed': { classroomId: string; sessionIds: string[]; actorKey: string | null };
  }
}


export {};
