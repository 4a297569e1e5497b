import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth/api/get-user';
import { AccountCard } from '../components/account-card';

export function UsersPage() {
  const { t } = useTranslation('users');
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={t('page.title')} description={t('page.subtitle')} />
      {user ? <AccountCard user={user} /> : null}
    </>
  );
}
