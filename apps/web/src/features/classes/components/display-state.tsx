import '@mantine/core/styles/Badge.layer.css';
import { Badge, Box, Group, Text } from '@mantine/core';
import { type SessionDisplayState, sessionDisplayColours, sessionDisplayStates } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { readableOn } from '@/lib/colours';

export function DisplayStateBadge({ state }: { state: SessionDisplayState }) {
  const { t } = useTranslation('classes');
  const colour = sessionDisplayColours[state];
  return (
    <Badge
      radius="sm"
      miw="max-content"
      style={readableOn(colour)}
      data-display-state={state}
    >
      {t(`displayStates.${state}`)}
    </Badge>
  );
}

/** SPEC §4's session display states and colours. */
export function DisplayLegend() {
  const { t } = useTranslation('classes');
  return (
    <Group gap="md" wrap="wrap" role="list" aria-label={t('displayStates.legend')}>
      {sessionDisplayStates.map((state) => (
        <Group key={state} gap={6} wrap="nowrap" role="listitem">
          <Box w={12} h={12} style={{ borderRadius: 3, background: readableOn(sessionDisplayColours[state]).background }} />
          <Text size="xs" c="dimmed">
            {t(`displayStates.${state}`)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
