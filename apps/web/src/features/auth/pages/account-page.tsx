import { Box, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { AccountCard } from '../components/account-card';
import { useCurrentUser } from '../api/get-user';
import { ChangePasswordForm } from '../components/change-password-form';

export function AccountPage() {
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={t('account.title')} description={t('account.subtitle')} />
      {/* The signed-in user's own record (it used to sit on the users page before the users screen). */}
      {user ? (
        <Box mb="lg" maw={960}>
          <AccountCard user={user} />
        </Box>
      ) : null}
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560}>
        <Title order={2} size="h4">
          {t('account.changePassword')}
        </Title>
        <Text size="sm" c="dimmed" mt={4} mb="lg">
          {t('account.changePasswordHint')}
        </Text>
        <ChangePasswordForm />
      </Paper>
    </>
  );
}
