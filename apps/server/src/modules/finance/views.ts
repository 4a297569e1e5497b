import type { ClassroomBalance, Deposit, DepositType, PaymentMethod } from '@tutoria/shared';
import type { BalanceRow } from './balances.repo.ts';
import type { ConfirmationRow } from './confirmation.repo.ts';
import type { DepositRow } from './deposits.repo.ts';

/**
 * Rows to the contract's shapes. Decimal strings from PostgreSQL become JSON numbers only here, at
 * the edge (DESIGN §4: on the wire a number with at most 2 decimals); no arithmetic is done on them.
 */
const money = (value: string) => Number(value);
const moneyOrNull = (value: string | null) => (value === null ? null : Number(value));

const step = (by: string | null, byName: string | null, at: number | null, message: string | null) =>
  by && at !== null ? { by, byName, at, message } : null;

/** Where a record stands in the confirmation workflow, and who took each step (deposits, transfers). */
export function toConfirmation(row: ConfirmationRow) {
  const confirmed = row.confirmedAt !== null;
  return {
    state: row.reversedAt !== null ? ('reversed' as const) : confirmed ? ('confirmed' as const) : ('waiting' as const),
    isConfirmed: confirmed && row.reversedAt === null,
    consultantConfirmation: step(row.consultantConfirmedBy, row.consultantConfirmedByName, row.consultantConfirmedAt, row.consultantMessage),
    financialAdminConfirmation: step(row.financialConfirmedBy, row.financialConfirmedByName, row.financialConfirmedAt, row.financialMessage),
    confirmation: step(row.confirmedBy, row.confirmedByName, row.confirmedAt, null),
    reversal:
      row.reversedBy && row.reversedAt !== null
        ? { by: row.reversedBy, byName: row.reversedByName, at: row.reversedAt, reason: row.reverseReason ?? '' }
        : null,
  };
}

export function toDeposit(row: Omit<DepositRow, 'totalCount'>): Deposit {
  return {
    depositId: row.depositId,
    studentPublicKey: row.studentKey,
    studentName: row.studentName,
    classroomId: row.classroomId,
    classroomName: row.classroomName,
    contractId: row.contractId,
    contractType: row.contractType,
    amount: money(row.amount),
    discountValue: money(row.discountValue),
    depositType: row.depositType as DepositType,
    paymentMethod: row.paymentMethod as PaymentMethod,
    chargeAt: row.chargeAt,
    createMoment: row.createMoment,
    ...toConfirmation(row),
    receipt: row.receipt,
  };
}

export function toBalance(row: BalanceRow): ClassroomBalance {
  return {
    classroomId: row.classroomId,
    classroomName: row.classroomName,
    studentPublicKey: row.studentKey,
    studentName: row.studentName,
    paid: money(row.paid),
    used: money(row.used),
    remaining: money(row.remaining),
    costPerHour: moneyOrNull(row.costPerHour),
    discountPerHour: moneyOrNull(row.discountPerHour),
    balanceInHour: moneyOrNull(row.balanceInHour),
    reservedSessions: row.reservedSessions,
  };
}
