import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import 'mantine-datatable/styles.layer.css';
import { Anchor, Stack, Text } from '@mantine/core';
import type { ClassSessionRow, SessionTimeState } from '@tutoria/shared';
import dayjs from 'dayjs';
import { DataTable } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '@/lib/paths';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth';
import { toEpoch } from '@/lib/time';
import { formatEpoch } from '@/lib/format';
import { useSessionsByDate } from '../api/classes';
import { ClassFilters, type ClassFilterValues, emptyFilters } from '../components/class-filters';
import { DisplayLegend, DisplayStateBadge } from '../components/display-state';
import { useServerTableProps } from '@/components/server-table';
import { rangeToEpoch } from '../lib/dates';

const DEFAULT_WEEKS = 8;

/**
 * `class/upcoming` and the student's `/panel/upcoming`: sessions from now (or in the picked dates)
 * in start order, server-paged (SPEC §7 GetAllClassroomsFilteredByDate), with their display state.
 */
export function ClassUpcomingPage({ panel = false }: { panel?: boolean }) {
  const { t } = useTranslation(['classes', 'common']);
  const user = useCurrentUser();
  const staff = !['Teacher', 'AssistantTeacher', 'Student'].includes(user?.role ?? 'Student');
  const [filters, setFilters] = useState<ClassFilterValues>(emptyFilters);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  // The default window starts at the minute the page opened, so paging does not shift it.
  const [opened] = useState(() => Math.floor(Date.now() / 60_000) * 60);
  const texts = useServerTableProps();

  const body = useMemo(() => {
    const range = rangeToEpoch(filters.range) ?? {
      from: opened,
      to: toEpoch(dayjs(opened * 1000).add(DEFAULT_WEEKS, 'week')),
    };
    return {
      start: range.from,
      end: range.to,
      teachersPublicKey: filters.teacher ? [filters.teacher] : undefined,
      studentsPublicKey: filters.student ? [filters.student] : undefined,
      academicConsultantPublicKey: filters.consultant ?? undefined,
      lessonType: filters.lessonType ?? undefined,
      states: filters.state ? [filters.state as SessionTimeState] : undefined,
      page: { index: page, size: pageSize },
    };
  }, [filters, page, pageSize, opened]);
  const { data, isFetching } = useSessionsByDate(body);
  const states = (['waitingforclass', 'haveclass', 'canceled'] as const).map((value) => ({
    value,
    label: t(`timeStates.${value}`),
  }));

  return (
    <>
      <PageHeader
        title={panel ? t('common:titles.panelUpcoming') : t('upcoming.title')}
        description={panel ? t('upcoming.panelSubtitle') : t('upcoming.subtitle')}
      />
      {panel ? null : (
        <ClassFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
          states={states}
          withSearch={false}
          withPeople={staff}
          rangeLabel={t('filters.dates')}
        />
      )}
      <Stack gap="sm">
        <DisplayLegend />
        <DataTable<ClassSessionRow>
          {...texts}
          withTableBorder
          borderRadius="lg"
          minHeight={data?.data.length ? undefined : 220}
          idAccessor="sessionId"
          records={data?.data ?? []}
          totalRecords={data?.totalCount ?? 0}
          page={page}
          onPageChange={setPage}
          recordsPerPage={pageSize}
          onRecordsPerPageChange={(size: number) => {
            setPageSize(size);
            setPage(1);
          }}
          fetching={isFetching}
          columns={[
            {
              accessor: 'start',
              title: t('columns.when'),
              render: (row) => (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {formatEpoch(row.start, 'date')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatEpoch(row.start, 'time')}–{formatEpoch(row.end, 'time')}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'classroomName',
              title: t('columns.class'),
              render: (row) =>
                panel ? (
                  <Text size="sm" fw={500}>
                    {row.classroomName}
                  </Text>
                ) : (
                  <Anchor
                    component={Link}
                    to={href('classDetails', { id: row.classroomId })}
                    size="sm"
                    fw={500}
                  >
                    {row.classroomName}
                  </Anchor>
                ),
            },
            {
              accessor: 'teacherName',
              title: t('columns.teacher'),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'students',
              title: t('columns.students'),
              hidden: panel,
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
              render: (row) => (
                <Text size="sm" lineClamp={2} maw={260}>
                  {row.students.map((s) => s.fullName).join(', ')}
                </Text>
              ),
            },
            {
              accessor: 'classroomNumber',
              title: t('columns.room'),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
              render: (row) => row.classroomNumber ?? t('details.online'),
            },
            {
              accessor: 'displayState',
              title: t('columns.state'),
              render: (row) => <DisplayStateBadge state={row.displayState} />,
            },
          ]}
        />
      </Stack>
    </>
  );
}

export function PanelUpcomingPage() {
  return <ClassUpcomingPage panel />;
}
