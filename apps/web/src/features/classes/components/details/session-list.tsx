import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ClassroomDetails } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionRecordsButton } from '@/features/academic';
import type { ClassActions } from '../../hooks/use-class-actions';
import type { ClassAbilities } from '../../lib/abilities';
import { DisplayLegend } from '../display-state';
import { SessionCard, sessionActions } from '../session-card';

/** A long class opens on its upcoming sessions (with the four before them); the rest on demand. */
const SHOWN_AT_ONCE = 12;
const EARLIER_SHOWN = 4;

/** The class's sessions in time order, each with what the caller may do with it. */
export function SessionList({
  details,
  can,
  actions,
}: {
  details: ClassroomDetails;
  can: ClassAbilities;
  actions: ClassActions;
}) {
  const { t } = useTranslation('classes');
  const [showAll, setShowAll] = useState(false);
  const sessions = details.times;
  const now = Date.now() / 1000;
  const firstUpcoming = sessions.findIndex((s) => s.end > now);
  const visible =
    showAll || sessions.length <= SHOWN_AT_ONCE
      ? sessions
      : sessions.slice(Math.max(0, (firstUpcoming < 0 ? sessions.length : firstUpcoming) - EARLIER_SHOWN));
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4">
          {t('details.sessions', { count: sessions.length })}
        </Title>
        <DisplayLegend />
      </Group>
      <Stack gap="xs">
        {visible.length < sessions.length ? (
          <Button variant="subtle" size="xs" onClick={() => setShowAll(true)}>
            {t('details.showEarlier', { count: sessions.length - visible.length })}
          </Button>
        ) : null}
        {sessions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('details.noSessions')}
          </Text>
        ) : null}
        {visible.map((session) => (
          <SessionCard
            key={session.sessionId}
            session={session}
            index={sessions.indexOf(session)}
            details={details}
            actions={sessionActions(session, can, can.live)}
            onAction={(action) => actions.onSessionAction(session, action)}
            extra={<SessionRecordsButton session={session} classLive={can.live} />}
          />
        ))}
      </Stack>
    </Paper>
  );
}
