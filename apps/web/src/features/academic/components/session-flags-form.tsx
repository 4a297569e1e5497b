import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Paper, SimpleGrid, Switch, Text } from '@mantine/core';
import type { SessionFlags, SessionRecords } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useAcademicMutation } from '../api/academic';

const flagNames = ['withOutExam', 'withOutHomeWork', 'withOutReview', 'withOutTeach'] as const;
type FlagName = (typeof flagNames)[number];

/**
 * How many records of each kind the session holds, counted as the server counts them before it
 * refuses a WithOut… flag: exams, homework, lessons reviewed here, lessons taught here.
 */
function recordsOfKind(records: SessionRecords): Record<FlagName, number> {
  const here = records.lessons.flatMap((l) => (l.atSession ? [l.atSession] : []));
  return {
    withOutExam: records.students.reduce((n, s) => n + s.exams.length, 0),
    withOutHomeWork: records.students.reduce((n, s) => n + s.homeworks.length, 0),
    withOutReview: here.filter((a) => a.reviewState === 'Done').length,
    withOutTeach: here.filter((a) => a.teachState === 'Done' || a.teachedTimeInHour > 0).length,
  };
}

/**
 * SPEC §4: the session had no exam / homework / review / teaching, so nothing is missing (issue 27).
 * A switch saves as it is turned, so nothing waits unsaved when the drawer closes; a kind the
 * session already has records of can not be switched on, and says which records stand in the way.
 */
export function SessionFlagsForm({ records, editable }: { records: SessionRecords; editable: boolean }) {
  const { t } = useTranslation('academic');
  const save = useAcademicMutation('setSessionFlags');
  const [flags, setFlags] = useState<SessionFlags>(records.flags);
  const recorded = recordsOfKind(records);

  const turn = (name: FlagName, on: boolean) => {
    const before = flags;
    const next = { ...flags, [name]: on };
    setFlags(next);
    save.mutate(
      { sessionId: records.sessionId, ...next },
      { onSuccess: (result) => notifySuccess(result.message), onError: () => setFlags(before) },
    );
  };

  return (
    <Paper withBorder radius="md" p="sm">
      <Text fw={600} size="sm" mb={4} id={`flags-${records.sessionId}`}>
        {t('flags.title')}
      </Text>
      <SimpleGrid
        cols={{ base: 1, xs: 2 }}
        spacing={6}
        role="group"
        aria-labelledby={`flags-${records.sessionId}`}
      >
        {flagNames.map((name) => {
          const blocked = !flags[name] && recorded[name] > 0;
          return (
            <Switch
              key={name}
              size="sm"
              checked={flags[name]}
              disabled={!editable || blocked || save.isPending}
              label={t(`flags.${name}`)}
              description={blocked ? t(`flags.recorded.${name}`, { count: recorded[name] }) : undefined}
              onChange={(event) => turn(name, event.currentTarget.checked)}
            />
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
