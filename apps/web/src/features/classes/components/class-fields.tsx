import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Autocomplete, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { type ClassroomType, classroomTypes, type LessonType } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { lessonTypeOptions, levelOptions } from '@/lib/catalog';
import { currentLanguage } from '@/lib/i18n';
import { useClassNumbers } from '../api/classes';

/** What a class is, as its create and edit forms hold it. */
export type ClassFieldValues = {
  classroomName: string;
  classroomLevel: string | null;
  classroomType: ClassroomType | null;
  lessonType: LessonType | null;
  classroomNumber: string;
  /** Kept for an online class only. */
  meetingLink: string;
};

export const isOnline = (lessonType: string | null) => lessonType?.endsWith('_Online') ?? false;

/** The room as the API takes it: none for a class taught online or left empty. */
export const roomOf = (values: Pick<ClassFieldValues, 'lessonType' | 'classroomNumber'>) =>
  isOnline(values.lessonType) ? null : values.classroomNumber.trim() || null;

/** The class fields of a request body; an empty choice is left for the shared schema to name. */
export const classFieldsBody = (values: ClassFieldValues) => ({
  classroomName: values.classroomName,
  classroomLevel: values.classroomLevel ?? '',
  classroomType: values.classroomType,
  lessonType: values.lessonType,
  classroomNumber: roomOf(values),
  meetingLink: isOnline(values.lessonType) ? values.meetingLink.trim() || null : null,
});

interface ClassFieldsProps {
  /** The form's input props of a field (`(field) => form.getInputProps(field)`). */
  input: (field: keyof ClassFieldValues) => GetInputPropsReturnType;
  /** The current values of a controlled form: the room follows the lesson type. */
  values: ClassFieldValues;
}

/** Name, level, type, lesson type and room of a class (SPEC §3); an online class's meeting link. */
export function ClassFields({ input, values }: ClassFieldsProps) {
  const { t } = useTranslation('classes');
  const language = currentLanguage();
  const numbers = useClassNumbers();
  const online = isOnline(values.lessonType);
  return (
    <>
      <TextInput
        label={t('create.name')}
        placeholder={t('create.namePlaceholder')}
        withAsterisk
        {...input('classroomName')}
      />
      <Select
        label={t('create.level')}
        data={levelOptions(language)}
        withAsterisk
        searchable
        comboboxProps={{ withinPortal: true }}
        {...input('classroomLevel')}
      />
      <Select
        label={t('create.type')}
        data={classroomTypes.map((v) => ({ value: v, label: t(`classTypes.${v}`) }))}
        withAsterisk
        comboboxProps={{ withinPortal: true }}
        {...input('classroomType')}
      />
      <Select
        label={t('create.lessonType')}
        data={lessonTypeOptions(language)}
        withAsterisk
        searchable
        comboboxProps={{ withinPortal: true }}
        {...input('lessonType')}
      />
      <Autocomplete
        label={t('create.room')}
        description={online ? t('create.roomOnline') : t('create.roomHint')}
        data={numbers.data?.data ?? []}
        disabled={online}
        comboboxProps={{ withinPortal: true }}
        {...input('classroomNumber')}
        value={online ? '' : values.classroomNumber}
      />
      {online ? (
        <TextInput
          label={t('meetingLink.label')}
          description={t('meetingLink.hint')}
          placeholder={t('meetingLink.placeholder')}
          type="url"
          {...input('meetingLink')}
        />
      ) : null}
    </>
  );
}
