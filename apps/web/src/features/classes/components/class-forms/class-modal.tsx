import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Modal } from '@mantine/core';
import type { ClassroomDetails } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { AddCoursesForm } from './add-courses-form';
import { AddLessonForm } from './add-lesson-form';
import { AddStudentsForm } from './add-students-form';
import { AddTimesForm } from './add-times-form';
import { DestroyClassForm } from './destroy-class-form';
import { EditClassForm } from './edit-class-form';

export type ClassDialog = 'edit' | 'students' | 'lesson' | 'courses' | 'times' | 'destroy';

const forms = {
  edit: { Form: EditClassForm, size: 'lg' },
  students: { Form: AddStudentsForm, size: 'md' },
  lesson: { Form: AddLessonForm, size: 'xl' },
  courses: { Form: AddCoursesForm, size: 'md' },
  times: { Form: AddTimesForm, size: '90rem' },
  destroy: { Form: DestroyClassForm, size: 'md' },
} as const;

/** The class's own dialogs (edit, add students, lessons, courses, times; destroy), one at a time. */
export function ClassModal({
  dialog,
  details,
  onClose,
}: {
  dialog: ClassDialog | null;
  details: ClassroomDetails;
  onClose: () => void;
}) {
  const { t } = useTranslation('classes');
  const Form = dialog ? forms[dialog].Form : null;
  return (
    <Modal
      opened={dialog !== null}
      onClose={onClose}
      title={dialog ? t(`details.dialogs.${dialog}`) : ''}
      centered
      size={dialog ? forms[dialog].size : 'md'}
    >
      {Form ? <Form details={details} onDone={onClose} /> : null}
    </Modal>
  );
}
