import { Group, Paper, Stack, Title } from '@mantine/core';
import type { CoursePlanEntry, ProgressApplication, ProgressStage } from '@tutoria/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplicationsTimeline } from './applications-timeline';
import { CoursePlanTable } from './course-plan-table';

/** What an editor may do; none: the page is read-only. */
export interface ProgressEditing {
  planActions: ReactNode;
  applicationActions: ReactNode;
  editEntry: (entry: CoursePlanEntry) => void;
  deleteEntry: (entry: CoursePlanEntry) => void;
  editApplication: (application: ProgressApplication) => void;
  deleteApplication: (application: ProgressApplication) => void;
}

/** The course plan (hours as bars) and the applications (stages as timelines). */
export function ProgressStageView({
  stage,
  editing,
  planActions,
  headingLevel = 2,
}: {
  /** The plan and applications (a student's page shows them without the rest of the stage). */
  stage: Pick<ProgressStage, 'coursePlan' | 'applications'>;
  editing?: ProgressEditing;
  planActions?: ReactNode;
  /** The level of the two titles: 2 under a page's h1, 3 inside a section of one (a student's page). */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('progress');
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <SectionTitle title={t('plan.title')} level={headingLevel}>
            {planActions}
            {editing?.planActions}
          </SectionTitle>
          <CoursePlanTable
            entries={stage.coursePlan}
            onEdit={editing?.editEntry}
            onDelete={editing?.deleteEntry}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <SectionTitle title={t('applications.title')} level={headingLevel}>
            {editing?.applicationActions}
          </SectionTitle>
          <ApplicationsTimeline
            applications={stage.applications}
            onEdit={editing?.editApplication}
            onDelete={editing?.deleteApplication}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

function SectionTitle({ title, level, children }: { title: string; level: 2 | 3; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Title order={level} size="h3">
        {title}
      </Title>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}
