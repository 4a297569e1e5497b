import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import { Anchor, Badge, Button, Checkbox, Divider, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { type AvailableTime, sessionDisplayColours, slotColour } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatSpan } from '@/lib/format';
import { href } from '@/lib/routes';
import { readableOn } from '@/lib/colours';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useCancelTime, useRemoveTime } from '../api/timetable';

interface SlotDetailsModalProps {
  slot: { teacherName: string; slot: AvailableTime } | null;
  canEdit: boolean;
  /** Staff who may open class details. */
  canOpenClasses: boolean;
  onClose: () => void;
}

export function SlotDetailsModal({ slot, canEdit, canOpenClasses, onClose }: SlotDetailsModalProps) {
  const { t } = useTranslation('schedule');
  return (
    <Modal opened={slot !== null} onClose={onClose} title={t('slot.title')} centered size="lg">
      {slot ? (
        <SlotDetails
          key={slot.slot.availableTimeId}
          {...slot}
          canEdit={canEdit}
          canOpenClasses={canOpenClasses}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function SlotDetails({
  teacherName,
  slot,
  canEdit,
  canOpenClasses,
  onDone,
}: {
  teacherName: string;
  slot: AvailableTime;
  canEdit: boolean;
  canOpenClasses: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('schedule');
  const language = currentLanguage();
  const cancel = useCancelTime();
  const remove = useRemoveTime();
  const [following, setFollowing] = useState(false);
  const now = Date.now() / 1000;
  const future = slot.sessions.filter((s) => s.start > now);
  const [cancelSessions, setCancelSessions] = useState(false);
  const colour = slotColour(slot);
  const body = { availableTimeId: slot.availableTimeId, following, cancelSessions };
  const done = (result: { message: string }) => {
    notifySuccess(result.message);
    onDone();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>{teacherName}</Text>
          <Text size="sm" c="dimmed">
            {formatSpan(slot.start, slot.end, language)}
          </Text>
          {slot.seriesId ? (
            <Text size="xs" c="dimmed">
              {t('slot.series')}
            </Text>
          ) : null}
        </Stack>
        <Badge style={readableOn(colour)} radius="sm">
          {slot.hasClassroom && slot.state === 'Active'
            ? t('legend.hasClassroom')
            : t(`states.${slot.state}`)}
        </Badge>
      </Group>
      <Divider label={t('slot.sessions')} labelPosition="left" />
      {slot.sessions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('slot.noSessions')}
        </Text>
      ) : (
        <Stack gap="xs">
          {slot.sessions.map((s) => (
            <Paper key={s.sessionId} withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {s.classroomName}
                    {s.classroomNumber ? ` · ${s.classroomNumber}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatSpan(s.start, s.end, language)} · {s.studentNames.join(', ')}
                  </Text>
                  {s.waitingForRecords ? (
                    <Badge
                      radius="sm"
                      w="fit-content"
                      style={readableOn(sessionDisplayColours.notRecorded)}
                    >
                      {t('notRecorded.label')}
                    </Badge>
                  ) : null}
                </Stack>
                {canOpenClasses ? (
                  <Anchor
                    component={Link}
                    to={href('classDetails', { id: s.classroomId })}
                    size="sm"
                    onClick={onDone}
                  >
                    {t('slot.openClass')}
                  </Anchor>
                ) : null}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {canEdit ? (
        <>
          <Divider />
          <Stack gap={6}>
            {slot.seriesId ? (
              <Checkbox
                label={t('slot.following')}
                checked={following}
                onChange={(e) => setFollowing(e.currentTarget.checked)}
              />
            ) : null}
            {future.length ? (
              <Checkbox
                label={t('slot.cancelSessions', { count: future.length })}
                checked={cancelSessions}
                onChange={(e) => setCancelSessions(e.currentTarget.checked)}
              />
            ) : null}
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              {t('slot.close')}
            </Button>
            {slot.state !== 'Cancel' ? (
              <Button
                color="dark"
                variant="light"
                loading={cancel.isPending}
                onClick={() => cancel.mutate(body, { onSuccess: done })}
              >
                {t('slot.cancel')}
              </Button>
            ) : null}
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(body, { onSuccess: done })}
            >
              {t('slot.remove')}
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
