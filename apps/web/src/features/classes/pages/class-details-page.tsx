import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconBan,
  IconCalendarPlus,
  IconChecks,
  IconChevronDown,
  IconPencil,
  IconPlus,
  IconTrash,
  IconTrashX,
  IconX,
} from '@tabler/icons-react';
import { type ClassSession, type Level, lessonTypeLabel, levelLabels } from '@tutoria/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { href } from '@/lib/paths';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useCurrentUser } from '@/features/auth';
import { formatEpoch } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useClassDetails, useClassMutation } from '../api/classes';
import { ClassModal, type ClassDialog } from '../components/class-modals';
import { ClassStateBadge } from '../components/class-state-badge';
import { DisplayLegend } from '../components/display-state';
import { SessionCard, type SessionAction, sessionActions } from '../components/session-card';
import { type SessionDialog, SessionModal } from '../components/session-modals';

type Confirm =
  | { kind: 'cancel' | 'reset' | 'revert'; session: ClassSession }
  | { kind: 'removeAll' | 'disable' }
  | { kind: 'removeStudent'; key: string; name: string }
  | { kind: 'removeLesson'; key: string; name: string }
  | { kind: 'removeCourse'; key: string; name: string };

/** `class/{id}`: the class, its people, lessons and courses, and its sessions in time order (SPEC §2, §4). */
export function ClassDetailsPage() {
  const { t } = useTranslation('classes');
  const language = currentLanguage();
  const { id = '' } = useParams();
  const user = useCurrentUser();
  const permissions = user?.permissions ?? [];
  const { data: details, isLoading, isError } = useClassDetails(id);
  const [sessionDialog, setSessionDialog] = useState<{ dialog: SessionDialog; session: ClassSession } | null>(
    null,
  );
  const [classDialog, setClassDialog] = useState<ClassDialog | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [showAll, setShowAll] = useState(false);

  const mutations = {
    cancelSession: useClassMutation('cancelSession'),
    resetSessionInfo: useClassMutation('resetSessionInfo'),
    revertToTeacher: useClassMutation('revertToTeacher'),
    confirmByTeacher: useClassMutation('confirmByTeacher'),
    confirmByAdmin: useClassMutation('confirmByAdmin'),
    removeAllTimes: useClassMutation('removeAllTimes'),
    disable: useClassMutation('disable'),
    archive: useClassMutation('archive'),
    removeStudent: useClassMutation('removeStudent'),
    removeLesson: useClassMutation('removeLesson'),
    removeSpecification: useClassMutation('removeSpecification'),
    confirmChangesByTeacher: useClassMutation('confirmChangesByTeacher'),
    confirmChangesBySchedulingAdmin: useClassMutation('confirmChangesBySchedulingAdmin'),
  };
  const done = (result: { message: string }) => notifySuccess(result.message);

  if (isLoading) return <Skeleton height={420} radius="lg" />;
  if (isError || !details) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm">
          <Title order={3}>{t('details.notFound')}</Title>
          <Anchor component={Link} to={href('classTable')}>
            {t('details.backToList')}
          </Anchor>
        </Stack>
      </Paper>
    );
  }

  const unscoped = !['Teacher', 'AssistantTeacher', 'Student', 'AcademicConsultant'].includes(
    user?.role ?? 'Student',
  );
  const isTeacher = details.teacher.teacherPublicKey === user?.publicKey;
  const live = details.state !== 'Deleted' && !details.archived;
  const can = {
    manage: permissions.includes('classes.manage'),
    record: permissions.includes('sessions.record'),
    confirmAsTeacher: permissions.includes('sessions.confirmAsTeacher') && (isTeacher || unscoped),
    confirmAsAdmin: permissions.includes('sessions.confirmAsAdmin'),
  };
  const manage = can.manage && live;
  const pendingTeacher = details.times.filter((s) => !s.changesConfirmedByTeacher).length;
  const pendingAdmin = details.times.filter((s) => !s.changesConfirmedBySchedulingAdmin).length;
  const now = Date.now() / 1000;
  const firstUpcoming = details.times.findIndex((s) => s.end > now);
  const visible =
    showAll || details.times.length <= 12
      ? details.times
      : details.times.slice(Math.max(0, (firstUpcoming < 0 ? details.times.length : firstUpcoming) - 4));
  const held = details.times.filter((s) => s.state === 'haveclass').length;

  const onSessionAction = (session: ClassSession, action: SessionAction) => {
    if (action === 'presence' || action === 'teachingDay' || action === 'editTime')
      return setSessionDialog({ dialog: action, session });
    if (action === 'cancel' || action === 'reset' || action === 'revert')
      return setConfirm({ kind: action, session });
    if (action === 'confirmByTeacher')
      return mutations.confirmByTeacher.mutate({ sessionId: session.sessionId }, { onSuccess: done });
    if (action === 'confirmByAdmin')
      return mutations.confirmByAdmin.mutate({ sessionId: session.sessionId }, { onSuccess: done });
  };

  const runConfirm = () => {
    if (!confirm) return;
    const close = { onSuccess: done, onSettled: () => setConfirm(null) };
    switch (confirm.kind) {
      case 'cancel':
        return mutations.cancelSession.mutate({ sessionId: confirm.session.sessionId }, close);
      case 'reset':
        return mutations.resetSessionInfo.mutate({ sessionId: confirm.session.sessionId }, close);
      case 'revert':
        return mutations.revertToTeacher.mutate({ sessionId: confirm.session.sessionId }, close);
      case 'removeAll':
        return mutations.removeAllTimes.mutate({ classroomId: details.classroomId }, close);
      case 'disable':
        return mutations.disable.mutate({ classroomId: details.classroomId }, close);
      case 'removeStudent':
        return mutations.removeStudent.mutate(
          { classroomId: details.classroomId, studentPublicKey: confirm.key },
          close,
        );
      case 'removeLesson':
        return mutations.removeLesson.mutate(
          { classroomId: details.classroomId, classroomLessonId: confirm.key },
          close,
        );
      case 'removeCourse':
        return mutations.removeSpecification.mutate(
          { classroomId: details.classroomId, specificationIds: [confirm.key] },
          close,
        );
    }
  };
  const confirmBusy = Object.values(mutations).some((m) => m.isPending);
  const confirmText = confirm
    ? {
        title: t(`details.confirm.${confirm.kind}.title`),
        body: t(`details.confirm.${confirm.kind}.body`, {
          name: 'name' in confirm ? confirm.name : details.classroomName,
          when: 'session' in confirm ? `${formatEpoch(confirm.session.start, 'long')}` : '',
        }),
      }
    : { title: '', body: '' };

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Stack gap={6}>
          <Anchor component={Link} to={href('classTable')} size="sm" c="dimmed">
            ← {t('details.backToList')}
          </Anchor>
          <Title order={2}>{details.classroomName}</Title>
          <Group gap={6}>
            <ClassStateBadge state={details.state} />
            {details.archived ? (
              <Badge color="gray" variant="outline" radius="sm">
                {t('states.archived')}
              </Badge>
            ) : null}
            <Badge variant="light" color="indigo" radius="sm">
              {t(`classTypes.${details.classroomType}`)}
            </Badge>
            <Badge variant="light" color="grape" radius="sm">
              {lessonTypeLabel(details.lessonType, language)}
            </Badge>
            <Badge
              variant="light"
              color={details.financialState === 'confirmed' ? 'teal' : 'violet'}
              radius="sm"
            >
              {t(`financialStates.${details.financialState}`)}
            </Badge>
          </Group>
        </Stack>
        <Group gap="sm">
          {manage ? (
            <Button leftSection={<IconCalendarPlus size={18} />} onClick={() => setClassDialog('times')}>
              {t('details.addTimes')}
            </Button>
          ) : null}
          {(can.manage && details.state !== 'Deleted') ||
          permissions.includes('classes.destroy') ||
          (can.confirmAsTeacher && pendingTeacher > 0) ||
          (can.confirmAsAdmin && pendingAdmin > 0) ? (
            <Menu position="bottom-end" withinPortal shadow="md">
              <Menu.Target>
                <Button variant="default" rightSection={<IconChevronDown size={16} />}>
                  {t('details.actions')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {manage ? (
                  <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setClassDialog('edit')}>
                    {t('details.edit')}
                  </Menu.Item>
                ) : null}
                {can.confirmAsTeacher && pendingTeacher > 0 && live ? (
                  <Menu.Item
                    leftSection={<IconChecks size={16} />}
                    onClick={() =>
                      mutations.confirmChangesByTeacher.mutate(
                        { classroomId: details.classroomId },
                        { onSuccess: done },
                      )
                    }
                  >
                    {t('details.confirmChangesTeacher', { count: pendingTeacher })}
                  </Menu.Item>
                ) : null}
                {can.confirmAsAdmin && pendingAdmin > 0 && live ? (
                  <Menu.Item
                    leftSection={<IconChecks size={16} />}
                    onClick={() =>
                      mutations.confirmChangesBySchedulingAdmin.mutate(
                        { classroomId: details.classroomId },
                        { onSuccess: done },
                      )
                    }
                  >
                    {t('details.confirmChangesAdmin', { count: pendingAdmin })}
                  </Menu.Item>
                ) : null}
                {manage ? (
                  <Menu.Item
                    leftSection={<IconX size={16} />}
                    onClick={() => setConfirm({ kind: 'removeAll' })}
                  >
                    {t('details.removeAll')}
                  </Menu.Item>
                ) : null}
                {can.manage && details.state !== 'Deleted' ? (
                  <Menu.Item
                    leftSection={details.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
                    onClick={() =>
                      mutations.archive.mutate(
                        { classroomId: details.classroomId, archived: !details.archived },
                        { onSuccess: done },
                      )
                    }
                  >
                    {details.archived ? t('details.unarchive') : t('details.archive')}
                  </Menu.Item>
                ) : null}
                {manage ? (
                  <Menu.Item
                    color="red"
                    leftSection={<IconBan size={16} />}
                    onClick={() => setConfirm({ kind: 'disable' })}
                  >
                    {t('details.disable')}
                  </Menu.Item>
                ) : null}
                {permissions.includes('classes.destroy') ? (
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrashX size={16} />}
                    onClick={() => setClassDialog('destroy')}
                  >
                    {t('details.destroy')}
                  </Menu.Item>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mb="md">
        <Card title={t('details.overview')}>
          <Fact label={t('columns.teacher')} value={details.teacher.teacherName} />
          <Fact label={t('create.assistant')} value={details.assistantTeacher?.fullName ?? '—'} />
          <Fact label={t('columns.room')} value={details.classroomNumber ?? t('details.online')} />
          <Fact
            label={t('create.level')}
            value={
              details.classroomLevel in levelLabels
                ? levelLabels[details.classroomLevel as Level][language]
                : details.classroomLevel
            }
          />
          <Fact
            label={t('details.progress')}
            value={t('details.progressValue', {
              held,
              total: details.times.filter((s) => s.state !== 'canceled').length,
            })}
          />
          <Fact label={t('columns.created')} value={formatEpoch(details.createMoment, 'date')} />
        </Card>
        <Card
          title={t('details.students', { count: details.students.length })}
          action={
            manage ? (
              <AddButton label={t('details.addStudents')} onClick={() => setClassDialog('students')} />
            ) : null
          }
        >
          {details.students.map((s) => (
            <Row
              key={s.studentPublicKey}
              text={s.studentName}
              onRemove={
                manage && details.students.length > 1
                  ? () => setConfirm({ kind: 'removeStudent', key: s.studentPublicKey, name: s.studentName })
                  : undefined
              }
              removeLabel={t('details.removeNamed', { name: s.studentName })}
            />
          ))}
        </Card>
        <Card
          title={t('details.lessonsAndCourses')}
          action={
            manage ? (
              <AddButton label={t('details.addLesson')} onClick={() => setClassDialog('lesson')} />
            ) : null
          }
        >
          {details.lessons.map((l) => (
            <Row
              key={l.classroomLessonId}
              text={`${l.lessonName} · ${l.lessonTitle}`}
              hint={`${l.lessonSubTitle ? `${l.lessonSubTitle} · ` : ''}${l.teachingLessonTimeInHour} h`}
              onRemove={
                manage && details.lessons.length > 1
                  ? () =>
                      setConfirm({
                        kind: 'removeLesson',
                        key: l.classroomLessonId,
                        name: l.lessonTitle || l.lessonName,
                      })
                  : undefined
              }
              removeLabel={t('details.removeNamed', { name: l.lessonTitle || l.lessonName })}
            />
          ))}
          <Group justify="space-between" mt="xs">
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('details.courses')}
            </Text>
            {manage ? (
              <AddButton label={t('details.addCourses')} onClick={() => setClassDialog('courses')} />
            ) : null}
          </Group>
          {details.specifications.length ? (
            details.specifications.map((s) => (
              <Row
                key={s.specificationId}
                text={s.title}
                onRemove={
                  manage
                    ? () => setConfirm({ kind: 'removeCourse', key: s.specificationId, name: s.title })
                    : undefined
                }
                removeLabel={t('details.removeNamed', { name: s.title })}
              />
            ))
          ) : (
            <Text size="sm" c="dimmed">
              {t('details.noCourses')}
            </Text>
          )}
        </Card>
      </SimpleGrid>

      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" mb="sm" gap="sm">
          <Title order={4}>{t('details.sessions', { count: details.times.length })}</Title>
          <DisplayLegend />
        </Group>
        <Stack gap="xs">
          {visible.length < details.times.length ? (
            <Button variant="subtle" size="xs" onClick={() => setShowAll(true)}>
              {t('details.showEarlier', { count: details.times.length - visible.length })}
            </Button>
          ) : null}
          {details.times.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('details.noSessions')}
            </Text>
          ) : null}
          {visible.map((session) => {
            const index = details.times.indexOf(session);
            return (
              <SessionCard
                key={session.sessionId}
                session={session}
                index={index}
                details={details}
                actions={sessionActions(session, can, live)}
                onAction={(action) => onSessionAction(session, action)}
              />
            );
          })}
        </Stack>
      </Paper>

      <SessionModal
        dialog={sessionDialog?.dialog ?? null}
        session={sessionDialog?.session ?? null}
        details={details}
        onClose={() => setSessionDialog(null)}
      />
      <ClassModal dialog={classDialog} details={details} onClose={() => setClassDialog(null)} />
      <ConfirmDialog
        opened={confirm !== null}
        title={confirmText.title}
        message={confirmText.body}
        confirmLabel={t('actions.confirm')}
        cancelLabel={t('actions.cancel')}
        loading={confirmBusy}
        onClose={() => setConfirm(null)}
        onConfirm={runConfirm}
      />
    </>
  );
}

function Card({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Group justify="space-between" mb="xs">
        <Text fw={700}>{title}</Text>
        {action}
      </Group>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" truncate>
        {value}
      </Text>
    </Group>
  );
}

function Row({
  text,
  hint,
  onRemove,
  removeLabel,
}: {
  text: string;
  hint?: string;
  onRemove?: () => void;
  removeLabel: string;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" truncate>
          {text}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed" truncate>
            {hint}
          </Text>
        ) : null}
      </Stack>
      {onRemove ? (
        <Tooltip label={removeLabel}>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={removeLabel} onClick={onRemove}>
            <IconTrash size={14} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="light" size="sm" aria-label={label} onClick={onClick}>
        <IconPlus size={14} />
      </ActionIcon>
    </Tooltip>
  );
}
