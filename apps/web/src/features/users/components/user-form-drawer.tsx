import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/LoadingOverlay.layer.css';
import '@mantine/dates/styles.layer.css';
import {
  ActionIcon,
  Avatar,
  Button,
  Drawer,
  FileButton,
  Fieldset,
  Group,
  LoadingOverlay,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  MultiSelect,
  Autocomplete,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconPhotoUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  assignableRoles,
  baseTypeLabels,
  baseTypes,
  roles,
  subjectLabels,
  subjects,
  USER_IMAGE_TYPES,
  userScopeOf,
  type CurrentUser,
  type Role,
  type UserDetails,
} from '@tutoria/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useUploadUserImage } from '../api/upload-image';
import { useConsultants, useEditUser, useRegisterUser, useUserDetails } from '../api/users';
import { formSchema, initialValues, toBody, type FormMode, type UserFormValues } from './user-form-values';

const LANGUAGE_TESTS = ['IELTS', 'TOEFL', 'Duolingo', 'PTE Academic', 'Cambridge English'];

interface UserFormDrawerProps {
  me: CurrentUser;
  /** `null` closes the drawer; `'new'` creates; a publicKey edits that user. */
  target: string | null;
  onClose: () => void;
}

export function UserFormDrawer({ me, target, onClose }: UserFormDrawerProps) {
  const { t } = useTranslation('users');
  const isPhone = useMediaQuery('(max-width: 48em)');
  const editing = target !== null && target !== 'new';
  const details = useUserDetails(editing ? target : null);
  const ready = !editing || details.data !== undefined;
  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 760}
      title={
        <Text fw={700} size="lg">
          {editing ? t('form.editTitle') : t('form.createTitle')}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('form.close') }}
    >
      {target !== null && ready ? (
        // Keyed by the user only: a refetch while saving must not remount the form (and drop its callbacks).
        <UserForm key={target} me={me} user={editing ? details.data! : null} onDone={onClose} />
      ) : (
        <LoadingOverlay visible />
      )}
    </Drawer>
  );
}

