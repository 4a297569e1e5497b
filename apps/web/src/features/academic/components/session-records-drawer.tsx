import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { Button, Drawer, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import type { ClassSession } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth';
import { formatEpoch } from '@/lib/format';
import { useSessionRecords } from '../api/academic';
import { recordAbilities } from '../lib/abilities';
import { GiveHomeworkForm } from './give-homework-form';
import { LessonProgressRow } from './lesson-progress-row';
import { SessionFlagsForm } from './session-flags-form';
import { StudentRecords } from './student-records';

/** What the drawer reads of a session: a class's session or a row of a sessions list (issue 27). */
type RecordedSession = Pick<ClassSession, 'sessionId' | 'start' | 'state' | 'confirmation'>;

/**
 * The session row's "Records" button and its drawer (issue 10): homework, exams and lesson
 * progress of a held session, all students at once, plus the WithOut… flags.
 */
export function SessionRecordsButton({
  session,
  classLive,
}: {
  session: RecordedSession;
  classLive: boolean;
}) {
  const { t } = useTranslation('academic');
  const [opened, setOpened] = useState(false);
  if (session.state === 'canceled' || session.start * 1000 > Date.now()) return null;
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="grape"
        leftSection={<IconNotebook size={14} />}
        onClick={() => setOpened(true)}
      >
        {t('drawer.open')}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="xl"
        title={
          <Title order={2} size="h4">
            {t('drawer.title', { date: formatEpoch(session.start, 'long') })}
          </Title>
        }
      >
        {opened ? <SessionRecordsPanel session={session} classLive={classLive} /> : null}
      </Drawer>
    </>
  );
}

function SessionRecordsPanel({ session, classLive }: { session: RecordedSession; classLive: boolean }) {
  const { t } = useTranslation('academic');
  const { data: records, isLoading, isError } = useSessionRecords(session.sessionId);
  const can = recordAbilities(useCurrentUser(), session, classLive);
  if (isLoading) return <Skeleton height={300} radius="md" />;
  if (isError || !records) return <Text c="dimmed">{t('drawer.notFound')}</Text>;
  return (
    <Stack gap="md" data-testid="session-records">
      {session.confirmation === 'confirmedByAdmin' && !can.record ? (
        <Text size="sm" c="dimmed">
          {t('drawer.locked')}
        </Text>
      ) : null}
      <SessionFlagsForm key={JSON.stringify(records.flags)} records={records} editable={can.record} />
      {can.record && records.students.length ? <GiveHomeworkForm records={records} /> : null}
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('progress.title')}
        </Title>
        {records.lessons.map((lesson) => (
          <LessonProgressRow
            key={`${lesson.classroomLessonId}-${lesson.atSession?.teachedTimeInHour ?? ''}`}
            sessionId={records.sessionId}
            lesson={lesson}
            editable={can.record}
          />
        ))}
      </Stack>
      {records.students.map((student) => (
        <StudentRecords
          key={student.studentPublicKey}
          sessionId={records.sessionId}
          classroomId={records.classroomId}
          student={student}
          lessons={records.lessons}
          can={can}
        />
      ))}
    </Stack>
  );
}
