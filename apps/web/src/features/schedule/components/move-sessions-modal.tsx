import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CalendarMove } from './schedule-calendar';

export type PendingMove = CalendarMove & { futureSessions: number };

/** A time with booked sessions ahead was dragged: move the sessions with it, or keep them. */
export function MoveSessionsModal({
  move,
  onCommit,
  onClose,
}: {
  move: PendingMove | null;
  onCommit: (move: CalendarMove, moveSessions: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('schedule');
  const answer = (moveSessions: boolean) => {
    if (move) onCommit(move, moveSessions);
    onClose();
  };
  return (
    <Modal
      opened={move !== null}
      onClose={() => {
        move?.revert();
        onClose();
      }}
      title={t('slot.moveTitle')}
      centered
    >
      <Text size="sm">{t('slot.moveBody', { count: move?.futureSessions ?? 0 })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => answer(false)}>
          {t('slot.keep')}
        </Button>
        <Button onClick={() => answer(true)}>{t('slot.moveWith')}</Button>
      </Group>
    </Modal>
  );
}
