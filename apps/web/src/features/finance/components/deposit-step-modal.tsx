import { confirmDepositBody, type Deposit, reverseDepositBody } from '@tutoria/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useDepositMutation } from '../api/deposits';
import type { ConfirmationStep } from './confirmation-actions';
import { ConfirmationStepModal, type StepRecords } from './confirmation-step-modal';
import { depositTarget } from './deposit-target';

type Body = z.infer<typeof confirmDepositBody> | z.infer<typeof reverseDepositBody>;

/** A deposit pays a class or (issue 28) a contract: the dialog's text names which. */
const depositsIn = (t: TFunction<'finance'>): StepRecords<Deposit, Body> => ({
  kind: 'deposit',
  useStep: useDepositMutation,
  bodies: { confirm: confirmDepositBody, reverse: reverseDepositBody },
  idOf: (d) => ({ depositId: d.depositId }),
  names: (d) => ({ student: d.studentName, classroom: depositTarget(d, t) }),
  amountOf: (d) => d.amount,
});

/** Confirms (with an optional message) or reverses (with a reason) one deposit. */
export function DepositStepModal({ deposit, step, onClose }: { deposit: Deposit | null; step: ConfirmationStep; onClose: () => void }) {
  const { t } = useTranslation('finance');
  return <ConfirmationStepModal records={depositsIn(t)} record={deposit} step={step} onClose={onClose} />;
}
