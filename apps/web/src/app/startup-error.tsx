import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown when the start-up settings cannot be loaded: nothing else can work without them. */
export function StartupError() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="orange">
          <IconPlugConnectedX size={34} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('startup.title')}
        </Title>
        <Text c="dimmed">{t('startup.body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('startup.retry')}</Button>
      </Stack>
    </Center>
  );
}
