import type { Transfer } from '@tutoria/shared';
import type { TransferRow } from './transfers.repo.ts';

/** Numbers from decimal strings only here, at the edge (as `views.ts`); no arithmetic on them. */
const num = (value: string | null) => (value === null ? null : Number(value));

const step = (by: string | null, byName: string | null, at: number | null, message: string | null) =>
  by && at !== null ? { by, byName, at, message } : null;

export function toTransfer(row: Omit<TransferRow, 'totalCount'>): Transfer {
  const confirmed = row.confirmedAt !== null;
  return {
    transferId: row.transferId,
    studentPublicKey: row.studentKey,
    studentName: row.studentName,
    source: {
      classroomId: row.sourceClassroomId,
      classroomName: row.sourceName,
      teacherPublicKey: row.sourceTeacherKey,
      teacherName: row.sourceTeacherName,
    },
    destination: {
      classroomId: row.destinationClassroomId,
      classroomName: row.destinationName,
      teacherPublicKey: row.destinationTeacherKey,
      teacherName: row.destinationTeacherName,
    },
    amount: Number(row.amount),
    chargePerHour: num(row.chargePerHour),
    incomePerHour: num(row.incomePerHour),
    sourceHours: num(row.sourceHours),
    destinationHours: num(row.destinationHours),
    description: row.description,
    createMoment: row.createMoment,
    state: row.reversedAt !== null ? 'reversed' : confirmed ? 'confirmed' : 'waiting',
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
