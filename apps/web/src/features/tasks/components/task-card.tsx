import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { StaffTaskKey } from '@tutoria/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { taskLinks } from './task-links';

/** One task group: its count, what it is, and a link to the screen where it is done. */
export function TaskCard({ taskKey, count }: { taskKey: StaffTaskKey; count: number }) {
  const { t } = useTranslation('tasks');
  const titleId = useId();
  const title = t(`groups.${taskKey}.title`);
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby={titleId}
      data-testid={`task-${taskKey}`}
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h5" id={titleId}>
            {title}
          </Title>
          <Badge
            size="lg"
            color={count > 0 ? 'orange' : 'gray'}
            variant={count > 0 ? 'filled' : 'light'}
            data-testid="task-count"
          >
            {count}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {t(`groups.${taskKey}.hint`)}
        </Text>
        <Group justify="flex-end">
          <Button
            component={Link}
            to={taskLinks[taskKey]}
            variant="light"
            size="sm"
            aria-label={t('openGroup', { group: title })}
          >
            {t('open')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
