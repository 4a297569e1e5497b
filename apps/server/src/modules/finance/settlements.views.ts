import type { LessonType, Settlement, SettlementType } from '@tutoria/shared';
import type { SettlementRow } from './settlements.repo.ts';

/** Numbers from decimal strings only here, at the edge (as `views.ts`); no arithmetic on them. */
const num = (value: string | null) => (value === null ? null : Number(value));

/** A settlement as the API answers it (and the audit trail keeps it): waiting → paid → reversed. */
export function toSettlement(row: Omit<SettlementRow, 'totalCount'>): Settlement {
  const paid = row.confirmedBy !== null && row.confirmedAt !== null;
  return {
    settlementId: row.settlementId,
    type: row.settlementType as SettlementType,
    teacherPublicKey: row.teacherKey,
    teacherName: row.teacherName,
    amount: Number(row.amount),
    description: row.description,
    fromTime: row.fromTime,
    toTime: row.toTime,
    classroomId: row.classroomId,
    classroomName: row.classroomName,
    lessonType: row.lessonType as LessonType | null,
    sessionCount: row.sessionCount,
    hours: Number(row.hours),
    academicConsultantProfit: num(row.profit),
    groupId: row.groupId,
    createMoment: row.createMoment,
    createdByName: row.createdByName,
    state: row.reversedAt !== null ? 'reversed' : paid ? 'paid' : 'waiting',
    isConfirmed: paid && row.reversedAt === null,
    payment: paid ? { by: row.confirmedBy!, byName: row.confirmedByName, at: row.confirmedAt! } : null,
    reversal:
      row.reversedBy && row.reversedAt !== null
        ? { by: row.reversedBy, byName: row.reversedByName, at: row.reversedAt, reason: row.reverseReason ?? '' }
        : null,
  };
}
