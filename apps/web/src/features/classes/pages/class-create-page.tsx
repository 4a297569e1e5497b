import '@mantine/core/styles/Stepper.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Button, Group, Paper, SimpleGrid, Stack, Stepper, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BaseType } from '@tutoria/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ClassFields, roomOf } from '../components/class-fields';
import { CoursesSelect } from '../components/courses-select';
import { FormFailure } from '../components/form-failure';
import { LessonsEditor } from '../components/lessons-editor';
import { PeopleSelect, PersonSelect } from '../components/person-select';
import { SessionPicker } from '../components/session-picker/session-picker';
import { STEPS, useCreateClass } from '../hooks/use-create-class';

/**
 * `class/create` (SPEC §3, §5): students → teacher → lessons and courses → class details → sessions
 * from the teacher's available times. Each step says what is missing with the form texts; every
 * clash is listed before saving.
 */
export function ClassCreatePage() {
  const { t } = useTranslation('classes');
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`);
  const wizard = useCreateClass();
  const { form, step } = wizard;
  const values = form.getValues();
  const last = step === STEPS.length - 1;

  const steps: Record<(typeof STEPS)[number], ReactNode> = {
    students: (
      <PeopleSelect
        role="Student"
        label={t('create.students')}
        placeholder={t('create.studentsPlaceholder')}
        value={values.studentsPublicKey}
        onChange={(keys, options) => {
          form.setFieldValue('studentsPublicKey', keys);
          form.setFieldValue(
            'studentsBaseType',
            (options.find((o) => o.baseType)?.baseType ?? null) as BaseType | null,
          );
          wizard.forgetCheck();
        }}
        error={form.errors.studentsPublicKey}
        required
      />
    ),
    teacher: (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PersonSelect
          role="Teacher"
          label={t('create.teacher')}
          placeholder={t('create.teacherPlaceholder')}
          value={values.teacherPublicKey}
          onChange={(key, option) => {
            form.setFieldValue('teacherPublicKey', key);
            form.setFieldValue('teacherName', option?.label ?? '');
            wizard.forgetCheck();
          }}
          error={form.errors.teacherPublicKey}
          required
        />
        <PersonSelect
          role="AssistantTeacher"
          label={t('create.assistant')}
          placeholder={t('create.optional')}
          value={values.assistantTeacherPublicKey}
          onChange={(key) => form.setFieldValue('assistantTeacherPublicKey', key)}
        />
      </SimpleGrid>
    ),
    lessons: (
      <Stack gap="md">
        <LessonsEditor
          value={values.lessons}
          onChange={(lessons) => form.setFieldValue('lessons', lessons)}
          errors={form.errors}
        />
        <CoursesSelect
          label={t('create.courses')}
          value={values.specificationIds}
          onChange={(ids) => form.setFieldValue('specificationIds', ids)}
          studentKeys={values.studentsPublicKey}
          baseType={values.studentsBaseType}
        />
      </Stack>
    ),
    details: (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ClassFields input={(field) => form.getInputProps(field)} values={values} />
      </SimpleGrid>
    ),
    times: (
      <SessionPicker
        teacher={
          values.teacherPublicKey ? { publicKey: values.teacherPublicKey, name: values.teacherName } : null
        }
        studentKeys={values.studentsPublicKey}
        room={roomOf(values)}
        value={values.times}
        onChange={wizard.setTimes}
        check={wizard.check}
      />
    ),
  };

  return (
    <>
      <PageHeader title={t('create.title')} description={t('create.subtitle')} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stepper
          active={step}
          onStepClick={(index) => (index < step ? wizard.goTo(index) : undefined)}
          size="sm"
          allowNextStepsSelect={false}
          wrap
        >
          {STEPS.map((name) => (
            <Stepper.Step
              key={name}
              label={phone ? undefined : t(`create.steps.${name}`)}
              description={phone ? undefined : t(`create.steps.${name}Hint`)}
              aria-label={t(`create.steps.${name}`)}
            >
              {steps[name]}
            </Stepper.Step>
          ))}
        </Stepper>
        <FormFailure mt="md">{wizard.failure}</FormFailure>
        <Group justify="space-between" mt="lg">
          <Button variant="default" onClick={() => wizard.goTo(Math.max(0, step - 1))} disabled={step === 0}>
            {t('create.back')}
          </Button>
          <Group gap="sm">
            {last ? (
              <>
                <Button
                  variant="light"
                  onClick={wizard.runCheck}
                  loading={wizard.checking}
                  disabled={!values.times.length}
                >
                  {t('create.check')}
                </Button>
                <Button onClick={wizard.save} loading={wizard.saving}>
                  {t('create.save')}
                </Button>
              </>
            ) : (
              <Button onClick={wizard.next}>{t('create.next')}</Button>
            )}
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mt="sm">
          {t('create.stepOf', { step: step + 1, total: STEPS.length })}
          {phone ? ` · ${t(`create.steps.${STEPS[step]!}`)}` : ''}
        </Text>
      </Paper>
    </>
  );
}
