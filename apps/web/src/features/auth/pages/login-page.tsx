import '@mantine/core/styles/Alert.layer.css';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { CurrentUser } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { canOpen, signedInTarget } from '@/lib/paths';
import { getStoredUser } from '@/lib/auth-storage';
import { LoginForm } from '../components/login-form';
import { LoginHeading } from '../components/login-heading';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get('redirect');
  // Someone already signed in only reaches this page when sent from a page their account may not open.
  const current = getStoredUser();
  const refused = current && redirectTo && !canOpen(current, redirectTo) ? current : null;

  const onSignedIn = (user: CurrentUser) => {
    void navigate(signedInTarget(redirectTo, user), { replace: true });
  };

  return (
    <>
      <LoginHeading />
      {refused ? (
        <Alert color="orange" variant="light" icon={<IconInfoCircle />} mb="lg">
          {t('login.switchAccount', { name: refused.fullName })}
        </Alert>
      ) : null}
      <LoginForm onSignedIn={onSignedIn} />
    </>
  );
}
