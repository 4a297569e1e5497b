import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import { ActionIcon, Badge, Group, Progress, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import {
  classTypeLabels,
  type CoursePlanEntry,
  coursePlanStatusLabels,
  lessonTypeLabel,
} from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
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
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('plan.lessonType')}</Table.Th>
            <Table.Th>{t('plan.lessonTopic')}</Table.Th>
            <Table.Th>{t('plan.sessionPerWeek')}</Table.Th>
            <Table.Th>{t('plan.classType')}</Table.Th>
            <Table.Th miw={100}>{t('plan.status')}</Table.Th>
            <Table.Th miw={200}>{t('plan.progress')}</Table.Th>
            {onEdit ? <Table.Th aria-label={t('actions.edit')} /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const percent = progressPercent(entry.actualHours, entry.suggestedHours);
            return (
              <Table.Tr key={entry.progressStageCoursePlanId} data-testid="plan-entry">
                <Table.Td>{lessonTypeLabel(entry.lessonType, language)}</Table.Td>
                <Table.Td>{entry.lessonTopic}</Table.Td>
                <Table.Td>{formatNumber(entry.sessionPerWeek, language)}</Table.Td>
                <Table.Td>{classTypeLabels[entry.classType][language]}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={entry.status === 'New' ? 'blue' : 'grape'}>
                    {coursePlanStatusLabels[entry.status][language]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <Progress
                      value={percent}
                      color={percent >= 100 ? 'teal' : 'blue'}
                      aria-label={t('plan.progress')}
                      title={t('plan.actualHint')}
                    />
                    <Text size="xs" c="dimmed" data-testid="plan-hours">
                      {t('plan.hoursOf', {
                        actual: formatNumber(entry.actualHours, language),
                        suggested: formatNumber(entry.suggestedHours, language),
                      })}
                    </Text>
                  </Stack>
                </Table.Td>
                {onEdit ? (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label={t('actions.edit')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('actions.edit')}
                          onClick={() => onEdit(entry)}
                        >
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
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
