import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The sign-in page's title and one line under it. */
export function LoginHeading() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap={6} mb="xl">
      <Title order={1} fz={30}>
        {t('login.title')}
      </Title>
      <Text c="dimmed">{t('login.subtitle')}</Text>
    </Stack>
  );
}
