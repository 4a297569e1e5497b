import '@mantine/core/styles/Alert.layer.css';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { CurrentUser } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { canOpen, paths, safeRedirect } from '@/lib/paths';
import { getStoredUser } from '@/lib/auth-storage';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirect');
  // Someone already signed in only reaches this page when sent from a page their account may not open.
  const current = getStoredUser();
  const refused = current && redirectTo && !canOpen(current, redirectTo) ? current : null;

  const onSignedIn = (user: CurrentUser) => {
    const home = user.isAdmin ? paths.admin.path : paths.panel.path;
    void navigate(safeRedirect(redirectTo, user) ?? home, { replace: true });
  };

  return (
    <>
      <Stack gap={6} mb="xl">
        <Title order={1} fz={30}>
          {t('login.title')}
        </Title>
        <Text c="dimmed">{t('login.subtitle')}</Text>
      </Stack>
      {refused ? (
        <Alert color="orange" variant="light" icon={<IconInfoCircle />} mb="lg">
          {t('login.switchAccount', { name: refused.fullName })}
        </Alert>
      ) : null}
      <LoginForm onSignedIn={onSignedIn} />
    </>
  );
}
