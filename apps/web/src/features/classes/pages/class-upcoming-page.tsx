import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { Anchor, Group, Stack, Switch, Text } from '@mantine/core';
import { type ClassSessionRow, isOnlineLessonType, sessionTimeState } from '@tutoria/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { SessionReportLink } from '@/features/academic';
import { useCurrentUser } from '@/features/auth';
import { useServerList } from '@/hooks/use-server-list';
import { formatEpoch, formatTimeRange } from '@/lib/format';
import { listParam } from '@/lib/list-params';
import { href } from '@/lib/routes';
import { toEpoch } from '@/lib/time';
import { sessionsByDateQuery } from '../api/classes';
import { classFilters, ClassFilters } from '../components/class-filters';
import { DisplayLegend, DisplayStateBadge } from '../components/display-state';
import { MeetingLink } from '../components/meeting-link';
import { rangeToEpoch } from '../lib/dates';
import { filtersByPeople } from '../lib/scope';

const DEFAULT_WEEKS = 8;

/** The class filters and, for staff, "sessions waiting for records" (issue #13). */
const upcomingFilters = classFilters.extend({
  records: listParam.flag(),
  // session reports (issue 10): a student's past sessions, each opening its report.
  past: listParam.flag(),
});

/**
 * `class/upcoming` and the student's `/panel/upcoming`: sessions from now (or in the picked dates)
 * in start order, server-paged (SPEC §7 GetAllClassroomsFilteredByDate), with their display state.
 */
export function ClassUpcomingPage({ panel = false }: { panel?: boolean }) {
  const { t } = useTranslation(['classes', 'common', 'academic']);
  const user = useCurrentUser();
  // The default window starts at the minute the page opened, so paging does not shift it.
  const [opened] = useState(() => Math.floor(Date.now() / 60_000) * 60);
  const list = useServerList({
    name: panel ? 'panelUpcoming' : 'classUpcoming',
    filters: upcomingFilters,
    query: ({ page }, filters) => {
      const waitingForRecords = !panel && filters.records;
      // Sessions waiting for records have ended: by default the weeks before now, else the weeks after.
      const range =
        rangeToEpoch(filters.from, filters.to) ??
        (waitingForRecords || (panel && filters.past)
          ? { from: toEpoch(dayjs(opened * 1000).subtract(DEFAULT_WEEKS, 'week')), to: opened }
          : { from: opened, to: toEpoch(dayjs(opened * 1000).add(DEFAULT_WEEKS, 'week')) });
      const state = listParam.choice(sessionTimeState).parse(filters.state);
      return sessionsByDateQuery({
        start: range.from,
        end: range.to,
        teachersPublicKey: filters.teacher ? [filters.teacher] : undefined,
        studentsPublicKey: filters.student ? [filters.student] : undefined,
        academicConsultantPublicKey: filters.consultant ?? undefined,
        lessonType: filters.lessonType ?? undefined,
        states: state ? [state] : undefined,
        waitingForRecords: waitingForRecords || undefined,
        page,
      });
    },
  });
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
          list={list}
          states={states}
          withSearch={false}
          withPeople={filtersByPeople(user?.role)}
          rangeLabel={t('filters.dates')}
        />
      )}
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <DisplayLegend />
          {panel ? (
            <Switch
              label={t('academic:sessionReport.past')}
              checked={list.filters.past}
              onChange={(e) => list.setFilters({ past: e.currentTarget.checked })}
            />
          ) : (
            <Switch
              label={t('waitingForRecords.label')}
              description={t('waitingForRecords.hint')}
              checked={list.filters.records}
              onChange={(e) => list.setFilters({ records: e.currentTarget.checked })}
            />
          )}
        </Group>
        <ListTable<ClassSessionRow>
          {...list.table}
          withTableBorder
          borderRadius="lg"
          idAccessor="sessionId"
          columns={[
            {
              accessor: 'start',
              phone: 'title',
              title: t('columns.when'),
              render: (row) => (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {formatEpoch(row.start, 'date')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatTimeRange(row.start, row.end)}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'classroomName',
              phone: 'title',
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
              render: (row) =>
                isOnlineLessonType(row.lessonType) ? (
                  <MeetingLink url={row.meetingLink} size="xs" />
                ) : (
                  (row.classroomNumber ?? t('details.online'))
                ),
            },
            {
              accessor: 'displayState',
              title: t('columns.state'),
              render: (row) => <DisplayStateBadge state={row.displayState} />,
            },
            {
              accessor: 'report',
              title: t('academic:sessionReport.column'),
              hidden: !panel,
              render: (row) =>
                row.state !== 'canceled' && row.start * 1000 <= Date.now() ? (
                  <SessionReportLink sessionId={row.sessionId} />
                ) : null,
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
