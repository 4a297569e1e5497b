import { Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { usersContract } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { api } from '@/lib/api-client';
import { academicKeys } from '@/lib/query-keys';
import { href } from '@/lib/routes';
import { StudentReport } from '../components/report/student-report';

/** `users/report/{key}`: a student's main report for staff within scope (the server narrows every figure). */
export function UserReportPage() {
  const { t } = useTranslation(['common', 'reports']);
  const { key = '' } = useParams();
  const person = useQuery({
    queryKey: academicKeys.reportPerson(key),
    queryFn: ({ signal }) => api.call(usersContract.get, { query: { publicKey: key } }, { signal }),
    meta: { silent: true },
  });
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={href('adminUsers')} size="sm" c="dimmed" mb={4}>
        ← {t('titles.adminUsers')}
      </Anchor>
      <PageHeader
        title={person.data ? t('reports:of', { name: person.data.fullName }) : t('titles.adminUserReport')}
        description={t('reports:staffDescription')}
      />
      <StudentReport studentKey={key} />
    </Stack>
  );
}
