import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One report on the report page: its title, then a skeleton, the not-found text, nothing-yet, or the report. */
export function ReportCard({
  title,
  testId,
  loading,
  failed,
  empty,
  children,
}: {
  title: string;
  testId: string;
  loading: boolean;
  failed: boolean;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('reports');
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {loading ? (
          <Skeleton h={180} radius="md" />
        ) : failed ? (
          <Text c="dimmed">{t('failed')}</Text>
        ) : empty ? (
          <Text c="dimmed">{t('nothingYet')}</Text>
        ) : (
          children
        )}
      </Stack>
    </Paper>
  );
}
