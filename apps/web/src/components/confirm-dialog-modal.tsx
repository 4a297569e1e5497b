import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Group, type MantineColor, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Red for what cannot be undone; another colour for giving something back (restore, enable). */
  color?: MantineColor;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" before an action; the confirm button is red unless told otherwise and shows progress. */
export function ConfirmDialogModal({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  color = 'red',
  loading,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="md" closeOnClickOutside={!loading}>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={loading}>
          {cancelLabel}
        </Button>
        <Button color={color} onClick={onConfirm} loading={loading} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
