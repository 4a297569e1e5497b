import type { ClassroomDetails, ClassSession } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEpoch } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useClassMutation } from '../api/classes';
import type { ClassDialog } from '../components/class-forms/class-modal';
import type { SessionAction } from '../components/session-card';
import type { SessionDialog } from '../components/session-forms/session-modal';

/** A change that is asked about first ("Cancel this session?"). */
export type ClassConfirm =
  | { kind: 'cancel' | 'reset' | 'revert'; session: ClassSession }
  | { kind: 'removeAll' | 'disable' }
  | { kind: 'removeStudent' | 'removeLesson' | 'removeCourse'; key: string; name: string };

const notify = { onSuccess: (result: { message: string }) => notifySuccess(result.message) };

/**
 * Every action of the class details screen: which dialog is open, what is being confirmed, and
 * the calls behind the menu, the session cards and the confirmations.
 */
export function useClassActions(details: ClassroomDetails) {
  const { t } = useTranslation('classes');
  const [sessionDialog, setSessionDialog] = useState<{ dialog: SessionDialog; session: ClassSession } | null>(
    null,
  );
  const [classDialog, setClassDialog] = useState<ClassDialog | null>(null);
  const [confirm, setConfirm] = useState<ClassConfirm | null>(null);
  const { classroomId } = details;

  const mutations = {
    cancelSession: useClassMutation('cancelSession'),
    resetSessionInfo: useClassMutation('resetSessionInfo'),
    revertToTeacher: useClassMutation('revertToTeacher'),
    confirmByTeacher: useClassMutation('confirmByTeacher'),
    confirmByAdmin: useClassMutation('confirmByAdmin'),
    removeAllTimes: useClassMutation('removeAllTimes'),
    disable: useClassMutation('disable'),
    archive: useClassMutation('archive'),
    removeStudent: useClassMutation('removeStudent'),
    removeLesson: useClassMutation('removeLesson'),
    removeSpecification: useClassMutation('removeSpecification'),
    confirmChangesByTeacher: useClassMutation('confirmChangesByTeacher'),
    confirmChangesBySchedulingAdmin: useClassMutation('confirmChangesBySchedulingAdmin'),
  };

  const onSessionAction = (session: ClassSession, action: SessionAction) => {
    const { sessionId } = session;
    if (action === 'presence' || action === 'teachingDay' || action === 'editTime')
      return setSessionDialog({ dialog: action, session });
    if (action === 'cancel' || action === 'reset' || action === 'revert')
      return setConfirm({ kind: action, session });
    if (action === 'confirmByTeacher') return mutations.confirmByTeacher.mutate({ sessionId }, notify);
    return mutations.confirmByAdmin.mutate({ sessionId }, notify);
  };

  const runConfirm = () => {
    if (!confirm) return;
    const close = { ...notify, onSettled: () => setConfirm(null) };
    switch (confirm.kind) {
      case 'cancel':
        return mutations.cancelSession.mutate({ sessionId: confirm.session.sessionId }, close);
      case 'reset':
        return mutations.resetSessionInfo.mutate({ sessionId: confirm.session.sessionId }, close);
      case 'revert':
        return mutations.revertToTeacher.mutate({ sessionId: confirm.session.sessionId }, close);
      case 'removeAll':
        return mutations.removeAllTimes.mutate({ classroomId }, close);
      case 'disable':
        return mutations.disable.mutate({ classroomId }, close);
      case 'removeStudent':
        return mutations.removeStudent.mutate({ classroomId, studentPublicKey: confirm.key }, close);
      case 'removeLesson':
        return mutations.removeLesson.mutate({ classroomId, classroomLessonId: confirm.key }, close);
      case 'removeCourse':
        return mutations.removeSpecification.mutate({ classroomId, specificationIds: [confirm.key] }, close);
    }
  };

  return {
    sessionDialog,
    closeSessionDialog: () => setSessionDialog(null),
    classDialog,
    openClassDialog: setClassDialog,
    closeClassDialog: () => setClassDialog(null),
    confirm,
    ask: setConfirm,
    closeConfirm: () => setConfirm(null),
    runConfirm,
    confirmBusy: Object.values(mutations).some((m) => m.isPending),
    confirmText: confirm
      ? {
          title: t(`details.confirm.${confirm.kind}.title`),
          body: t(`details.confirm.${confirm.kind}.body`, {
            name: 'name' in confirm ? confirm.name : details.classroomName,
            when: 'session' in confirm ? formatEpoch(confirm.session.start, 'long') : '',
          }),
        }
      : { title: '', body: '' },
    onSessionAction,
    confirmChangesAsTeacher: () => mutations.confirmChangesByTeacher.mutate({ classroomId }, notify),
    confirmChangesAsAdmin: () => mutations.confirmChangesBySchedulingAdmin.mutate({ classroomId }, notify),
    toggleArchived: () => mutations.archive.mutate({ classroomId, archived: !details.archived }, notify),
  };
}

export type ClassActions = ReturnType<typeof useClassActions>;
