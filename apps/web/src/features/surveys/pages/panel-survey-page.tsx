import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconMessageCircleQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { formatEpoch } from '@/lib/format';
import { useMySurvey } from '../api/surveys';
import { SurveyItemForm } from '../components/survey-item-form';

/** `/panel/surveys`: the student rates each class and teacher of the open round. */
export function PanelSurveyPage() {
  const { t } = useTranslation('surveys');
  const survey = useMySurvey();
  const data = survey.data;
  if (!data) return <PageLoader />;
  const round = data.round;
  return (
    <>
      <PageHeader title={t('student.title')} description={t('student.subtitle')} />
      {!round ? (
        <Alert icon={<IconMessageCircleQuestion size={18} />} color="gray">
          {t('student.none')}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={600}>
              {t('student.round', {
                title: round.title,
                start: formatEpoch(round.startsAt, 'date'),
                end: formatEpoch(round.endsAt - 1, 'date'),
              })}
            </Text>
            {data.pendingCount > 0 ? (
              <Badge color="orange" variant="light">
                {t('student.pending', { count: data.pendingCount })}
              </Badge>
            ) : null}
          </Group>
          {data.items.length === 0 ? <Text c="dimmed">{t('student.noItems')}</Text> : null}
          {data.items.map((item) => (
            <SurveyItemForm
              key={`${item.classroomId}:${item.teacherPublicKey}`}
              roundId={round.roundId}
              questions={data.questions}
              item={item}
            />
          ))}
        </Stack>
      )}
    </>
  );
}
