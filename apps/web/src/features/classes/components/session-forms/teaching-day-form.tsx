import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import { MultiSelect, NumberInput, SegmentedControl, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  type ClassroomDetails,
  type ClassSession,
  type TeachingType,
  teachingDayInfoBody,
} from '@tutoria/shared';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { centreZone, inCentre, toEpoch } from '@/lib/time';
import { useClassMutation } from '../../api/classes';
import { isOnline } from '../class-fields';
import { FormButtons } from '../form-buttons';

type TeachingDayValues = {
  date: string | null;
  taughtLessonsDescription: string;
  teachingMinutes: number | string;
  teachingType: TeachingType;
  classroomLessonIds: string[];
};

interface SessionFormProps {
  session: ClassSession;
  details: ClassroomDetails;
  onDone: () => void;
}

/** The teaching day: date, taught lessons, teaching minutes, online or offline (SPEC §3). */
export function TeachingDayForm({ session, details, onDone }: SessionFormProps) {
  const { t } = useTranslation('classes');
  const save = useClassMutation('setTeachingDayInfo', { silent: true });
  const info = session.teachingDayInformation;
  const schema = useMemo(
    () =>
      bodySchema(teachingDayInfoBody, (values: TeachingDayValues) => ({
        ...values,
        sessionId: session.sessionId,
        date: values.date ? toEpoch(dayjs.tz(`${values.date} 00:00`, centreZone())) : session.start,
        teachingMinutes: Number(values.teachingMinutes),
      })),
    [session.sessionId, session.start],
  );
  const form = useSchemaForm<TeachingDayValues>(schema, {
    date: inCentre(info?.date ?? session.start).format('YYYY-MM-DD'),
    taughtLessonsDescription: info?.taughtLessonsDescription ?? '',
    teachingMinutes: info?.teachingMinutes ?? session.durationMinutes,
    teachingType: info?.teachingType ?? (isOnline(details.lessonType) ? 'online' : 'offline'),
    classroomLessonIds: info?.classroomLessonIds ?? [],
  });
  const submit = form.onSave(save, (values) => schema.parse(values), onDone);
  const input = (field: keyof TeachingDayValues) => ({ key: form.key(field), ...form.getInputProps(field) });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateInput
            label={t('session.teachingDate')}
            valueFormat="YYYY-MM-DD"
            withAsterisk
            popoverProps={{ withinPortal: true }}
            {...input('date')}
          />
          <NumberInput
            label={t('session.teachingMinutes')}
            min={1}
            max={960}
            withAsterisk
            {...input('teachingMinutes')}
          />
        </SimpleGrid>
        <SegmentedControl
          data={[
            { value: 'offline', label: t('session.offline') },
            { value: 'online', label: t('session.online') },
          ]}
          aria-label={t('session.teachingType')}
          {...input('teachingType')}
        />
        <MultiSelect
          label={t('session.taughtLessons')}
          data={details.lessons.map((l) => ({
            value: l.classroomLessonId,
            label: `${l.lessonName} · ${l.lessonTitle}${l.lessonSubTitle ? ` – ${l.lessonSubTitle}` : ''}`,
          }))}
          comboboxProps={{ withinPortal: true }}
          {...input('classroomLessonIds')}
        />
        <Textarea
          label={t('session.taughtDescription')}
          placeholder={t('session.taughtPlaceholder')}
          autosize
          minRows={3}
          withAsterisk
          {...input('taughtLessonsDescription')}
        />
        <FormButtons onCancel={onDone} loading={save.isPending} label={t('actions.save')} />
      </Stack>
    </form>
  );
}
