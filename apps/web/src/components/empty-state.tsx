import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** 'There is no item' (SPEC §5), for a list or page with nothing to show yet. */
export function EmptyState() {
  const { t } = useTranslation('messages');
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconInbox size={30} stroke={1.5} />
        </ThemeIcon>
        <Text c="dimmed" fw={500}>
          {t('noItem')}
        </Text>
      </Stack>
    </Paper>
  );
}
