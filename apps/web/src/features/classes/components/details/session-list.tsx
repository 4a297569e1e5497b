import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ClassroomDetails } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionRecordsButton } from '@/features/academic';
import type { ClassActions } from '../../hooks/use-class-actions';
import type { ClassAbilities } from '../../lib/abilities';
import { DisplayLegend } from '../display-state';
import { SessionCard, sessionActions } from '../session-card';
import { sessionWindow } from './session-window';

/**
 * The class's sessions in time order, each with what the caller may do with it. A long class opens
 * on its next sessions (with the few before them) and draws the rest on demand, a page at a time:
 * drawing a 100-session class's cards at once held the page for ~290 ms (issue 30).
 */
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
  const [showEarlier, setShowEarlier] = useState(false);
  const [laterPages, setLaterPages] = useState(0);
  const sessions = details.times;
  const shown = sessionWindow(sessions, Date.now() / 1000, { showEarlier, laterPages });
  const earlier = shown.start;
  const later = sessions.length - shown.end;
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4">
          {t('details.sessions', { count: sessions.length })}
        </Title>
        <DisplayLegend />
      </Group>
      <Stack gap="xs">
        {earlier > 0 ? (
          <Button variant="subtle" size="xs" onClick={() => setShowEarlier(true)}>
            {t('details.showEarlier', { count: earlier })}
          </Button>
        ) : null}
        {sessions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('details.noSessions')}
          </Text>
        ) : null}
        {sessions.slice(shown.start, shown.end).map((session, i) => (
          <SessionCard
            key={session.sessionId}
            session={session}
            index={shown.start + i}
            details={details}
            actions={sessionActions(session, can, can.live)}
            onAction={(action) => actions.onSessionAction(session, action)}
            extra={<SessionRecordsButton session={session} classLive={can.live} />}
          />
        ))}
        {later > 0 ? (
          <Button variant="subtle" size="xs" onClick={() => setLaterPages((pages) => pages + 1)}>
            {t('details.showLater', { count: Math.min(later, shown.pageSize), left: later })}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
