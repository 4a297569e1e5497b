import '@mantine/core/styles/Badge.layer.css';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatSpan } from '@/lib/format';
import type { ProposedTime, TimeCheck } from '../../lib/proposed-times';

/** The proposed sessions in time order, each with what the last check found. */
export function ProposedTimesList({
  value,
  onChange,
  check,
}: {
  value: ProposedTime[];
  onChange: (value: ProposedTime[]) => void;
  check: TimeCheck | null;
}) {
  const { t } = useTranslation('classes');
  return (
    <Stack gap={6} aria-label={t('picker.list')}>
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {t('picker.count', { count: value.length })}
        </Text>
        {value.length ? (
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => onChange([])}>
            {t('picker.clear')}
          </Button>
        ) : null}
      </Group>
      {[...value]
        .sort((a, b) => a.start - b.start)
        .map((p) => {
          const conflicts = check?.conflicts[p.key] ?? [];
          return (
            <Paper key={p.key} withBorder radius="md" px="sm" py={6} data-testid="proposed-time">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      {formatSpan(p.start, p.end)}
                    </Text>
                    {check ? (
                      conflicts.length ? (
                        <Badge color="red" radius="sm" leftSection={<IconAlertTriangle size={12} />}>
                          {t('picker.conflicts', { count: conflicts.length })}
                        </Badge>
                      ) : (
                        <Badge color="teal" variant="light" radius="sm" leftSection={<IconCheck size={12} />}>
                          {t('picker.free')}
                        </Badge>
                      )
                    ) : null}
                  </Group>
                  {conflicts.map((c, i) => (
                    <Text key={i} size="xs" c="red.7">
                      {c.message}
                    </Text>
                  ))}
                </Stack>
                <Tooltip label={t('picker.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('picker.remove')}
                    onClick={() => onChange(value.filter((x) => x.key !== p.key))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          );
        })}
    </Stack>
  );
}
