import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ChangePasswordForm } from '../components/change-password-form';

export function AccountPage() {
  const { t } = useTranslation('auth');
  return (
    <>
      <PageHeader title={t('account.title')} description={t('account.subtitle')} />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560}>
        <Title order={3} size="h4">
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
