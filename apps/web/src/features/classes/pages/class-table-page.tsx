import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import 'mantine-datatable/styles.layer.css';
import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import {
  type ClassroomRow,
  type ClassroomState,
  type ListQueryInput,
  lessonTypeLabel,
  textSearchGroup,
  type WhereCondition,
} from '@tutoria/shared';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '@/lib/paths';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth';
import { formatEpoch } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useClassList } from '../api/classes';
import { ClassFilters, type ClassFilterValues, emptyFilters } from '../components/class-filters';
import { ClassStateBadge } from '../components/class-state-badge';
import { useServerTableProps } from '@/components/server-table';
import { rangeToEpoch } from '../lib/dates';


/** `class/table`: the classes in the caller's scope, server-paged, sorted and filtered (SPEC §7 admin_classes). */
export function ClassTablePage() {
  const { t } = useTranslation('classes');
  const language = currentLanguage();
  const user = useCurrentUser();
  const permissions = user?.permissions ?? [];
  const teacherOnly = user?.role === 'Teacher';
  const staffFilters = !['Teacher', 'AssistantTeacher', 'Student'].includes(user?.role ?? 'Student');
  const [filters, setFilters] = useState<ClassFilterValues>(emptyFilters);
  const [archived, setArchived] = useState<'current' | 'archived' | 'all'>('current');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [sort, setSort] = useState<DataTableSortStatus<ClassroomRow>>({
    columnAccessor: 'createMoment',
    direction: 'desc',
  });
  const [search] = useDebouncedValue(filters.search, 300);
  const texts = useServerTableProps();

  const query = useMemo<ListQueryInput>(() => {
    const where: WhereCondition[][] = [];
    if (search.trim()) where.push(textSearchGroup(['classroomName', 'teacherName', 'studentName'], search));
    if (filters.teacher)
      where.push([{ column: 'teacherPublicKey', comparison: 'Equal', operand: filters.teacher }]);
    if (filters.student)
      where.push([{ column: 'studentPublicKey', comparison: 'Equal', operand: filters.student }]);
    if (filters.consultant)
      where.push([{ column: 'consultantPublicKey', comparison: 'Equal', operand: filters.consultant }]);
    if (filters.lessonType)
      where.push([{ column: 'lessonType', comparison: 'Equal', operand: filters.lessonType }]);
    if (filters.state) where.push([{ column: 'state', comparison: 'Equal', operand: filters.state }]);
    if (archived !== 'all')
      where.push([{ column: 'archived', comparison: 'Equal', operand: archived === 'archived' }]);
    const range = rangeToEpoch(filters.range);
    if (range) {
      where.push([{ column: 'fromTime', comparison: 'Equal', operand: range.from }]);
      where.push([{ column: 'toTime', comparison: 'Equal', operand: range.to }]);
    }
    return {
      page: { index: page, size: pageSize },
      where,
      order: [{ column: String(sort.columnAccessor), descending: sort.direction === 'desc' }],
    };
  }, [search, filters, archived, page, pageSize, sort]);
  const { data, isFetching } = useClassList(query, teacherOnly);

  const stateValues: ClassroomState[] = ['WaitingForAddCourse', 'Active', 'Finished'];
  if (permissions.includes('classes.readDeleted')) stateValues.push('Deleted');
  const states = stateValues.map((value) => ({ value, label: t(`states.${value}`) }));
  const change = (next: ClassFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <>
      <PageHeader
        title={t('table.title')}
        description={t('table.subtitle')}
        actions={
          permissions.includes('classes.manage') ? (
            <Button component={Link} to={href('classCreate')} leftSection={<IconPlus size={18} />}>
              {t('table.create')}
            </Button>
          ) : null
        }
      />
      <ClassFilters
        value={filters}
        onChange={change}
        states={states}
        withPeople={staffFilters}
        rangeLabel={t('filters.sessionsBetween')}
      />
      <Group justify="space-between" mb="sm">
        <SegmentedControl
          size="xs"
          value={archived}
          onChange={(v) => {
            setArchived(v as typeof archived);
            setPage(1);
          }}
          data={[
            { value: 'current', label: t('table.current') },
            { value: 'archived', label: t('table.archived') },
            { value: 'all', label: t('table.all') },
          ]}
        />
        <Text size="sm" c="dimmed">
          {t('table.count', { count: data?.totalCount ?? 0 })}
        </Text>
      </Group>
      <DataTable<ClassroomRow>
        {...texts}
        withTableBorder
        borderRadius="lg"
        minHeight={data?.data.length ? undefined : 220}
        idAccessor="classroomId"
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
        sortStatus={sort}
        onSortStatusChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        columns={[
          {
            accessor: 'classroomName',
            title: t('columns.name'),
            sortable: true,
            render: (row) => (
              <Stack gap={0}>
                <Anchor
                  component={Link}
                  to={href('classDetails', { id: row.classroomId })}
                  fw={600}
                  size="sm"
                >
                  {row.classroomName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t(`classTypes.${row.classroomType}`)}
                  {row.classroomNumber ? ` · ${t('columns.room')} ${row.classroomNumber}` : ''}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'lessonType',
            title: t('columns.lessonType'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (row) => lessonTypeLabel(row.lessonType, language),
          },
          {
            accessor: 'teacherName',
            title: t('columns.teacher'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'students',
            title: t('columns.students'),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (row) => (
              <Text size="sm" lineClamp={2} maw={260}>
                {row.students.map((s) => s.fullName).join(', ')}
              </Text>
            ),
          },
          {
            accessor: 'nextSessionStart',
            title: t('columns.next'),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
            render: (row) =>
              row.nextSessionStart ? formatEpoch(row.nextSessionStart) : <Text c="dimmed">—</Text>,
          },
          {
            accessor: 'sessionCount',
            title: t('columns.sessions'),
            textAlign: 'right',
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
          },
          {
            accessor: 'state',
            title: t('columns.state'),
            sortable: true,
            render: (row) => (
              <Group gap={4}>
                <ClassStateBadge state={row.state} />
                {row.archived ? (
                  <Badge color="gray" variant="outline" radius="sm">
                    {t('states.archived')}
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          {
            accessor: 'createMoment',
            title: t('columns.created'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.xl})`,
            render: (row) => formatEpoch(row.createMoment, 'date'),
          },
        ]}
      />
    </>
  );
}
