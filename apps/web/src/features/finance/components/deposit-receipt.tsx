import { ActionIcon, Anchor, Group, Tooltip } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import type { Deposit } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatFileSize } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useDeleteDepositReceipt, useDownloadDepositReceipt } from '../api/deposit-receipts';

interface DepositReceiptProps {
  deposit: Deposit;
  /** The viewer may remove it (edits the deposit, and it is still waiting). */
  removable: boolean;
}

/** A deposit's receipt: a paper clip and its name as a one-use download link; removable while waiting. */
export function DepositReceiptLink({ deposit, removable }: DepositReceiptProps) {
  const { t } = useTranslation('finance');
  const download = useDownloadDepositReceipt();
  const remove = useDeleteDepositReceipt();
  const [confirming, setConfirming] = useState(false);
  const receipt = deposit.receipt;
  if (!receipt) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="deposit-receipt">
      <IconPaperclip size={14} aria-hidden />
      <Tooltip label={formatFileSize(receipt.sizeInBytes)}>
        <Anchor
          component="button"
          type="button"
          size="sm"
          truncate="end"
          ta="left"
          maw={180}
          onClick={() => download.mutate(deposit.depositId)}
          aria-label={t('receipt.download', { name: receipt.name })}
        >
          {receipt.name}
        </Anchor>
      </Tooltip>
      {removable ? (
        <Tooltip label={t('receipt.remove')}>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="red"
            onClick={() => setConfirming(true)}
            aria-label={t('receipt.remove')}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t('receipt.removeTitle')}
        message={t('receipt.removeBody', { name: receipt.name, student: deposit.studentName })}
        confirmLabel={t('receipt.remove')}
        cancelLabel={t('actions.cancel')}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(deposit.depositId, {
            onSuccess: (result) => notifySuccess(result.message),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Group>
  );
}
