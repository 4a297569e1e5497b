import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type StudentProfile as Profile, type Subject, subjectLabels } from '@tutoria/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { PageSection } from './page-section';

const isSubject = (value: string): value is Subject => value in subjectLabels;

/** SPEC §3's student profile as four blocks: school, targets, test scores, goals. */
export function StudentProfile({ profile }: { profile: Profile | null }) {
  const { t } = useTranslation('students');
  const language = currentLanguage();
  const subject = (value: string) => (isSubject(value) ? subjectLabels[value][language] : value);
  if (!profile) {
    return (
      <PageSection id="profile" title={t('profile.title')}>
        <Text c="dimmed" size="sm">
          {t('profile.none')}
        </Text>
      </PageSection>
    );
  }
  const scores = (['reading', 'writing', 'speaking', 'listening'] as const).filter(
    (part) => profile.languageScores[part] !== null,
  );
  return (
    <PageSection id="profile" title={t('profile.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" verticalSpacing="md">
        <Block title={t('profile.schooling')}>
          <Line label={t('profile.school')} value={profile.school} />
          <Line label={t('profile.grade')} value={profile.grade} />
          <Line label={t('profile.abroad')} value={profile.abroadStudyDate} />
          <Line label={t('profile.abroadGrade')} value={profile.abroadGrade} />
        </Block>
        <Block title={t('profile.targets')}>
          <Tags label={t('profile.universities')} values={profile.targetUniversities} />
          <Tags label={t('profile.majors')} values={profile.targetMajors} />
          <Tags label={t('profile.highSchools')} values={profile.targetHighSchools} />
          <Tags label={t('profile.subjects')} values={profile.targetSubjects.map(subject)} />
        </Block>
        <Block title={t('profile.scores')}>
          <Line label={t('profile.languageTest')} value={profile.languageTest} />
          {scores.map((part) => (
            <Line
              key={part}
              label={t(`profile.${part}`)}
              value={formatNumber(profile.languageScores[part]!, language)}
            />
          ))}
          {profile.subjectResults.length ? (
            <Tags
              label={t('profile.results')}
              values={profile.subjectResults.map((r) => `${subject(r.subject)} ${r.result}`)}
            />
          ) : null}
        </Block>
        <Block title={t('profile.goals')}>
          <Goal
            label={t('profile.phaseOne')}
            goal={profile.phaseOneGoal}
            date={profile.phaseOneAchievementDate}
          />
          <Goal
            label={t('profile.phaseTwo')}
            goal={profile.phaseTwoGoal}
            date={profile.phaseTwoAchievementDate}
          />
        </Block>
      </SimpleGrid>
    </PageSection>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} miw={0}>
      <Title order={3} size="h6" c="dimmed" tt="uppercase">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A label and its value; a value not given reads as a dash. */
function Line({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation('students');
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {value ?? t('profile.noneGiven')}
      </Text>
    </Group>
  );
}

function Tags({ label, values }: { label: string; values: readonly string[] }) {
  if (!values.length) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap={6}>
        {values.map((value) => (
          <Badge
            key={value}
            variant="light"
            color="indigo"
            tt="none"
            maw="100%"
            style={{ height: 'auto', whiteSpace: 'normal' }}
          >
            {value}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

function Goal({ label, goal, date }: { label: string; goal: string | null; date: string | null }) {
  const { t } = useTranslation('students');
  if (!goal) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
        {date ? ` · ${t('profile.by', { date })}` : ''}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {goal}
      </Text>
    </Stack>
  );
}
