import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  classesContract,
  type ClassroomRow,
  classroomState,
  type ClassroomState,
  type CurrentUser,
  lessonTypeLabel,
} from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { ensureCurrentUser, useCurrentUser } from '@/features/auth';
import { defineServerList, listLoader } from '@/hooks/server-list-request';
import { useServerList } from '@/hooks/use-server-list';
import { formatEpoch } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { equal, listParam, NEWEST_FIRST } from '@/lib/list-params';
import { href } from '@/lib/routes';
import { classListQuery } from '../api/classes';
import { classFilters, ClassFilters } from '../components/class-filters';
import { ClassStateBadge } from '../components/class-state-badge';
import { rangeToEpoch } from '../lib/dates';
import { filtersByPeople } from '../lib/scope';

const SEARCH_COLUMNS = ['classroomName', 'teacherName', 'studentName'] as const;
const views = ['current', 'archived', 'all'] as const;
const tableFilters = classFilters.extend({ archived: listParam.oneOf(views, 'current') });

/** The class table's list: the classes in the caller's scope (a teacher's own only), filtered and searched. */
function classTableList(user: CurrentUser | undefined) {
  return defineServerList({
    name: 'classTable',
    filters: tableFilters,
    searchColumns: SEARCH_COLUMNS,
    defaultSort: NEWEST_FIRST,
    columns: classesContract.list.listColumns,
    where: (filters) => {
      const range = rangeToEpoch(filters.from, filters.to);
      return [
        equal('teacherPublicKey', filters.teacher),
        equal('studentPublicKey', filters.student),
        equal('consultantPublicKey', filters.consultant),
        equal('lessonType', filters.lessonType),
        equal('state', listParam.choice(classroomState).parse(filters.state)),
        filters.archived === 'all' ? null : equal('archived', filters.archived === 'archived'),
        range ? equal('fromTime', range.from) : null,
        range ? equal('toTime', range.to) : null,
      ];
    },
    query: (body) => classListQuery(body, user?.role === 'Teacher'),
  });
}

/** The class table's loader: its first page of classes is asked for while the page's code arrives. */
export const classTablePageLoader = listLoader(async () => classTableList(await ensureCurrentUser()));

/** `class/table`: the classes in the caller's scope, server-paged, sorted and filtered (SPEC §7 admin_classes). */
export function ClassTablePage() {
  const { t } = useTranslation('classes');
  const language = currentLanguage();
  const user = useCurrentUser();
  const permissions = user?.permissions ?? [];
  const list = useServerList(classTableList(user));

  const stateValues: ClassroomState[] = ['WaitingForAddCourse', 'Active', 'Finished'];
  if (permissions.includes('classes.readDeleted')) stateValues.push('Deleted');
  const states = stateValues.map((value) => ({ value, label: t(`states.${value}`) }));

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
        list={list}
        states={states}
        withPeople={filtersByPeople(user?.role)}
        rangeLabel={t('filters.sessionsBetween')}
      />
      <Group justify="space-between" mb="sm">
        <SegmentedControl
          size="xs"
          value={list.filters.archived}
          onChange={(v) => list.setFilters({ archived: v as (typeof views)[number] })}
          data={[
            { value: 'current', label: t('table.current') },
            { value: 'archived', label: t('table.archived') },
            { value: 'all', label: t('table.all') },
          ]}
        />
        <Text size="sm" c="dimmed">
          {t('table.count', { count: list.total })}
        </Text>
      </Group>
      <ListTable<ClassroomRow>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor="classroomId"
        columns={[
          {
            accessor: 'classroomName',
            phone: 'title',
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
            phone: 'hidden',
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
