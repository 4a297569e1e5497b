import '@mantine/core/styles/Timeline.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { ActionIcon, Badge, Group, Paper, SimpleGrid, Stack, Text, Timeline, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type ApplicationStatus, finalApplicationStatuses, type ProgressApplication } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';

const statusColours: Record<ApplicationStatus, string> = {
  Preparing: 'gray',
  Submitted: 'blue',
  Interview: 'violet',
  Offer: 'teal',
  Accepted: 'green',
  Rejected: 'red',
  Withdrawn: 'orange',
};

interface ApplicationsTimelineProps {
  applications: readonly ProgressApplication[];
  /** Given when the viewer may change the applications. */
  onEdit?: (application: ProgressApplication) => void;
  onDelete?: (application: ProgressApplication) => void;
}

/** Each application as a card: where it stands, its deadline and the stages it went through, dated. */
export function ApplicationsTimeline({ applications, onEdit, onDelete }: ApplicationsTimelineProps) {
  const { t } = useTranslation('progress');
  if (!applications.length) return <Text c="dimmed">{t('applications.empty')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {applications.map((application) => (
        <Paper
          key={application.progressStageApplicationId}
          withBorder
          radius="md"
          p="md"
          data-testid="application"
        >
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              {/* The name wraps; the state badge and buttons keep their width (issue 27). */}
              <Stack gap={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
                <Text fw={600}>{application.institutionName}</Text>
                <Text size="sm" c="dimmed">
                  {t(`institutionTypes.${application.institutionType}`)} · {application.programme}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('applications.deadlineOn', { date: application.deadline })}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                <Badge color={statusColours[application.status]} variant="light">
                  {t(`statuses.${application.status}`)}
                </Badge>
                {onEdit ? (
                  <Tooltip label={t('actions.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('applications.editTitle')}
                      onClick={() => onEdit(application)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
                {onDelete ? (
                  <Tooltip label={t('applications.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('applications.delete')}
                      onClick={() => onDelete(application)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            </Group>
            <Timeline
              active={application.stages.length - 1}
              bulletSize={14}
              lineWidth={2}
              color={
                finalApplicationStatuses.includes(application.status)
                  ? statusColours[application.status]
                  : 'blue'
              }
            >
              {application.stages.map((stage, i) => (
                <Timeline.Item key={`${stage.status}-${i}`} title={t(`statuses.${stage.status}`)}>
                  <Text size="xs" c="dimmed">
                    {stage.reachedOn}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
