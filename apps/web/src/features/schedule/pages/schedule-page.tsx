import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/dates/styles.layer.css';
import { Button, Group, MultiSelect, Paper, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendarPlus } from '@tabler/icons-react';
import type { AvailableTime } from '@tutoria/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEpoch } from '@/lib/format';
import { lazyDialog } from '@/components/lazy-dialog';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth';
import { notifySuccess } from '@/lib/notify';
import {
  type TimetableRange,
  useAdminWeek,
  useEditSlotTime,
  useLessonNames,
  useTimetable,
  useTimetableTeachers,
} from '../api/timetable';
import type { AddAvailabilityDraft } from '../components/add-availability-modal';
import { type CalendarMove, ScheduleCalendar } from '../components/schedule-calendar';
import { MoreTeachers } from '../components/more-teachers';
import type { PendingMove } from '../components/move-sessions-modal';
import { ScheduleSummary } from '../components/schedule-summary';
import { SlotLegend } from '../components/slot-legend';
import { TeacherFeedButton } from '../components/teacher-feed-button';
import { type SlotEventProps, slotEvents } from '../lib/slot-events';
import { teachersMatching } from '../lib/teachers-matching';

// The dialogs' code (the availability form and its pickers, a time's details) loads on intent (issue 9).
const AddAvailabilityModal = lazyDialog(
  () => import('../components/add-availability-modal').then((m) => m.AddAvailabilityModal),
  'draft',
);
const SlotDetailsModal = lazyDialog(
  () => import('../components/slot-details-modal').then((m) => m.SlotDetailsModal),
  'slot',
);
const MoveSessionsModal = lazyDialog(
  () => import('../components/move-sessions-modal').then((m) => m.MoveSessionsModal),
  'move',
);

/**
 * `adminSchedule` and `teacherSchedule` (SPEC §2: one screen). Admin, TeamLeader and SchedulingAdmin
 * read every teacher through the admin call, in pages of teachers (issue 30); others their own
 * through the teacher call. Who may change which timetable follows timetable.manageAll / timetable.manageOwn.
 */
