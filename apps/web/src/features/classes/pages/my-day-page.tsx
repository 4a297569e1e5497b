import '@mantine/core/styles/Badge.layer.css';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ClassSessionRow, isOnlineLessonType } from '@tutoria/shared';
import dayjs from 'dayjs';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '@/components/page-header';
import { SessionRecordsButton } from '@/features/academic';
import { useServerList } from '@/hooks/use-server-list';
import { formatEpoch, formatTimeRange } from '@/lib/format';
import { paths } from '@/lib/paths';
import { href } from '@/lib/routes';
import { centreZone, toEpoch } from '@/lib/time';
import { sessionsByDateQuery } from '../api/classes';
import { DisplayStateBadge } from '../components/display-state';
import { MeetingLink } from '../components/meeting-link';

/** As far back as the upcoming page looks for sessions waiting for records. */
const RECORD_WEEKS = 8;
const AHEAD_WEEKS = 2;
const noFilters = z.object({});

/**
 * `/admin/panel/my-day`, the home of a teacher or an assistant (issue 27): the held sessions still
 * waiting for their records, each with its Records button, and their sessions from today on. The
 * server keeps both lists to the classes they teach or assist.
 */
export function MyDayPage() {
  const { t } = useTranslation(['classes', 'common', 'academic']);
  // The windows start at the minute the page opened, so paging does not shift them.
  const [opened] = useState(() => Math.floor(Date.now() / 60_000) * 60);
  const toRecord = useServerList({
    name: 'myDayToRecord',
    filters: noFilters,
    query: ({ page }) =>
      sessionsByDateQuery({
        start: toEpoch(dayjs(opened * 1000).subtract(RECORD_WEEKS, 'week')),
        end: opened,
        waitingForRecords: true,
        page,
      }),
  });
  const ahead = useServerList({
    name: 'myDayAhead',
    filters: noFilters,
    query: ({ page }) => {
      // Today's sessions stay on the list after they start, so the one being taught is at hand.
      const today = dayjs(opened * 1000)
        .tz(centreZone())
        .startOf('day');
      return sessionsByDateQuery({
        start: toEpoch(today),
        end: toEpoch(today.add(AHEAD_WEEKS, 'week')),
        page,
      });
    },
  });

  const when: DataTableColumn<ClassSessionRow> = {
    accessor: 'start',
    title: t('columns.when'),
    render: (row) => (
      <Stack gap={0} style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={600}>
          {formatEpoch(row.start, 'date')}
        </Text>
        <Text size="xs" c="dimmed">
          {formatTimeRange(row.start, row.end)}
        </Text>
      </Stack>
    ),
  };
  const classroom: DataTableColumn<ClassSessionRow> = {
    accessor: 'classroomName',
    title: t('columns.class'),
    render: (row) => (
      <Stack gap={2} align="flex-start">
        <Anchor component={Link} to={href('classDetails', { id: row.classroomId })} size="sm" fw={500}>
          {row.classroomName}
        </Anchor>
        {isOnlineLessonType(row.lessonType) ? (
          <MeetingLink url={row.meetingLink} size="xs" />
        ) : (
          <Text size="xs" c="dimmed">
            {row.classroomNumber ?? t('details.online')}
          </Text>
        )}
      </Stack>
    ),
  };

  return (
    <>
      <PageHeader title={t('common:titles.myDay')} description={t('myDay.subtitle')} />
      <Stack gap="lg">
        <Section
          testId="my-day-to-record"
          title={t('myDay.toRecord.title')}
          hint={t('myDay.toRecord.hint', { weeks: RECORD_WEEKS })}
          total={toRecord.data ? toRecord.total : null}
          more={{ to: `${paths.classUpcoming.path}?records=true`, label: t('myDay.toRecord.all') }}
        >
          <DataTable<ClassSessionRow>
            {...toRecord.table}
            noRecordsText={t('myDay.toRecord.empty')}
            withTableBorder
            borderRadius="lg"
            idAccessor="sessionId"
            columns={[
              when,
              classroom,
              {
                accessor: 'records',
                title: t('academic:drawer.open'),
                textAlign: 'right',
                render: (row) => (
                  <SessionRecordsButton session={row} classLive={row.classroomState !== 'Deleted'} />
                ),
              },
            ]}
          />
        </Section>
        <Section
          testId="my-day-ahead"
          title={t('myDay.ahead.title')}
          hint={t('myDay.ahead.hint', { weeks: AHEAD_WEEKS })}
          total={ahead.data ? ahead.total : null}
          more={{ to: paths.classUpcoming.path, label: t('myDay.ahead.all') }}
        >
          <DataTable<ClassSessionRow>
            {...ahead.table}
            noRecordsText={t('myDay.ahead.empty', { weeks: AHEAD_WEEKS })}
            withTableBorder
            borderRadius="lg"
            idAccessor="sessionId"
            columns={[
              when,
              classroom,
              {
                accessor: 'displayState',
                title: t('columns.state'),
                visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
                render: (row) => <DisplayStateBadge state={row.displayState} />,
              },
            ]}
          />
        </Section>
      </Stack>
    </>
  );
}

function Section({
  testId,
  title,
  hint,
  total,
  more,
  children,
}: {
  testId: string;
  title: string;
  hint: string;
  /** The list's total once loaded. */
  total: number | null;
  more: { to: string; label: string };
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      data-testid={testId}
    >
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm">
        <Stack gap={2}>
          <Group gap="xs" wrap="nowrap">
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            {total === null ? null : (
              <Badge variant="light" radius="sm" data-testid="my-day-total">
                {total}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </Stack>
        <Anchor component={Link} to={more.to} size="sm">
          {more.label}
        </Anchor>
      </Group>
      {children}
    </Paper>
  );
}
