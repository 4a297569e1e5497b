import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Anchor, Badge, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { lessonTypeLabel, type StudentPageClass } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatEpoch } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { PageSection } from './page-section';

/**
 * The classes of the student the caller reaches, each with its teacher, next session and how far
 * it has come; a class's name leads to its details where the caller may open them.
 */
export function StudentClasses({
  classes,
  classLink,
}: {
  classes: StudentPageClass[];
  classLink: (classroomId: string) => string | null;
}) {
  const { t } = useTranslation('students');
  const language = currentLanguage();
  return (
    <PageSection id="classes" title={t('classes.title')}>
      {classes.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('classes.none')}
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {classes.map((c) => {
            const to = classLink(c.classroomId);
            return (
              <Paper
                key={c.classroomId}
                component="li"
                withBorder
                radius="md"
                p="sm"
                data-testid="student-class"
              >
                <Stack gap={6}>
                  <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                    {to ? (
                      <Anchor
                        component={Link}
                        to={to}
                        fw={700}
                        size="sm"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {c.classroomName}
                      </Anchor>
                    ) : (
                      <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {c.classroomName}
                      </Text>
                    )}
                    <Badge variant="light" color="grape" tt="none" style={{ flexShrink: 0 }}>
                      {lessonTypeLabel(c.lessonType, language)}
                    </Badge>
                  </Group>
                  <Text size="sm">
                    <Text span c="dimmed" inherit>
                      {t('classes.teacher')}:{' '}
                    </Text>
                    {c.teacher?.fullName ?? t('classes.noTeacher')}
                  </Text>
                  <Text size="sm">
                    <Text span c="dimmed" inherit>
                      {t('classes.next')}:{' '}
                    </Text>
                    {c.nextSessionStart === null
                      ? t('classes.noNext')
                      : formatEpoch(c.nextSessionStart, 'long', language)}
                  </Text>
                  <Stack gap={2}>
                    <Text size="xs" c="dimmed">
                      {t('classes.held', { held: c.sessionsHeld, total: c.sessionsTotal })}
                    </Text>
                    <Progress
                      value={c.sessionsTotal ? (100 * c.sessionsHeld) / c.sessionsTotal : 0}
                      size="sm"
                      aria-label={t('classes.held', { held: c.sessionsHeld, total: c.sessionsTotal })}
                    />
                  </Stack>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </PageSection>
  );
}
