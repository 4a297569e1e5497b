import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconChalkboard, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lessonTypeLabel } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { OwnMoneySection } from '@/features/finance';
import { formatEpoch } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { ownClassesQuery } from '../api/panel-classes-loader';
import { ClassStateBadge } from '../components/class-state-badge';

/** `/panel/classes`: the signed-in student's own classes (the list is scoped to them on the server). */
export function PanelClassesPage() {
  const { t } = useTranslation(['classes', 'common']);
  const language = currentLanguage();
  const { data, isLoading } = useQuery(ownClassesQuery());
  return (
    <>
      <PageHeader title={t('common:titles.panelClasses')} description={t('panel.subtitle')} />
      {isLoading ? <Skeleton height={160} radius="lg" /> : null}
      {data && data.data.length === 0 ? <EmptyState /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {(data?.data ?? []).map((c) => (
          <Paper key={c.classroomId} withBorder radius="lg" p="md">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={700}>{c.classroomName}</Text>
                <ClassStateBadge state={c.state} />
              </Group>
              <Group gap={6}>
                <Badge variant="light" color="indigo" radius="sm">
                  {t(`classTypes.${c.classroomType}`)}
                </Badge>
                <Badge variant="light" color="grape" radius="sm">
                  {lessonTypeLabel(c.lessonType, language)}
                </Badge>
              </Group>
              <Group gap={6} wrap="nowrap">
                <IconUser size={16} />
                <Text size="sm">{c.teacherName}</Text>
              </Group>
              <Group gap={6} wrap="nowrap">
                <IconChalkboard size={16} />
                <Text size="sm">
                  {c.classroomNumber ? `${t('columns.room')} ${c.classroomNumber}` : t('details.online')}
                </Text>
              </Group>
              <Group gap={6} wrap="nowrap">
                <IconCalendarEvent size={16} />
                <Text size="sm">
                  {c.nextSessionStart
                    ? t('panel.next', { when: formatEpoch(c.nextSessionStart) })
                    : t('panel.noNext')}
                </Text>
              </Group>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      {/* finance (issue 11): the student's own balance per class and deposits. */}
      <OwnMoneySection />
    </>
  );
}
