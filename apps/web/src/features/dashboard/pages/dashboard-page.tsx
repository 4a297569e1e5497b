import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import {
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconCash,
  IconClockHour4,
  IconHourglass,
  IconLock,
  IconSchool,
  IconUsers,
} from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CurrentUser, type Dashboard, dashboardContract, type DashboardWeekDay } from '@tutoria/shared';
import { memo, type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeferredBarChart } from '@/components/deferred-chart';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { TableScroll } from '@/components/scroll-region';
import { ensureCurrentUser, useCurrentUser } from '@/features/auth';
import { roleCountsQuery, useRoleCounts } from '@/features/users';
import { api } from '@/lib/api-client';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { dashboardKeys } from '@/lib/query-keys';
import { href } from '@/lib/routes';

const CHART_HEIGHT = 300;

/** A figure of the day; the whole card links to the list behind it. */
function Figure({
  label,
  value,
  detail,
  icon,
  color,
  to,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail: string;
  icon: ReactNode;
  color: string;
  to: string;
  testId: string;
}) {
  return (
    <Paper component={Link} to={to} withBorder radius="lg" p="lg" data-testid={testId} td="none" c="inherit">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
            {label}
          </Text>
          {/* A sum of money ("CN¥306,875.00") is longer than a count: smaller, and never out of the card. */}
          <Text
            fz={typeof value === 'string' && value.length > 9 ? 22 : 30}
            fw={700}
            lh={1.1}
            style={{ overflowWrap: 'anywhere' }}
            data-testid={`${testId}-value`}
          >
            {value}
          </Text>
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color} style={{ flexShrink: 0 }} aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

export function DashboardPage() {
  const me = useCurrentUser();
  if (!me) return <PageLoader />;
  return <DashboardView me={me} />;
}

/** A local day `YYYY-MM-DD` as "Mon 24 Nov" in the user's language (the day is already the centre's). */
function dayLabel(date: string, language: ReturnType<typeof currentLanguage>): string {
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
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

function FinanceCards({ finance }: { finance: NonNullable<Dashboard['finance']> }) {
  const { t } = useTranslation('dashboard');
  const language = currentLanguage();
  return (
    <>
      <Figure
        testId="card-money-in"
        label={t('cards.moneyIn')}
        value={formatMoney(finance.moneyIn, language)}
        detail={t('cards.moneyInDetail', { month: finance.month })}
        icon={<IconCash size={24} />}
        color="green"
        to={`${paths.financeDeposit.path}?state=confirmed&confirmedIn=${finance.month}`}
      />
      <Figure
        testId="card-debtors"
        label={t('cards.debtors')}
        value={formatNumber(finance.debtors, language)}
        detail={t('cards.debtorsDetail')}
        icon={<IconAlertTriangle size={24} />}
        color="red"
        to={paths.financeDebtors.path}
      />
    </>
  );
}

/**
 * This week's hours per day, held and booked: a chart named for screen readers, and its table.
 * Memoised: the page's other answers arriving do not draw the chart again.
 */
const WeekHours = memo(function WeekHours({ week }: { week: Dashboard['week'] | undefined }) {
  const { t } = useTranslation('dashboard');
  const language = currentLanguage();
  const tableId = useId();
  const rows = useMemo(
    () =>
      (week?.days ?? []).map((x: DashboardWeekDay) => ({
        ...x,
        dayName: dayLabel(x.date, language),
      })),
    [week, language],
  );
  return (
    <Paper withBorder radius="lg" p="lg" h="100%" data-testid="week-hours">
      <Title order={2} size="h5" mb="md">
        {t('week.title')}
      </Title>
      {week ? (
        <>
          <DeferredBarChart
            h={CHART_HEIGHT}
            data={rows}
            dataKey="dayName"
            type="stacked"
            withLegend
            legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
            valueFormatter={(value) => formatNumber(value, language)}
            series={[
              { name: 'heldHours', label: t('week.held'), color: 'teal.6' },
              { name: 'bookedHours', label: t('week.booked'), color: 'indigo.4' },
            ]}
            label={t('week.title')}
            describedBy={tableId}
          />
          <TableScroll minWidth={280} mt="md" label={t('week.tableCaption')}>
            <Table striped data-testid="week-hours-table" id={tableId}>
              <Table.Caption>{t('week.tableCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('week.day')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('week.held')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('week.booked')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.date}>
                    <Table.Th scope="row" fw={400}>
                      {row.dayName}
                    </Table.Th>
                    <Table.Td ta="right">{formatNumber(row.heldHours, language)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(row.bookedHours, language)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr fw={700}>
                  <Table.Th scope="row">{t('week.total')}</Table.Th>
                  <Table.Td ta="right">{formatNumber(week.heldHours, language)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(week.bookedHours, language)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </TableScroll>
        </>
      ) : (
        <Skeleton h={CHART_HEIGHT} />
      )}
    </Paper>
  );
});

/** The users per role and state the caller may see (GetCountOfEachRole): a chart and its table. */
function RoleCounts() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const tableId = useId();
  const counts = useRoleCounts();
  const data = counts.data;
  // Not `role`: each field of a row reaches its bar's SVG path, and `role` there is an ARIA role.
  const chart = useMemo(
    () =>
      (data?.roles ?? []).map((r) => ({
        roleName: tc(`roles.${r.role}`),
        active: r.active,
        disabled: r.disabled,
        archived: r.archived,
      })),
    [data, tc],
  );
  return (
    <Paper withBorder radius="lg" p="lg" h="100%" data-testid="role-chart">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h5">
          {t('chart.title')}
        </Title>
        <Group gap="md">
          <Text size="sm" data-testid="figure-users">
            <IconUsers size={14} aria-hidden /> {t('figures.users')}: <b>{data?.total ?? '…'}</b>
          </Text>
          <Text size="sm" c="dimmed">
            {t('figures.withoutConsultant')}: {data?.studentsWithoutConsultant ?? '…'}
          </Text>
        </Group>
      </Group>
      {data ? (
        <>
          {/* One bar a row, each role's name on its own line (issue 27); whole numbers only. */}
          <DeferredBarChart
            h={CHART_HEIGHT + 60}
            data={chart}
            dataKey="roleName"
            orientation="vertical"
            type="stacked"
            withLegend
            legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
            xAxisProps={{ allowDecimals: false }}
            yAxisProps={{ width: 'auto', interval: 0 }}
            series={[
              { name: 'active', label: t('chart.active'), color: 'teal.6' },
              { name: 'disabled', label: t('chart.disabled'), color: 'orange.5' },
              { name: 'archived', label: t('chart.archived'), color: 'gray.5' },
            ]}
            label={t('chart.title')}
            describedBy={tableId}
          />
          <TableScroll minWidth={260} mt="md" label={t('chart.tableCaption')}>
            <Table striped data-testid="role-counts" id={tableId}>
              <Table.Caption>{t('chart.tableCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('chart.role')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('chart.active')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('chart.disabled')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('chart.archived')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.roles.map((r) => (
                  <Table.Tr key={r.role}>
                    <Table.Th scope="row" fw={400}>
                      <Link to={`${paths.adminUsers.path}?role=${r.role}`}>{tc(`roles.${r.role}`)}</Link>
                    </Table.Th>
                    <Table.Td ta="right" data-role={r.role}>
                      {r.active}
                    </Table.Td>
                    <Table.Td ta="right">{r.disabled}</Table.Td>
                    <Table.Td ta="right">{r.archived}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </>
      ) : (
        <Skeleton h={CHART_HEIGHT} />
      )}
    </Paper>
  );
}
