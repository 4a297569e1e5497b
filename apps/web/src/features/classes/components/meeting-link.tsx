import { Anchor, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An online class's meeting link, opened in a new tab; a dimmed note when there is none yet. */
export function MeetingLink({ url, size = 'sm' }: { url: string | null; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('classes');
  if (!url) {
    return (
      <Text size={size} c="dimmed">
        {t('meetingLink.none')}
      </Text>
    );
  }
  // At least 24 px tall (WCAG 2.5.8): a small link in a table row otherwise sits 17 px high.
  return (
    <Anchor
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      size={size}
      fw={500}
      title={url}
      style={{ display: 'inline-flex', alignItems: 'center', minHeight: 24 }}
    >
      <IconVideo size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} aria-hidden />
      {t('meetingLink.join')}
    </Anchor>
  );
}
