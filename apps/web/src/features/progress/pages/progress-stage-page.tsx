import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import type { CoursePlanEntry, ExportFormat, ProgressApplication, ProgressStage } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyDialog } from '@/components/lazy-dialog';
import { useCurrentUser } from '@/features/auth';
import { StudentPageLink } from '@/features/students';
import { href } from '@/lib/routes';
import { useExportCoursePlan, useProgressMutation, useStudentProgress } from '../api/progress';
import { ProgressStageView } from '../components/progress-stage-view';

// The two forms' code loads when one is first opened (issue 9).
const CoursePlanFormModal = lazyDialog(
  () => import('../components/course-plan-form-modal').then((m) => m.CoursePlanFormModal),
  'opened',
);
const ApplicationFormModal = lazyDialog(
  () => import('../components/application-form-modal').then((m) => m.ApplicationFormModal),
  'opened',
);

/** `/admin/panel/users/progressStage/{id}`: one student's plan and applications; editable within scope. */
export function ProgressStagePage() {
  const { t } = useTranslation('progress');
  const { id = '' } = useParams();
  const { data, isLoading } = useStudentProgress(id);
  if (isLoading) return <Skeleton height={420} radius="lg" />;
  if (!data) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm">
          <Title order={3}>{t('notFound')}</Title>
          <Anchor component={Link} to={href('adminUsers')}>
            {t('back')}
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  return <StudentProgress stage={data} />;
}

type Editing =
  | { kind: 'entry'; entry: CoursePlanEntry | null }
  | { kind: 'application'; application: ProgressApplication | null }
  | null;
type Deleting =
  | { kind: 'entry'; entry: CoursePlanEntry }
  | { kind: 'application'; application: ProgressApplication }
  | null;

function StudentProgress({ stage }: { stage: ProgressStage }) {
  const { t } = useTranslation('progress');
  const user = useCurrentUser();
  const editable = (user?.permissions ?? []).includes('coursePlans.manage');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const exportPlan = useExportCoursePlan();
  const deleteEntry = useProgressMutation('deleteCoursePlan');
  const deleteApplication = useProgressMutation('deleteApplication');
  const studentPublicKey = stage.student.publicKey;
  const download = (format: ExportFormat) => exportPlan.mutate({ studentPublicKey, format });
  const exports = (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconDownload size={14} />}
        onClick={() => download('xlsx')}
      >
        {t('plan.exportXlsx')}
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconDownload size={14} />}
        onClick={() => download('csv')}
      >
        {t('plan.exportCsv')}
      </Button>
    </>
  );
  const confirmDelete = () => {
    const close = { onSuccess: () => setDeleting(null) };
    if (deleting?.kind === 'entry')
      deleteEntry.mutate({ progressStageCoursePlanId: deleting.entry.progressStageCoursePlanId }, close);
    if (deleting?.kind === 'application')
      deleteApplication.mutate(
        { progressStageApplicationId: deleting.application.progressStageApplicationId },
        close,
      );
  };
  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group gap="xs">
          <Anchor component={Link} to={href('adminUsers')} size="sm" c="dimmed">
            ← {t('back')}
          </Anchor>
          {/* The student's page (issue 31), where the viewer may open it. */}
          <StudentPageLink publicKey={studentPublicKey}>{stage.student.fullName}</StudentPageLink>
        </Group>
        <Title order={1} size="h2">
          {t('title', { name: stage.student.fullName })}
        </Title>
        {editable ? null : <Text c="dimmed">{t('readOnly')}</Text>}
      </Stack>
      <ProgressStageView
        stage={stage}
        planActions={exports}
        editing={
          editable
            ? {
                planActions: (
                  <Button
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => setEditing({ kind: 'entry', entry: null })}
                  >
                    {t('plan.add')}
                  </Button>
                ),
                applicationActions: (
                  <Button
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => setEditing({ kind: 'application', application: null })}
                  >
                    {t('applications.add')}
                  </Button>
                ),
                editEntry: (entry) => setEditing({ kind: 'entry', entry }),
                deleteEntry: (entry) => setDeleting({ kind: 'entry', entry }),
                editApplication: (application) => setEditing({ kind: 'application', application }),
                deleteApplication: (application) => setDeleting({ kind: 'application', application }),
              }
            : undefined
        }
      />
      <CoursePlanFormModal
        opened={editing?.kind === 'entry'}
        studentPublicKey={studentPublicKey}
        entry={editing?.kind === 'entry' ? editing.entry : null}
        onClose={() => setEditing(null)}
      />
      <ApplicationFormModal
        opened={editing?.kind === 'application'}
        studentPublicKey={studentPublicKey}
        application={editing?.kind === 'application' ? editing.application : null}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting?.kind === 'application' ? t('applications.delete') : t('plan.delete')}
        message={
          deleting?.kind === 'application'
            ? t('applications.deleteConfirm', { name: deleting.application.institutionName })
            : deleting?.kind === 'entry'
              ? t('plan.deleteConfirm', { topic: deleting.entry.lessonTopic })
              : ''
        }
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        loading={deleteEntry.isPending || deleteApplication.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
