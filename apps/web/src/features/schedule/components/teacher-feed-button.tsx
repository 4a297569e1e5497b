import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import { ActionIcon, Button, CopyButton, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCalendarShare, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTeacherCalendarFeed } from '../api/timetable';

/**
 * "Calendar feed" of the one teacher the schedule is filtered by (issue 29, staff): makes the
 * caller's own address of that teacher's feed (asking again replaces it) and shows it once to copy.
 */
export function TeacherFeedButton({
  teacherPublicKey,
  teacherName,
}: {
  teacherPublicKey: string;
  teacherName: string;
}) {
  const { t } = useTranslation('schedule');
  const feed = useTeacherCalendarFeed();
  const url = feed.data?.url ?? '';
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconCalendarShare size={16} />}
        loading={feed.isPending}
        onClick={() => feed.mutate(teacherPublicKey)}
      >
        {t('feed.button')}
      </Button>
      <Modal
        opened={Boolean(url)}
        onClose={() => feed.reset()}
        title={t('feed.title', { name: teacherName })}
        centered
      >
        <Stack gap="sm">
          <TextInput
            readOnly
            value={url}
            label={t('feed.link')}
            description={t('feed.onlyOnce')}
            data-testid="teacher-feed-url"
            onFocus={(e) => e.currentTarget.select()}
            rightSection={
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('feed.copied') : t('feed.copy')} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label={t('feed.copy')}
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            }
          />
          <Text size="xs" c="dimmed">
            {t('feed.help')}
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
