import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import { ActionIcon, Badge, Group, Progress, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import {
  classTypeLabels,
  type CoursePlanEntry,
  coursePlanStatusLabels,
  lessonTypeLabel,
} from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/components/record-table';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { progressPercent } from '../lib/numbers';

interface CoursePlanTableProps {
  entries: readonly CoursePlanEntry[];
  /** Given when the viewer may change the plan. */
  onEdit?: (entry: CoursePlanEntry) => void;
  onDelete?: (entry: CoursePlanEntry) => void;
}

/** The plan: one row per entry, with the held hours against the suggested ones as a bar. */
export function CoursePlanTable({ entries, onEdit, onDelete }: CoursePlanTableProps) {
  const { t } = useTranslation('progress');
  const language = currentLanguage();
  if (!entries.length) return <Text c="dimmed">{t('plan.empty')}</Text>;
  return (
    <RecordTable<CoursePlanEntry>
      records={[...entries]}
      idAccessor="progressStageCoursePlanId"
      minWidth={760}
      tableProps={{ verticalSpacing: 'sm', highlightOnHover: true }}
      customRowAttributes={() => ({ 'data-testid': 'plan-entry' })}
      columns={[
        {
          accessor: 'lessonType',
          title: t('plan.lessonType'),
          phone: 'title',
          render: (entry) => lessonTypeLabel(entry.lessonType, language),
        },
        { accessor: 'lessonTopic', title: t('plan.lessonTopic'), phone: 'title' },
        {
          accessor: 'sessionPerWeek',
          title: t('plan.sessionPerWeek'),
          render: (entry) => formatNumber(entry.sessionPerWeek, language),
        },
        {
          accessor: 'classType',
          title: t('plan.classType'),
          render: (entry) => classTypeLabels[entry.classType][language],
        },
        {
          accessor: 'status',
          title: t('plan.status'),
          titleStyle: { minWidth: 100 },
          render: (entry) => (
            <Badge variant="light" color={entry.status === 'New' ? 'blue' : 'grape'}>
              {coursePlanStatusLabels[entry.status][language]}
            </Badge>
          ),
        },
        {
          accessor: 'progress',
          title: t('plan.progress'),
          titleStyle: { minWidth: 200 },
          render: (entry) => {
            const percent = progressPercent(entry.actualHours, entry.suggestedHours);
            return (
              <Stack gap={4}>
                <Progress
                  value={percent}
                  color={percent >= 100 ? 'teal' : 'blue'}
                  aria-label={t('plan.progressValue', { topic: entry.lessonTopic, percent })}
                  title={t('plan.actualHint')}
                />
                <Text size="xs" c="dimmed" data-testid="plan-hours">
                  {t('plan.hoursOf', {
                    actual: formatNumber(entry.actualHours, language),
                    suggested: formatNumber(entry.suggestedHours, language),
                  })}
                </Text>
              </Stack>
            );
          },
        },
        {
          accessor: 'actions',
          // The header names the column for screen readers; the buttons say what they do.
          title: onEdit ? <VisuallyHidden>{t('actions.edit')}</VisuallyHidden> : null,
          hidden: !onEdit,
          render: (entry) => (
            <Group gap={4} wrap="nowrap" justify="flex-end">
              <Tooltip label={t('actions.edit')}>
                <ActionIcon variant="subtle" aria-label={t('actions.edit')} onClick={() => onEdit?.(entry)}>
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              {onDelete ? (
                <Tooltip label={t('plan.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('plan.delete')}
                    onClick={() => onDelete(entry)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          ),
        },
      ]}
    />
  );
}
