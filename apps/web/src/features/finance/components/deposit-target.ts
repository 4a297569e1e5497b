import type { Deposit } from '@tutoria/shared';
import type { TFunction } from 'i18next';

/** What a deposit pays, in words: its class, or (issue 28, a contract payment) "Contract: University application". */
export function depositTarget(d: Pick<Deposit, 'classroomName' | 'contractType'>, t: TFunction<'finance'>): string {
  return d.classroomName ?? t('contractPayment', { type: t(`contractTypes.${d.contractType ?? 'ApplicationForUniversities'}` as 'contractTypes.ApplicationForUniversities') });
}
