import '@mantine/core/styles/Tooltip.layer.css';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface RowActionsProps {
  /** Names the row for screen readers: "Edit Pure Mathematics 1". */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}

export function RowActions({ name, onEdit, onDelete, children }: RowActionsProps) {
  const { t } = useTranslation('lessons');
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
      <Tooltip label={t('actions.edit')}>
        <ActionIcon variant="subtle" aria-label={`${t('actions.edit')} ${name}`} onClick={onEdit}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('actions.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`${t('actions.delete')} ${name}`}
          onClick={onDelete}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
