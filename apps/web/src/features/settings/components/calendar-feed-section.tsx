import '@mantine/core/styles/Tooltip.layer.css';
import { ActionIcon, Button, CopyButton, Group, List, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCalendarShare, IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CalendarFeedLink } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatEpoch } from '@/lib/format';
import { calendarFeedQueryOptions, useResetCalendarFeed } from '../api/settings';
import { SettingsSection } from './settings-section';

/**
 * "Calendar feed" (issue 29): a private subscription address of one's own sessions for Google
 * Calendar, Outlook or Apple Calendar. The server keeps only a hash of its token, so the address
 * shows once, when made; making a new one (after a confirm) stops the old one.
 */
export function CalendarFeedSection() {
  const { t } = useTranslation('settings');
  const state = useQuery(calendarFeedQueryOptions());
  const reset = useResetCalendarFeed();
  const [made, setMade] = useState<CalendarFeedLink | null>(null);
  const [confirming, setConfirming] = useState(false);
  const make = () =>
    reset.mutate(undefined, {
      onSuccess: (link) => {
        setMade(link);
        setConfirming(false);
      },
    });
  return (
    <SettingsSection title={t('calendarFeed.title')} description={t('calendarFeed.intro')}>
      <Stack gap="sm" data-testid="calendar-feed">
        {made ? (
          <TextInput
            readOnly
            value={made.url}
            label={t('calendarFeed.link')}
            description={t('calendarFeed.onlyOnce')}
            data-testid="calendar-feed-url"
            onFocus={(e) => e.currentTarget.select()}
            rightSection={
              <CopyButton value={made.url}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('calendarFeed.copied') : t('calendarFeed.copy')} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label={t('calendarFeed.copy')}
                      data-testid="calendar-feed-copy"
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            }
          />
        ) : state.data?.active && state.data.createdAt !== null ? (
          <Text size="sm">{t('calendarFeed.active', { date: formatEpoch(state.data.createdAt) })}</Text>
        ) : null}
        <Text size="sm" fw={500}>
          {t('calendarFeed.howTo')}
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>{t('calendarFeed.google')}</List.Item>
          <List.Item>{t('calendarFeed.outlook')}</List.Item>
          <List.Item>{t('calendarFeed.apple')}</List.Item>
        </List>
        <Text size="xs" c="dimmed">
          {t('calendarFeed.privacy')}
        </Text>
        <Group>
          {state.data?.active || made ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconRefresh size={16} />}
              onClick={() => setConfirming(true)}
            >
              {t('calendarFeed.reset')}
            </Button>
          ) : (
            <Button
              leftSection={<IconCalendarShare size={16} />}
              loading={reset.isPending}
              disabled={state.isPending}
              onClick={make}
            >
              {t('calendarFeed.create')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('calendarFeed.resetTitle')}
        message={t('calendarFeed.resetBody')}
        confirmLabel={t('calendarFeed.reset')}
        cancelLabel={t('calendarFeed.cancel')}
        loading={reset.isPending}
        onConfirm={make}
        onClose={() => setConfirming(false)}
      />
    </SettingsSection>
  );
}
