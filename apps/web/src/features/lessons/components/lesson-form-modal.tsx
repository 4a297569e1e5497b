import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { createLessonBody, editLessonBody, type Lesson } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useCreateLesson, useEditLesson } from '../api/save-lesson';
import { baseTypeOptions, levelOptions, requiredBaseType, requiredLevel } from '@/lib/catalog';

const formSchema = createLessonBody.extend({ level: requiredLevel, baseType: requiredBaseType });

interface LessonFormModalProps {
  opened: boolean;
  /** The lesson to edit; none to create one. */
  lesson: Lesson | null;
  onClose: () => void;
}

export function LessonFormModal({ opened, lesson, onClose }: LessonFormModalProps) {
  const { t } = useTranslation('lessons');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={lesson ? t('lessons.editTitle') : t('lessons.createTitle')}
      size="lg"
      centered
    >
      {/* Keyed so each opening starts from the lesson's own values. */}
      {opened ? <LessonForm key={lesson?.lessonId ?? 'new'} lesson={lesson} onDone={onClose} /> : null}
    </Modal>
  );
}

function LessonForm({ lesson, onDone }: { lesson: Lesson | null; onDone: () => void }) {
  const { t } = useTranslation('lessons');
  const language = currentLanguage();
  const create = useCreateLesson();
  const edit = useEditLesson();
  const form = useSchemaForm(formSchema, {
    name: lesson?.name ?? '',
    title: lesson?.title ?? '',
    subTitle: lesson?.subTitle ?? '',
    level: lesson?.level ?? null,
    baseType: lesson?.baseType ?? null,
    teachingTimeInHour: lesson?.teachingTimeInHour ?? ('' as number | string),
    description: lesson?.description ?? '',
  });

  const options = {
    onSuccess: (result: { message: string }) => {
      notifySuccess(result.message);
      onDone();
    },
    onError: form.setServerErrors,
  };
  const submit = form.onSubmit((values) => {
    if (lesson) edit.mutate(editLessonBody.parse({ ...values, lessonId: lesson.lessonId }), options);
    else create.mutate(createLessonBody.parse(values), options);
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('lessons.fields.name')}
            placeholder={t('lessons.fields.namePlaceholder')}
            withAsterisk
            data-autofocus
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('lessons.fields.title')}
            placeholder={t('lessons.fields.titlePlaceholder')}
            withAsterisk
            key={form.key('title')}
            {...form.getInputProps('title')}
          />
        </SimpleGrid>
        <TextInput
          label={t('lessons.fields.subTitle')}
          placeholder={t('lessons.fields.subTitlePlaceholder')}
          key={form.key('subTitle')}
          {...form.getInputProps('subTitle')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('lessons.fields.level')}
            data={levelOptions(language)}
            withAsterisk
            searchable
            key={form.key('level')}
            {...form.getInputProps('level')}
          />
          <Select
            label={t('lessons.fields.baseType')}
            data={baseTypeOptions(language)}
            withAsterisk
            searchable
            key={form.key('baseType')}
            {...form.getInputProps('baseType')}
          />
          <NumberInput
            label={t('lessons.fields.teachingTimeInHour')}
            withAsterisk
            min={0.25}
            max={1000}
            step={0.25}
            decimalScale={2}
            key={form.key('teachingTimeInHour')}
            {...form.getInputProps('teachingTimeInHour')}
          />
        </SimpleGrid>
        <Textarea
          label={t('lessons.fields.description')}
          autosize
          minRows={3}
          maxRows={8}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || edit.isPending}>
            {lesson ? t('actions.save') : t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
