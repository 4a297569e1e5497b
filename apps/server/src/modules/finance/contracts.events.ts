/**
 * The event contracts record in the outbox, inside the transaction of the change, delivered after
 * it commits (docs/architecture.md "Events"). A contract's payments are deposits: their own
 * `deposit.confirmed` / `deposit.reversed` name the contract.
 */
declare module '../../events/domain-events.ts' {
  interface DomainEvents {
    /** A contract was recorded, edited or deleted, or its file attached or removed. */
    'contract.changed': {
      contractId: string;
      studentKey: string;
      action: 'created' | 'edited' | 'deleted' | 'fileAttached' | 'fileRemoved';
      actorKey: string;
    };
  }
}

export {};
