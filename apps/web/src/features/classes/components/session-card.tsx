import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconCalendarCog,
  IconChecks,
  IconCircleCheck,
  IconClipboardText,
  IconDots,
  IconEraser,
  IconUserCheck,
  IconX,
} from '@tabler/icons-react';
import type { ClassroomDetails, ClassSession } from '@tutoria/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatEpoch, formatTimeRange } from '@/lib/format';
import { DisplayStateBadge } from './display-state';

export type SessionAction =
  | 'presence'
  | 'teachingDay'
  | 'editTime'
  | 'cancel'
  | 'reset'
  | 'confirmByTeacher'
  | 'confirmByAdmin'
  | 'revert';

export interface SessionAbilities {
  manage: boolean;
  record: boolean;
  confirmAsTeacher: boolean;
  confirmAsAdmin: boolean;
}

/** Which actions a session offers the caller now (the server checks the same rules). */
export function sessionActions(s: ClassSession, can: SessionAbilities, classLive: boolean): SessionAction[] {
  if (!classLive) return [];
  const started = s.start * 1000 <= Date.now();
  const live = s.state !== 'canceled';
  const open = s.confirmation === 'noConfirmation';
  const actions: SessionAction[] = [];
  if (can.record && live && started && open) actions.push('presence', 'teachingDay');
  if (can.confirmAsTeacher && live && started && open && s.teachingDayInformation && s.presences.length)
    actions.push('confirmByTeacher');
  if (can.confirmAsAdmin && s.confirmation === 'confirmedByTeacher') actions.push('confirmByAdmin');
  if (can.confirmAsAdmin && !open) actions.push('revert');
  if (can.manage && live && open && s.state === 'waitingforclass') actions.push('editTime', 'cancel');
  if (
    can.record &&
    live &&
    (open || can.confirmAsAdmin) &&
    (s.teachingDayInformation || s.presences.length || !open)
  )
    actions.push('reset');
  return actions;
}

const icons: Record<SessionAction, typeof IconDots> = {
  presence: IconUserCheck,
  teachingDay: IconClipboardText,
  editTime: IconCalendarCog,
  cancel: IconX,
  reset: IconEraser,
  confirmByTeacher: IconCircleCheck,
  confirmByAdmin: IconChecks,
  revert: IconArrowBackUp,
};

/** One session in time order: when, its display state, confirmation, records and actions. */
export function SessionCard({
  session,
  index,
  details,
  actions,
  onAction,
  extra,
}: {
  session: ClassSession;
  index: number;
  details: ClassroomDetails;
  actions: SessionAction[];
  onAction: (action: SessionAction) => void;
  /** More buttons beside the actions (the academic records drawer). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('classes');
  const present = session.presences.filter((p) => p.isPresent).length;
  const primary = actions.find((a) => a === 'confirmByTeacher' || a === 'confirmByAdmin');
  const menu = actions.filter((a) => a !== primary);
  const info = session.teachingDayInformation;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="session-card"
      data-session-id={session.sessionId}
      style={{ borderLeft: `4px solid ${session.displayColour}` }}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed" fw={600}>
              #{index + 1}
            </Text>
            <Text fw={600} size="sm">
              {formatEpoch(session.start, 'date')} · {formatTimeRange(session.start, session.end)}
            </Text>
            <DisplayStateBadge state={session.displayState} />
            <Badge
              variant="light"
              color={
                session.confirmation === 'confirmedByAdmin'
                  ? 'teal'
                  : session.confirmation === 'confirmedByTeacher'
                    ? 'indigo'
                    : 'gray'
              }
              radius="sm"
            >
              {t(`confirmations.${session.confirmation}`)}
            </Badge>
            {session.state !== 'waitingforclass' ? (
              <Badge variant="outline" color={session.state === 'canceled' ? 'red' : 'teal'} radius="sm">
                {t(`timeStates.${session.state}`)}
              </Badge>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {details.classroomNumber && session.classroomNumber
              ? `${t('columns.room')} ${session.classroomNumber} · `
              : ''}
            {formatDuration(session.durationMinutes)}
            {session.presences.length
              ? ` · ${t('session.presenceSummary', { present, total: details.students.length })}`
              : ''}
            {!session.changesConfirmedByTeacher ? ` · ${t('session.awaitingTeacher')}` : ''}
            {!session.changesConfirmedBySchedulingAdmin ? ` · ${t('session.awaitingAdmin')}` : ''}
          </Text>
          {info ? (
            <Text size="sm" lineClamp={2}>
              {info.taughtLessonsDescription}{' '}
              <Text span size="xs" c="dimmed">
                ({formatDuration(info.teachingMinutes)}, {t(`session.${info.teachingType}`)})
              </Text>
            </Text>
          ) : null}
          {session.presences.some((p) => p.feedback) ? (
            <Stack gap={0}>
              {session.presences
                .filter((p) => p.feedback)
                .map((p) => (
                  <Text key={p.studentPublicKey} size="xs" c="dimmed" lineClamp={1}>
                    {p.studentName}: {p.feedback}
                  </Text>
                ))}
            </Stack>
          ) : null}
        </Stack>
        <Group gap={6} wrap="nowrap" ml="auto">
          {extra}
          {primary ? (
            <Button
              size="xs"
              color={primary === 'confirmByAdmin' ? 'teal' : 'indigo'}
              leftSection={<IconCircleCheck size={14} />}
              onClick={() => onAction(primary)}
            >
              {t(`session.actions.${primary}`)}
            </Button>
          ) : null}
          {menu.length ? (
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <Tooltip label={t('session.more')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('session.actionsFor', { number: index + 1 })}
                  >
                    <IconDots size={18} />
                  </ActionIcon>
                </Tooltip>
              </Menu.Target>
              <Menu.Dropdown>
                {menu.map((action) => {
                  const Icon = icons[action];
                  return (
                    <Menu.Item
                      key={action}
                      leftSection={<Icon size={16} />}
                      color={action === 'cancel' ? 'red' : undefined}
                      onClick={() => onAction(action)}
                    >
                      {t(`session.actions.${action}`)}
                    </Menu.Item>
                  );
                })}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