export function SchedulePage() {
  const { t } = useTranslation('schedule');
  const user = useCurrentUser();
  const permissions = user?.permissions ?? [];
  const mode = permissions.includes('timetable.readAll') ? 'admin' : 'teacher';
  const manageAll = permissions.includes('timetable.manageAll');
  const manageOwn = permissions.includes('timetable.manageOwn');
  const me = user?.publicKey;
  const canEditTeacher = useCallback(
    (key: string) => manageAll || (manageOwn && key === me),
    [manageAll, manageOwn, me],
  );

  const [range, setRange] = useState<{ start: number; end: number } | null>(null);
  const [teacherFilter, setTeacherFilter] = useState<string[]>([]);
  const [lessonFilter, setLessonFilter] = useState<string[]>([]);
  const [goTo, setGoTo] = useState<string | null>(null);
  const query: TimetableRange | null = range
    ? {
        ...range,
        lessonNames: lessonFilter.length ? lessonFilter : undefined,
        teachersPublicKey: teacherFilter.length ? teacherFilter : undefined,
      }
    : null;
  const admin = mode === 'admin';
  const own = useTimetable('teacher', admin ? null : query);
  const week = useAdminWeek(admin ? query : null);
  // The teacher filter's options: every active teacher, without their week.
  const teacherList = useTimetableTeachers(admin);
  const lessonNames = useLessonNames();
  const [draft, setDraft] = useState<AddAvailabilityDraft | null>(null);
  const [selected, setSelected] = useState<{
    teacherName: string;
    slot: AvailableTime;
    teacherPublicKey: string;
  } | null>(null);
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const editTime = useEditSlotTime();

  const timetables = useMemo(
    () => (admin ? week.data?.pages.flat() : own.data) ?? [],
    [admin, week.data, own.data],
  );
  const events = useMemo(() => slotEvents(timetables, canEditTeacher), [timetables, canEditTeacher]);
  const teacherOptions = ((admin ? teacherList.data : timetables) ?? []).map((x) => ({
    value: x.teacherPublicKey,
    label: x.teacherName,
  }));
  const teachersInWeek = teacherList.data
    ? teachersMatching(teacherList.data, { teacherKeys: teacherFilter, lessonNames: lessonFilter })
    : undefined;
  // A last page as long as the others may be the last one: the teachers' count says so without asking.
  const hasMore =
    admin && week.hasNextPage && (teachersInWeek === undefined || timetables.length < teachersInWeek);
  const showMore = () => {
    if (hasMore && !week.isFetchingNextPage) void week.fetchNextPage();
  };
  const canAdd = manageAll || manageOwn;
  const teacherChoices = manageAll ? teacherOptions : null;
  const feedTeacher =
    admin && teacherFilter.length === 1
      ? teacherOptions.find((o) => o.value === teacherFilter[0])
      : undefined;
  const defaultTeacher = manageAll
    ? teacherFilter.length === 1
      ? teacherFilter[0]!
      : null
    : (user?.publicKey ?? null);

  const findSlot = (id: string) => {
    for (const timetable of timetables) {
      const slot = timetable.availableTimes.find((s) => s.availableTimeId === id);
      if (slot)
        return { teacherName: timetable.teacherName, teacherPublicKey: timetable.teacherPublicKey, slot };
    }
    return null;
  };

  const commitMove = (move: CalendarMove, moveSessions: boolean) => {
    editTime.mutate(
      { availableTimeId: move.id, start: move.start, end: move.end, moveSessions },
      { onSuccess: (result) => notifySuccess(result.message), onError: () => move.revert() },
    );
  };

  const onMove = (move: CalendarMove) => {
    const found = findSlot(move.id);
    const now = Date.now() / 1000;
    const futureSessions = found?.slot.sessions.filter((s) => s.start > now).length ?? 0;
    const shifted = found && found.slot.start !== move.start;
    if (futureSessions && shifted) setPendingMove({ ...move, futureSessions });
    else commitMove(move, false);
  };

  const title = admin ? t('adminTitle') : t('teacherTitle');
  return (
    <>
      <PageHeader
        title={title}
        description={admin ? t('adminSubtitle') : t('teacherSubtitle')}
        actions={
          canAdd ? (
            <Button
              leftSection={<IconCalendarPlus size={18} />}
              onPointerEnter={AddAvailabilityModal.preload}
              onFocus={AddAvailabilityModal.preload}
              onClick={() => {
                const start = Math.ceil(Date.now() / 3_600_000) * 3600 + 86400;
                setDraft({ start, end: start + 3600, teacherPublicKey: defaultTeacher });
              }}
            >
              {t('add.button')}
            </Button>
          ) : null
        }
      />
      <Stack gap="md">
        <Paper withBorder radius="lg" p="md">
          <Stack gap="sm">
            <Group gap="sm" align="flex-end" wrap="wrap">
              {admin ? (
                <MultiSelect
                  label={t('filters.teachers')}
                  placeholder={teacherFilter.length ? undefined : t('filters.teachersPlaceholder')}
                  data={teacherOptions}
                  value={teacherFilter}
                  onChange={setTeacherFilter}
                  searchable
                  clearable
                  w={{ base: '100%', sm: 320 }}
                  comboboxProps={{ withinPortal: true }}
                />
              ) : null}
              {/* calendar feeds (issue 29): staff get the feed of the one teacher shown */}
              {feedTeacher ? (
                <TeacherFeedButton teacherPublicKey={feedTeacher.value} teacherName={feedTeacher.label} />
              ) : null}
              <MultiSelect
                label={t('filters.lessonNames')}
                placeholder={lessonFilter.length ? undefined : t('filters.lessonNamesPlaceholder')}
                data={lessonNames.data ?? []}
                value={lessonFilter}
                onChange={setLessonFilter}
                searchable
                clearable
                w={{ base: '100%', sm: 280 }}
                comboboxProps={{ withinPortal: true }}
              />
              <DateInput
                label={t('filters.goTo')}
                placeholder="YYYY-MM-DD"
                valueFormat="YYYY-MM-DD"
                value={goTo}
                onChange={setGoTo}
                clearable
                w={{ base: '100%', sm: 180 }}
                popoverProps={{ withinPortal: true }}
              />
            </Group>
            <SlotLegend />
          </Stack>
        </Paper>
        <ScheduleSummary timetables={timetables} admin={admin} of={admin ? teachersInWeek : undefined} />
        <ScheduleCalendar
          ariaLabel={title}
          goTo={goTo}
          events={events}
          onRangeChange={setRange}
          selectable={canAdd}
          onSelect={({ start, end }) => setDraft({ start, end, teacherPublicKey: defaultTeacher })}
          onMove={canAdd ? onMove : undefined}
          onEventClick={(id) => setSelected(findSlot(id))}
          renderEvent={(event) => {
            const props = event.extendedProps as unknown as Partial<SlotEventProps>;
            const slot = props.slot;
            // The selection being drawn (a draft, SPEC §4 'new') has no slot yet.
            if (!slot) {
              return (
                <div className="tutoria-event" data-slot-state="new">
                  <span className="tutoria-event-title">{event.timeText}</span>
                  <span className="tutoria-event-line">{t('states.new')}</span>
                </div>
              );
            }
            return (
              <div className="tutoria-event" data-slot-state={slot.state}>
                <span className="tutoria-event-title">{admin ? props.teacherName : event.timeText}</span>
                {admin ? <span className="tutoria-event-line">{event.timeText}</span> : null}
                {slot.sessions.length === 0 ? (
                  <span className="tutoria-event-line">{t(`states.${slot.state}`)}</span>
                ) : (
                  slot.sessions.map((s) => (
                    <span
                      key={s.sessionId}
                      className="tutoria-event-session"
                      data-waiting-for-records={s.waitingForRecords || undefined}
                      title={s.studentNames.join(', ')}
                    >
                      {formatEpoch(s.start, 'time')} {s.classroomName}
                      {s.waitingForRecords ? ` · ${t('notRecorded.label')}` : ''}
                    </span>
                  ))
                )}
              </div>
            );
          }}
        />
        {hasMore ? <MoreTeachers shown={timetables.length} total={teachersInWeek} onMore={showMore} /> : null}
      </Stack>
      <AddAvailabilityModal draft={draft} teachers={teacherChoices} onClose={() => setDraft(null)} />
      <SlotDetailsModal
        slot={selected}
        canEdit={selected ? canEditTeacher(selected.teacherPublicKey) : false}
        canOpenClasses={permissions.includes('classes.read')}
        onClose={() => setSelected(null)}
      />
      <MoveSessionsModal move={pendingMove} onCommit={commitMove} onClose={() => setPendingMove(null)} />
    </>
  );
}
