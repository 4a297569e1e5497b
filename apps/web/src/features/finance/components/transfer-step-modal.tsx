import { confirmTransferBody, reverseTransferBody, type Transfer } from '@tutoria/shared';
import type { z } from 'zod';
import { useTransferMutation } from '../api/transfers';
import type { ConfirmationStep } from './confirmation-actions';
import { ConfirmationStepModal, type StepRecords } from './confirmation-step-modal';

type Body = z.infer<typeof confirmTransferBody> | z.infer<typeof reverseTransferBody>;

const transfers: StepRecords<Transfer, Body> = {
  kind: 'transfer',
  useStep: useTransferMutation,
  bodies: { confirm: confirmTransferBody, reverse: reverseTransferBody },
  idOf: (x) => ({ transferId: x.transferId }),
  names: (x) => ({ student: x.studentName, source: x.source.classroomName, destination: x.destination.classroomName }),
  amountOf: (x) => x.amount,
};

/** Confirms (with an optional message) or reverses (with a reason) one transfer. */
export function TransferStepModal({ transfer, step, onClose }: { transfer: Transfer | null; step: ConfirmationStep; onClose: () => void }) {
  return <ConfirmationStepModal records={transfers} record={transfer} step={step} onClose={onClose} />;
}
