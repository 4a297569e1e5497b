import { ActionIcon, Anchor, Group, Tooltip } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import type { Contract } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatFileSize } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useContractMutation, useDownloadContractFile } from '../api/contracts';

/** A contract's file: a paper clip and its name as a one-use download link; removable by whoever manages the contract. */
export function ContractFileLink({ contract, removable }: { contract: Contract; removable: boolean }) {
  const { t } = useTranslation('contracts');
  const download = useDownloadContractFile();
  const remove = useContractMutation('deleteFile');
  const [confirming, setConfirming] = useState(false);
  const file = contract.file;
  if (!file) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="contract-file">
      <IconPaperclip size={14} aria-hidden />
      <Tooltip label={formatFileSize(file.sizeInBytes)}>
        <Anchor
          component="button"
          type="button"
          size="sm"
          truncate="end"
          ta="left"
          maw={180}
          onClick={() => download.mutate(contract.contractId)}
          aria-label={t('file.download', { name: file.name })}
        >
          {file.name}
        </Anchor>
      </Tooltip>
      {removable ? (
        <Tooltip label={t('file.remove')}>
          <ActionIcon size="sm" variant="subtle" color="red" onClick={() => setConfirming(true)} aria-label={t('file.remove')}>
            <IconTrash size={14} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={t('file.removeTitle')}
        message={t('file.removeBody', { name: file.name, student: contract.studentName })}
        confirmLabel={t('file.remove')}
        cancelLabel={t('actions.cancel')}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(
            { contractId: contract.contractId },
            { onSuccess: (result) => notifySuccess(result.message), onSettled: () => setConfirming(false) },
          )
        }
      />
    </Group>
  );
}
