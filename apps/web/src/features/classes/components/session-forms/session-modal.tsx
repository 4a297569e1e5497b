import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Modal } from '@mantine/core';
import type { ClassroomDetails, ClassSession } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { EditTimeForm } from './edit-time-form';
import { PresenceForm } from './presence-form';
import { TeachingDayForm } from './teaching-day-form';

export type SessionDialog = 'presence' | 'teachingDay' | 'editTime';

const forms = { presence: PresenceForm, teachingDay: TeachingDayForm, editTime: EditTimeForm };

interface SessionModalProps {
  dialog: SessionDialog | null;
  session: ClassSession | null;
  details: ClassroomDetails;
  onClose: () => void;
}

/** One session's dialogs: presence and feedback, the teaching day, another time. */
export function SessionModal({ dialog, session, details, onClose }: SessionModalProps) {
  const { t } = useTranslation('classes');
  const Form = dialog && session ? forms[dialog] : null;
  return (
    <Modal
      opened={dialog !== null && session !== null}
      onClose={onClose}
      title={dialog ? t(`session.dialogs.${dialog}`) : ''}
      centered
      size="lg"
    >
      {Form && session ? <Form session={session} details={details} onDone={onClose} /> : null}
    </Modal>
  );
}
