import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Grid, SimpleGrid, Skeleton } from '@mantine/core';
import { IconCalendarEvent, IconClockHour4, IconHourglass, IconLock, IconSchool } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CurrentUser, dashboardContract } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { ensureCurrentUser, useCurrentUser } from '@/features/auth';
import { roleCountsQuery } from '@/features/users';
import { api } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { dashboardKeys } from '@/lib/query-keys';
import { href } from '@/lib/routes';
import { dayLabel, RoleCounts, WeekHours } from '../components/dashboard-charts';
import { FinanceCards, Figure } from '../components/dashboard-figures';

export function DashboardPage() {
  const me = useCurrentUser();
  if (!me) return <PageLoader />;
  return <DashboardView me={me} />;
}

const dashboardDayQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.day,
    queryFn: ({ signal }) => api.call(dashboardContract.get, undefined, { signal }),
  });

/**
 * The dashboard's figures and role counts asked for while its code arrives (issue 30): the page
 * draws once with them. The cards a role's answer adds (new students, money) and the role table
 * used to arrive after the first draw and push the charts down (a layout shift of 0.08). Silent:
 * the page asks again itself and says what failed, once.
 */
export async function dashboardPageLoader() {
  const me = await ensureCurrentUser();
  await Promise.all([
    queryClient.prefetchQuery({ ...dashboardDayQuery(), meta: { silent: true } }),
    me.permissions.includes('users.read')
      ? queryClient.prefetchQuery({ ...roleCountsQuery(), meta: { silent: true } })
      : null,
  ]);
  return null;
}

function DashboardView({ me }: { me: CurrentUser }) {
  const { t } = useTranslation('dashboard');
  const language = currentLanguage();
  const day = useQuery(dashboardDayQuery());
  const d = day.data;
  const number = (value: number | undefined) =>
    value === undefined ? <Skeleton h={30} w={60} /> : formatNumber(value, language);
  const subtitle = d ? t('subtitle', { date: dayLabel(d.today.date, language) }) : '';

  return (
    <>
      <PageHeader title={t('title')} description={subtitle} />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" mb="md">
        <Figure
          testId="card-today"
          label={t('cards.today')}
          value={number(d && d.today.held + d.today.toRecord + d.today.upcoming + d.today.cancelled)}
          detail={d ? t('cards.todayDetail', d.today) : ''}
          icon={<IconCalendarEvent size={24} />}
          color="indigo"
          to={
            d
              ? `${paths.classUpcoming.path}?from=${d.today.date}&to=${d.today.date}`
              : paths.classUpcoming.path
          }
        />
        <Figure
          testId="card-week"
          label={t('cards.week')}
          value={number(d && d.week.heldHours + d.week.bookedHours)}
          detail={
            d
              ? t('cards.weekDetail', {
                  held: formatNumber(d.week.heldHours, language),
                  booked: formatNumber(d.week.bookedHours, language),
                })
              : ''
          }
          icon={<IconClockHour4 size={24} />}
          color="teal"
          to={
            d ? `${paths.classUpcoming.path}?from=${d.week.from}&to=${d.week.to}` : paths.classUpcoming.path
          }
        />
        <Figure
          testId="card-waiting"
          label={t('cards.waiting')}
          value={number(d?.waitingForAdmin)}
          detail={t('cards.waitingDetail')}
          icon={<IconHourglass size={24} />}
          color="orange"
          to={href('adminReports', { key: 'tasks' })}
        />
        <Figure
          testId="card-reserved"
          label={t('cards.reserved')}
          value={number(d?.reserved)}
          detail={t('cards.reservedDetail')}
          icon={<IconLock size={24} />}
          color="grape"
          to={paths.classUpcoming.path}
        />
        {d?.students ? (
          <Figure
            testId="card-new-students"
            label={t('cards.newStudents')}
            value={number(d.students.newThisMonth)}
            detail={t('cards.newStudentsDetail')}
            icon={<IconSchool size={24} />}
            color="blue"
            to={`${paths.adminUsers.path}?role=Student`}
          />
        ) : null}
        {d?.finance ? <FinanceCards finance={d.finance} /> : null}
      </SimpleGrid>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: me.permissions.includes('users.read') ? 6 : 12 }}>
          <WeekHours week={d?.week} />
        </Grid.Col>
        {me.permissions.includes('users.read') ? (
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <RoleCounts />
          </Grid.Col>
        ) : null}
      </Grid>
    </>
  );
}
