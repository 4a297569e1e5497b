import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/dates/styles.layer.css';
import {
  ActionIcon,
  Autocomplete,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { subjectLabels, subjects } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import type { SchemaForm } from '@/hooks/use-schema-form';
import { currentLanguage } from '@/lib/i18n';
import type { UserFormValues } from './user-form-values';

const LANGUAGE_TESTS = ['IELTS', 'TOEFL', 'Duolingo', 'PTE Academic', 'Cambridge English'];

/** A student's profile (SPEC §3): school, targets, goals and language scores. */
export function StudentProfileFields({
  form,
  resultCount,
}: {
  form: SchemaForm<UserFormValues>;
  /** Rows of subject results (the form is uncontrolled, so the parent follows their number). */
  resultCount: number;
}) {
  const { t } = useTranslation('users');
  const language = currentLanguage();
  const input = (path: string) => ({ key: form.key(path), ...form.getInputProps(path) });
  const dateInput = (path: string, label: string) => (
    <DateInput
      label={label}
      valueFormat="YYYY-MM-DD"
      placeholder="YYYY-MM-DD"
      clearable
      popoverProps={{ withinPortal: true }}
      {...input(path)}
    />
  );
  return (
    <>
      <Fieldset legend={t('profile.school')} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {dateInput('studentProfile.birthday', t('fields.birthday'))}
          <TextInput label={t('fields.school')} {...input('studentProfile.school')} />
          <TextInput label={t('fields.grade')} {...input('studentProfile.grade')} />
          {dateInput('studentProfile.abroadStudyDate', t('fields.abroadStudyDate'))}
          <TextInput label={t('fields.abroadGrade')} {...input('studentProfile.abroadGrade')} />
          <TextInput label={t('fields.passportID')} {...input('studentProfile.passportID')} />
          {dateInput('studentProfile.passportExpireDate', t('fields.passportExpireDate'))}
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('profile.targets')} radius="md">
        <Stack gap="sm">
          <TagsInput
            label={t('fields.targetUniversities')}
            description={t('form.tagsHint')}
            {...input('studentProfile.targetUniversities')}
          />
          <TagsInput label={t('fields.targetMajors')} {...input('studentProfile.targetMajors')} />
          <TagsInput label={t('fields.targetHighSchools')} {...input('studentProfile.targetHighSchools')} />
          <MultiSelect
            label={t('fields.targetSubjects')}
            data={subjects.map((s) => ({ value: s, label: subjectLabels[s][language] }))}
            searchable
            {...input('studentProfile.targetSubjects')}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('fields.subjectResults')}
            </Text>
            {Array.from({ length: resultCount }, (_row, index) => (
              <Group
                key={form.key(`studentProfile.subjectResults.${index}`)}
                gap="xs"
                align="flex-start"
                wrap="nowrap"
              >
                <TextInput
                  style={{ flex: 2 }}
                  aria-label={t('fields.subject')}
                  placeholder={t('fields.subject')}
                  {...input(`studentProfile.subjectResults.${index}.subject`)}
                />
                <TextInput
                  style={{ flex: 1 }}
                  aria-label={t('fields.result')}
                  placeholder={t('fields.result')}
                  {...input(`studentProfile.subjectResults.${index}.result`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={4}
                  aria-label={t('form.removeResult')}
                  onClick={() => form.removeListItem('studentProfile.subjectResults', index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              size="xs"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                form.insertListItem('studentProfile.subjectResults', { subject: '', result: '' })
              }
            >
              {t('form.addResult')}
            </Button>
          </Stack>
        </Stack>
      </Fieldset>

      <Fieldset legend={t('profile.goals')} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Textarea
            label={t('fields.phaseOneGoal')}
            autosize
            minRows={2}
            {...input('studentProfile.phaseOneGoal')}
          />
          {dateInput('studentProfile.phaseOneAchievementDate', t('fields.phaseOneAchievementDate'))}
          <Textarea
            label={t('fields.phaseTwoGoal')}
            autosize
            minRows={2}
            {...input('studentProfile.phaseTwoGoal')}
          />
          {dateInput('studentProfile.phaseTwoAchievementDate', t('fields.phaseTwoAchievementDate'))}
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('profile.language')} radius="md">
        <Stack gap="sm">
          <Autocomplete
            label={t('fields.languageTest')}
            data={LANGUAGE_TESTS}
            {...input('studentProfile.languageTest')}
          />
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {(['reading', 'writing', 'speaking', 'listening'] as const).map((skill) => (
              <NumberInput
                label={t(`fields.${skill}`)}
                min={0}
                max={999}
                step={0.5}
                decimalScale={1}
                {...input(`studentProfile.languageScores.${skill}`)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Fieldset>
    </>
  );
}
