import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/LoadingOverlay.layer.css';
import {
  Button,
  Drawer,
  Fieldset,
  Group,
  LoadingOverlay,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  assignableRoles,
  hasStudentProfile,
  roles,
  userScopeOf,
  type CurrentUser,
  type Role,
  type UserDetails,
} from '@tutoria/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { baseTypeOptions } from '@/lib/catalog';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useConsultants, useEditUser, useRegisterUser, useUserDetails } from '../api/users';
import { StudentProfileFields } from './student-profile-fields';
import { UserImageField } from './user-image-field';
import { formSchema, initialValues, toBody, type FormMode, type UserFormValues } from './user-form-values';

interface UserFormDrawerProps {
  me: CurrentUser;
  /** `null` closes the drawer; `'new'` creates; a publicKey edits that user. */
  target: string | null;
  onClose: () => void;
}

export function UserFormDrawer({ me, target, onClose }: UserFormDrawerProps) {
  const { t } = useTranslation('users');
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
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
  const isStudent = hasStudentProfile(role);
  const consultants = useConsultants(isStudent && !consultantFixed);
  const register = useRegisterUser();
  const edit = useEditUser();
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
  return (
    <form noValidate onSubmit={submit} aria-label={user ? t('form.editTitle') : t('form.createTitle')}>
      <Stack gap="lg">
        <Fieldset legend={t('form.account')} radius="md">
          <Stack gap="sm">
            <UserImageField form={form} imageUrl={imageUrl} />
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
              data={baseTypeOptions(language)}
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

        {isStudent ? <StudentProfileFields form={form} resultCount={resultCount} /> : null}

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
