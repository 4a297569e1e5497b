import { confirmDepositBody, type Deposit, reverseDepositBody } from '@tutoria/shared';
import type { z } from 'zod';
import { useDepositMutation } from '../api/deposits';
import type { ConfirmationStep } from './confirmation-actions';
import { ConfirmationStepModal, type StepRecords } from './confirmation-step-modal';

type Body = z.infer<typeof confirmDepositBody> | z.infer<typeof reverseDepositBody>;

const deposits: StepRecords<Deposit, Body> = {
  kind: 'deposit',
  useStep: useDepositMutation,
  bodies: { confirm: confirmDepositBody, reverse: reverseDepositBody },
  idOf: (d) => ({ depositId: d.depositId }),
  names: (d) => ({ student: d.studentName, classroom: d.classroomName }),
  amountOf: (d) => d.amount,
};

/** Confirms (with an optional message) or reverses (with a reason) one deposit. */
export function DepositStepModal({ deposit, step, onClose }: { deposit: Deposit | null; step: ConfirmationStep; onClose: () => void }) {
  return <ConfirmationStepModal records={deposits} record={deposit} step={step} onClose={onClose} />;
}
