import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import { Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { Dashboard, DashboardWeekDay } from '@tutoria/shared';
import { memo, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeferredBarChart } from '@/components/deferred-chart';
import { TableScroll } from '@/components/scroll-region';
import { useRoleCounts } from '@/features/users';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { paths } from '@/lib/paths';

const CHART_HEIGHT = 300;

/** A local day `YYYY-MM-DD` as "Mon 24 Nov" in the user's language (the day is already the centre's). */
export function dayLabel(date: string, language: ReturnType<typeof currentLanguage>): string {
  return new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * This week's hours per day, held and booked: a chart named for screen readers, and its table.
 * Memoised: the page's other answers arriving do not draw the chart again.
 */
export const WeekHours = memo(function WeekHours({ week }: { week: Dashboard['week'] | undefined }) {
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
export function RoleCounts() {
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
