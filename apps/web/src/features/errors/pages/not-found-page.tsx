import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import classes from './not-found-page.module.css';

/** The router keeps its own history index; without an earlier in-app entry, going back means going home. */
function hasInAppHistory(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => void (hasInAppHistory() ? navigate(-1) : navigate(paths.landing.path));

  return (
    <Center py={96} px="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Text className={classes.code} aria-hidden>
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed" size="lg">
          {t('notFound.body')}
        </Text>
        <Button size="md" leftSection={<IconArrowLeft size={18} />} onClick={goBack} mt="sm">
          {t('notFound.goBack')}
        </Button>
      </Stack>
    </Center>
  );
}
