import '@mantine/core/styles/Badge.layer.css';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth';
import { formatSpan } from '@/lib/format';
import { useMissingRecords } from '../api/reports';

/**
 * Class details, for those who record: the held sessions still missing a homework, exam, teaching
 * or review decision (neither a record nor its WithOut… flag), so nothing is forgotten before
 * confirming. Shows nothing when every held session is decided.
 */
export function MissingRecordsSection({ classroomId }: { classroomId: string }) {
  const { t } = useTranslation('reports');
  const user = useCurrentUser();
  const records = (user?.permissions ?? []).includes('sessions.record');
  const { data } = useMissingRecords(classroomId, records);
  if (!data?.sessions.length) return null;
  return (
    <Paper withBorder radius="lg" p="md" mt="lg" data-testid="missing-records">
      <Stack gap="xs">
        <Title order={2} size="h4">{t('missing.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('missing.description')}
        </Text>
        {data.sessions.map((s) => (
          <Group key={s.sessionId} justify="space-between" gap="sm" data-testid="missing-session">
            <Text size="sm">{formatSpan(s.start, s.end)}</Text>
            <Group gap={6}>
              {s.missing.map((kind) => (
                <Badge key={kind} color="orange" variant="light">
                  {t(`missing.kinds.${kind}`)}
                </Badge>
              ))}
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
