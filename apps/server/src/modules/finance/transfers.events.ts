/**
 * The events transfers record in the outbox, inside the transaction of the change, delivered after
 * it commits (docs/architecture.md "Events"). `userKeys` names who it concerns: the student and
 * their consultant.
 */
declare module '../../events/domain-events.ts' {
  interface DomainEvents {
    /** A transfer's credit moved (the financial admin's step after the consultant's, or the general confirm). */
    'transfer.confirmed': {
      transferId: string;
      studentKey: string;
      sourceClassroomId: string;
      destinationClassroomId: string;
      amount: string;
      actorKey: string;
      userKeys: string[];
    };
    /** A confirmed transfer was reversed: the credit went back to the source. */
    'transfer.reversed': {
      transferId: string;
      studentKey: string;
      sourceClassroomId: string;
      destinationClassroomId: string;
      amount: string;
      actorKey: string;
      userKeys: string[];
    };
  }
}

export {};
