import '@mantine/core/styles/SimpleGrid.layer.css';
import { Group, SimpleGrid, Text } from '@mantine/core';
import { type ClassroomDetails, isOnlineLessonType, type Level, levelLabels } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth';
import { studentPagePath } from '@/features/students';
import { formatEpoch, formatHours } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import type { ClassActions } from '../../hooks/use-class-actions';
import { distinctLabels, lessonLabel } from '../../lib/distinct-labels';
import { MeetingLink } from '../meeting-link';
import { AddButton, Fact, FactCard, FactRow } from './fact-card';

interface ClassFactsProps {
  details: ClassroomDetails;
  /** The class may be changed: add and remove buttons are shown. */
  manage: boolean;
  actions: ClassActions;
}

/** The class at a glance: overview, its students, its lessons and courses. */
export function ClassFacts({ details, manage, actions }: ClassFactsProps) {
  const { t } = useTranslation('classes');
  const language = currentLanguage();
  const me = useCurrentUser();
  const held = details.times.filter((s) => s.state === 'haveclass').length;
  // Each remove button names its row, even when two rows read alike (issue #13).
  const studentNames = distinctLabels(details.students.map((s) => s.studentName));
  const lessonNames = distinctLabels(details.lessons.map(lessonLabel));
  const courseNames = distinctLabels(details.specifications.map((s) => s.title));
  const level =
    details.classroomLevel in levelLabels
      ? levelLabels[details.classroomLevel as Level][language]
      : details.classroomLevel;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mb="md">
      <FactCard title={t('details.overview')}>
        <Fact label={t('columns.teacher')} value={details.teacher.teacherName} />
        <Fact label={t('create.assistant')} value={details.assistantTeacher?.fullName ?? '—'} />
        <Fact label={t('columns.room')} value={details.classroomNumber ?? t('details.online')} />
        {isOnlineLessonType(details.lessonType) ? (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('meetingLink.label')}
            </Text>
            <MeetingLink url={details.meetingLink} />
          </Group>
        ) : null}
        <Fact label={t('create.level')} value={level} />
        <Fact
          label={t('details.progress')}
          value={t('details.progressValue', {
            held,
            total: details.times.filter((s) => s.state !== 'canceled').length,
          })}
        />
        <Fact label={t('columns.created')} value={formatEpoch(details.createMoment, 'date')} />
      </FactCard>
      <FactCard
        title={t('details.students', { count: details.students.length })}
        action={
          manage ? (
            <AddButton label={t('details.addStudents')} onClick={() => actions.openClassDialog('students')} />
          ) : null
        }
      >
        {details.students.map((s, index) => (
          <FactRow
            key={s.studentPublicKey ?? index}
            text={s.studentName}
            to={
              s.studentPublicKey
                ? studentPagePath(me, { publicKey: s.studentPublicKey, consultant: s.consultantPublicKey })
                : null
            }
            onRemove={
              manage && details.students.length > 1 && s.studentPublicKey
                ? () =>
                    actions.ask({
                      kind: 'removeStudent',
                      key: s.studentPublicKey!,
                      name: studentNames[index]!,
                    })
                : undefined
            }
            removeLabel={t('details.removeNamed', { name: studentNames[index] })}
          />
        ))}
      </FactCard>
      <FactCard
        title={t('details.lessonsAndCourses')}
        action={
          manage ? (
            <AddButton label={t('details.addLesson')} onClick={() => actions.openClassDialog('lesson')} />
          ) : null
        }
      >
        {details.lessons.map((l, index) => (
          <FactRow
            key={l.classroomLessonId}
            text={`${l.lessonName} · ${l.lessonTitle}`}
            hint={`${l.lessonSubTitle ? `${l.lessonSubTitle} · ` : ''}${formatHours(Number(l.teachingLessonTimeInHour))}`}
            onRemove={
              manage && details.lessons.length > 1
                ? () =>
                    actions.ask({
                      kind: 'removeLesson',
                      key: l.classroomLessonId,
                      name: lessonNames[index]!,
                    })
                : undefined
            }
            removeLabel={t('details.removeNamed', { name: lessonNames[index] })}
          />
        ))}
        <Group justify="space-between" mt="xs">
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t('details.courses')}
          </Text>
          {manage ? (
            <AddButton label={t('details.addCourses')} onClick={() => actions.openClassDialog('courses')} />
          ) : null}
        </Group>
        {details.specifications.length ? (
          details.specifications.map((s, index) => (
            <FactRow
              key={s.specificationId}
              text={s.title}
              onRemove={
                manage
                  ? () =>
                      actions.ask({ kind: 'removeCourse', key: s.specificationId, name: courseNames[index]! })
                  : undefined
              }
              removeLabel={t('details.removeNamed', { name: courseNames[index] })}
            />
          ))
        ) : (
          <Text size="sm" c="dimmed">
            {t('details.noCourses')}
          </Text>
        )}
      </FactCard>
    </SimpleGrid>
  );
}
