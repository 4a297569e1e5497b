/**
 * The events finance records in the outbox, inside the transaction of the change, for the
 * notifications area and others (docs/architecture.md "Events"). `userKeys` names who it concerns.
 */
declare module '../../events/domain-events.ts' {
  interface DomainEvents {
    /**
     * A deposit's money reached the ledger (both confirmations, or a direct confirm). A contract
     * payment (issue 28) names its contract and no classroom.
     */
    'deposit.confirmed': DepositEvent;
    /** A confirmed deposit was reversed: its money left the student's credit (or the contract's paid). */
    'deposit.reversed': DepositEvent;
    /** Held sessions were charged to (or a charge was taken back from) students' credit. */
    'session.charged': { classroomId: string; sessionIds: string[]; reversedSessionIds: string[]; actorKey: string | null };
    /** The reserved / formal split of a classroom's sessions changed. */
    'reservation.changed': { classroomId: string; sessionIds: string[]; actorKey: string | null };
  }
}

interface DepositEvent {
  depositId: string;
  studentKey: string;
  classroomId: string | null;
  contractId: string | null;
  amount: string;
  actorKey: string;
  userKeys: string[];
}

export {};
