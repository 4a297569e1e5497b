/**
 * The events settlements record in the outbox, inside the transaction of the change, delivered
 * after it commits (docs/architecture.md "Events"). `userKeys` names who it concerns: the teacher.
 */
declare module '../../events/domain-events.ts' {
  interface DomainEvents {
    /** A settlement was paid: the teacher payable ↔ cash posting is in the ledger. */
    'settlement.paid': SettlementEvent;
    /** A paid settlement was reversed: its sessions are unpaid again. */
    'settlement.reversed': SettlementEvent;
  }
}

interface SettlementEvent {
  settlementId: string;
  teacherKey: string;
  settlementType: string;
  amount: string;
  fromTime: number | null;
  toTime: number;
  /** The period as the teacher reads it: `YYYY-MM-DD – YYYY-MM-DD` (or the end alone) in the centre's time zone. */
  period: string;
  classroomIds: string[];
  actorKey: string;
  userKeys: string[];
}

export {};
