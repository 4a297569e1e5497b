import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import { Button, Group, Modal } from '@mantine/core';
import { IconFileReport, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { href } from '@/lib/routes';
import { ParentLinksPanel } from './parent-links-panel';

/** In the session drawer, per student: their session report, and parent links for staff allowed to. */
export function SessionReportActions({
  classroomId,
  sessionId,
  student,
}: {
  classroomId: string;
  sessionId: string;
  student: { studentPublicKey: string; studentName: string };
}) {
  const { t } = useTranslation('academic');
  const [linksOpen, setLinksOpen] = useState(false);
  const mayLink = (useCurrentUser()?.permissions ?? []).includes('parentLinks.manage');
  return (
    <Group gap="xs">
      <Button
        component={Link}
        to={href('classSessionReport', { id: classroomId, sessionId, student_id: student.studentPublicKey })}
        size="compact-sm"
        variant="light"
        leftSection={<IconFileReport size={14} />}
      >
        {t('sessionReport.open')}
      </Button>
      {mayLink ? (
        <>
          <Button
            size="compact-sm"
            variant="light"
            color="teal"
            leftSection={<IconLink size={14} />}
            onClick={() => setLinksOpen(true)}
          >
            {t('parentLinks.open')}
          </Button>
          <Modal
            opened={linksOpen}
            onClose={() => setLinksOpen(false)}
            size="lg"
            title={t('parentLinks.titleFor', { name: student.studentName })}
          >
            <ParentLinksPanel sessionId={sessionId} studentPublicKey={student.studentPublicKey} />
          </Modal>
        </>
      ) : null}
    </Group>
  );
}

/** A student's own report of a session, from their session lists. */
export function SessionReportLink({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('academic');
  return (
    <Button
      component={Link}
      to={href('panelSessionReport', { sessionId })}
      size="compact-xs"
      variant="light"
      leftSection={<IconFileReport size={12} />}
    >
      {t('sessionReport.open')}
    </Button>
  );
}
