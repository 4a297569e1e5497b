import type { Transfer } from '@tutoria/shared';
import type { TransferRow } from './transfers.repo.ts';
import { toConfirmation } from './views.ts';

/** Numbers from decimal strings only here, at the edge (as `views.ts`); no arithmetic on them. */
const num = (value: string | null) => (value === null ? null : Number(value));

export function toTransfer(row: Omit<TransferRow, 'totalCount'>): Transfer {
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
    ...toConfirmation(row),
  };
}