function UserForm({ me, user, onDone }: { me: CurrentUser; user: UserDetails | null; onDone: () => void }) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const language = currentLanguage();
  const myScope = userScopeOf(me.role);
  const consultantFixed = myScope === 'consultant';
  const userKey = user?.publicKey;
  const mode = useMemo<FormMode>(
    () => (userKey ? { kind: 'edit', publicKey: userKey, consultantFixed } : { kind: 'create' }),
    [userKey, consultantFixed],
  );
  const roleChoices = useMemo(() => {
    const allowed = assignableRoles(me, roles);
    return user && !allowed.includes(user.role) ? [...allowed, user.role] : allowed;
  }, [me, user]);
  const defaultRole: Role = roleChoices.includes('Student') ? 'Student' : (roleChoices[0] ?? 'Student');
  const schema = useMemo(() => formSchema(mode), [mode]);
  const form = useSchemaForm<UserFormValues>(schema, initialValues(user, defaultRole));
  // The form is uncontrolled: what the layout depends on is mirrored in state.
  const [role, setRole] = useState<Role>(form.getValues().role);
  const [imageUrl, setImageUrl] = useState(form.getValues().imageUrl);
  const [resultCount, setResultCount] = useState(form.getValues().studentProfile.subjectResults.length);
  form.watch('role', ({ value }) => setRole(value as Role));
  form.watch('imageUrl', ({ value }) => setImageUrl(value as string | null));
  form.watch('studentProfile.subjectResults', ({ value }) => setResultCount((value as unknown[]).length));
  const isStudent = role === 'Student';
  const consultants = useConsultants(isStudent && !consultantFixed);
  const register = useRegisterUser();
  const edit = useEditUser();
  const upload = useUploadUserImage();
  const saving = register.isPending || edit.isPending;
  const isSelf = user?.publicKey === me.publicKey;

  const submit = form.onSubmit((values) => {
    const body = toBody(values, mode);
    const done = (result: { message: string }) => {
      notifySuccess(result.message);
      onDone();
    };
    if (mode.kind === 'create')
      register.mutate(body as Parameters<typeof register.mutate>[0], {
        onSuccess: done,
        onError: form.setServerErrors,
      });
    else
      edit.mutate(body as Parameters<typeof edit.mutate>[0], {
        onSuccess: done,
        onError: form.setServerErrors,
      });
  });

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
    <form noValidate onSubmit={submit} aria-label={user ? t('form.editTitle') : t('form.createTitle')}>
      <Stack gap="lg">
        <Fieldset legend={t('form.account')} radius="md">
          <Stack gap="sm">
            <Group gap="md" align="center">
              <Avatar src={imageUrl} size={64} radius="xl" color="indigo" alt="">
                {form.getValues().fullName.slice(0, 2).toUpperCase()}
              </Avatar>
              <Group gap="xs">
                <FileButton
                  accept={USER_IMAGE_TYPES.join(',')}
                  onChange={(file) => {
                    if (file)
                      upload.mutate(file, { onSuccess: (url) => form.setFieldValue('imageUrl', url) });
                  }}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      size="xs"
                      leftSection={<IconPhotoUp size={16} />}
                      loading={upload.isPending}
                    >
                      {t('form.uploadImage')}
                    </Button>
                  )}
                </FileButton>
                {imageUrl ? (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => form.setFieldValue('imageUrl', null)}
                  >
                    {t('form.removeImage')}
                  </Button>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {t('form.imageHint')}
              </Text>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('fields.fullName')}
                withAsterisk
                autoComplete="off"
                {...input('fullName')}
              />
              <TextInput label={t('fields.nickName')} autoComplete="off" {...input('nickName')} />
              <TextInput
                label={t('fields.userName')}
                withAsterisk
                autoComplete="off"
                {...input('userName')}
              />
              <Select
                label={t('fields.role')}
                withAsterisk
                allowDeselect={false}
                disabled={isSelf || roleChoices.length <= 1}
                data={roleChoices.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
                {...input('role')}
              />
              {user ? (
                <PasswordInput
                  label={t('fields.newPassword')}
                  description={t('form.passwordEditHint')}
                  autoComplete="new-password"
                  {...input('password')}
                />
              ) : (
                <>
                  <PasswordInput
                    label={t('fields.password')}
                    description={t('form.passwordRule')}
                    withAsterisk
                    autoComplete="new-password"
                    {...input('password')}
                  />
                  <PasswordInput
                    label={t('fields.confirmPassword')}
                    withAsterisk
                    autoComplete="new-password"
                    {...input('confirmPassword')}
                  />
                </>
              )}
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('form.contact')} radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('fields.phoneNumber')}
              description={t('form.phoneHint')}
              placeholder="+86 138 0000 0000"
              {...input('phoneNumber')}
            />
            <TextInput label={t('fields.emailAddress')} type="email" {...input('emailAddress')} />
            <Select
              label={t('fields.baseType')}
              clearable
              data={baseTypes.map((b) => ({ value: b, label: baseTypeLabels[b][language] }))}
              {...input('baseType')}
            />
            {isStudent && !consultantFixed ? (
              <Select
                label={t('fields.consultant')}
                clearable
                searchable
                nothingFoundMessage={t('form.noConsultant')}
                data={(consultants.data ?? []).map((c) => ({ value: c.publicKey, label: c.fullName }))}
                {...input('consultant')}
              />
            ) : null}
          </SimpleGrid>
        </Fieldset>

        {isStudent ? (
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
                <TagsInput
                  label={t('fields.targetHighSchools')}
                  {...input('studentProfile.targetHighSchools')}
                />
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
        ) : null}

        <Group justify="flex-end" gap="sm" pb="md">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {user ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
