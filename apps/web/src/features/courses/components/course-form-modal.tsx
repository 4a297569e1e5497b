import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { createSpecificationBody, editSpecificationBody, type Specification } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseTypeOptions, levelOptions, requiredBaseType, requiredLevel } from '@/lib/catalog';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useCreateCourse, useEditCourse } from '../api/save-course';
import { LessonPicker } from './lesson-picker';

const formSchema = createSpecificationBody.extend({ level: requiredLevel, baseType: requiredBaseType });

interface CourseFormModalProps {
  opened: boolean;
  course: Specification | null;
  onClose: () => void;
}

export function CourseFormModal({ opened, course, onClose }: CourseFormModalProps) {
  const { t } = useTranslation('lessons');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={course ? t('courses.editTitle') : t('courses.createTitle')}
      size="xl"
      centered
    >
      {opened ? <CourseForm key={course?.specificationId ?? 'new'} course={course} onDone={onClose} /> : null}
    </Modal>
  );
}

function CourseForm({ course, onDone }: { course: Specification | null; onDone: () => void }) {
  const { t } = useTranslation('lessons');
  const language = currentLanguage();
  const create = useCreateCourse();
  const edit = useEditCourse();
  const form = useSchemaForm(formSchema, {
    title: course?.title ?? '',
    level: course?.level ?? null,
    baseType: course?.baseType ?? null,
    isEvaluationTest: course?.isEvaluationTest ?? false,
    lessonIds: course?.lessons.map((l) => l.lessonId) ?? [],
  });
  // The picker shows the chosen lessons in order, so it needs the current value on every change.
  const [lessonIds, setLessonIds] = useState<string[]>(form.getValues().lessonIds);
  const pickLessons = (ids: string[]) => {
    setLessonIds(ids);
    form.setFieldValue('lessonIds', ids);
    if (form.errors.lessonIds) form.validateField('lessonIds');
  };

  const options = {
    onSuccess: (result: { message: string }) => {
      notifySuccess(result.message);
      onDone();
    },
    onError: form.setServerErrors,
  };
  const submit = form.onSubmit((values) => {
    if (course)
      edit.mutate(
        editSpecificationBody.parse({ ...values, specificationId: course.specificationId }),
        options,
      );
    else create.mutate(createSpecificationBody.parse(values), options);
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={t('courses.fields.title')}
          placeholder={t('courses.fields.titlePlaceholder')}
          withAsterisk
          data-autofocus
          key={form.key('title')}
          {...form.getInputProps('title')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('courses.fields.level')}
            data={levelOptions(language)}
            withAsterisk
            searchable
            key={form.key('level')}
            {...form.getInputProps('level')}
          />
          <Select
            label={t('courses.fields.baseType')}
            data={baseTypeOptions(language)}
            withAsterisk
            searchable
            key={form.key('baseType')}
            {...form.getInputProps('baseType')}
          />
        </SimpleGrid>
        <Switch
          label={t('courses.fields.isEvaluationTest')}
          description={t('courses.fields.isEvaluationTestHint')}
          key={form.key('isEvaluationTest')}
          {...form.getInputProps('isEvaluationTest', { type: 'checkbox' })}
        />
        <LessonPicker
          value={lessonIds}
          onChange={pickLessons}
          initial={course?.lessons ?? []}
          error={form.errors.lessonIds}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || edit.isPending}>
            {course ? t('actions.save') : t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
