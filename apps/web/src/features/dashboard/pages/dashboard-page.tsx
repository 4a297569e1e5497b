import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import {
  Badge,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBook,
  IconBooks,
  IconSchool,
  IconUserQuestion,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type CurrentUser, lessonsContract, type Permission, specificationsContract } from '@tutoria/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/features/auth';
import { useRoleCounts } from '@/features/users';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys';

const CHART_HEIGHT = 360;

function Figure({
  label,
  value,
  icon,
  color,
  testId,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  color: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
            {label}
          </Text>
          <Text fz={30} fw={700} lh={1.1}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** The total of a list the caller may read (lessons, courses), from a one-row page. */
function useListTotal(
  endpoint: typeof lessonsContract.list | typeof specificationsContract.list,
  permission: Permission,
  me: CurrentUser,
) {
  return useQuery({
    queryKey: dashboardKeys.listTotal(endpoint.name),
    queryFn: ({ signal }) => api.call(endpoint, { body: { page: { index: 1, size: 1 } } }, { signal }),
    enabled: me.permissions.includes(permission),
    select: (result) => result.totalCount,
  });
}

export function DashboardPage() {
  const me = useCurrentUser();
  if (!me) return <PageLoader />;
  return <Dashboard me={me} />;
}

function Dashboard({ me }: { me: CurrentUser }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const counts = useRoleCounts();
  const lessons = useListTotal(lessonsContract.list, 'lessons.read', me);
  const courses = useListTotal(specificationsContract.list, 'lessons.read', me);
  const data = counts.data;
  const students = data?.roles.find((r) => r.role === 'Student');
  const staffActive = data?.roles.filter((r) => r.role !== 'Student').reduce((sum, r) => sum + r.active, 0);
  const number = (value: number | undefined) => (value === undefined ? <Skeleton h={30} w={60} /> : value);
  // Not `role`: each field of a row reaches its bar's SVG path, and `role` there is an ARIA role.
  const chart = (data?.roles ?? []).map((r) => ({
    roleName: tc(`roles.${r.role}`),
    active: r.active,
    disabled: r.disabled,
    archived: r.archived,
  }));

  return (
    <>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" mb="md">
        <Figure
          testId="figure-users"
          label={t('figures.users')}
          value={number(data?.total)}
          icon={<IconUsers size={24} />}
          color="indigo"
        />
        <Figure
          testId="figure-students"
          label={t('figures.activeStudents')}
          value={number(students?.active)}
          icon={<IconSchool size={24} />}
          color="grape"
        />
        <Figure
          testId="figure-staff"
          label={t('figures.activeStaff')}
          value={number(staffActive)}
          icon={<IconUsersGroup size={24} />}
          color="teal"
        />
        <Figure
          testId="figure-no-consultant"
          label={t('figures.withoutConsultant')}
          value={number(data?.studentsWithoutConsultant)}
          icon={<IconUserQuestion size={24} />}
          color="orange"
        />
        {me.permissions.includes('lessons.read') ? (
          <>
            <Figure
              testId="figure-lessons"
              label={t('figures.lessons')}
              value={number(lessons.data)}
              icon={<IconBook size={24} />}
              color="blue"
            />
            <Figure
              testId="figure-courses"
              label={t('figures.courses')}
              value={number(courses.data)}
              icon={<IconBooks size={24} />}
              color="cyan"
            />
          </>
        ) : null}
      </SimpleGrid>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder radius="lg" p="lg" h="100%">
            <Title order={3} size="h5" mb="md">
              {t('chart.title')}
            </Title>
            {data ? (
              // One bar a row, each role's name on its own line: eight names side by side overlapped
              // on a phone (issue 27); the count axis has whole numbers only.
              <BarChart
                h={CHART_HEIGHT}
                data={chart}
                dataKey="roleName"
                orientation="vertical"
                type="stacked"
                withLegend
                // The legend in the series' order, not sorted by name.
                legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
                xAxisProps={{ allowDecimals: false }}
                yAxisProps={{ width: 'auto', interval: 0 }}
                // Names the chart for the keyboard layer Recharts puts on it (its svg is focusable).
                barChartProps={{ title: t('chart.title') }}
                series={[
                  { name: 'active', label: t('chart.active'), color: 'teal.6' },
                  { name: 'disabled', label: t('chart.disabled'), color: 'orange.5' },
                  { name: 'archived', label: t('chart.archived'), color: 'gray.5' },
                ]}
              />
            ) : (
              <Skeleton h={CHART_HEIGHT} />
            )}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder radius="lg" p="lg" h="100%">
            <Title order={3} size="h5" mb="md">
              {t('roles.title')}
            </Title>
            <Stack gap="xs" data-testid="role-counts">
              {(data?.roles ?? []).map((r) => (
                <Group key={r.role} justify="space-between" wrap="nowrap">
                  <Text size="sm">{tc(`roles.${r.role}`)}</Text>
                  <Group gap={6} wrap="nowrap">
                    {r.disabled ? (
                      <Badge size="sm" variant="light" color="orange">
                        {t('roles.disabled', { count: r.disabled })}
                      </Badge>
                    ) : null}
                    {r.archived ? (
                      <Badge size="sm" variant="light" color="gray">
                        {t('roles.archived', { count: r.archived })}
                      </Badge>
                    ) : null}
                    <Text size="sm" fw={700} w={32} ta="right" data-role={r.role}>
                      {r.active}
                    </Text>
                  </Group>
                </Group>
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
