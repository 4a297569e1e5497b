import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { changePasswordBody } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { notifySuccess } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';

export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const changePassword = useChangePassword();
  const form = useSchemaForm(changePasswordBody, { oldPassword: '', newPassword: '', confirmPassword: '' });

  const submit = form.onSubmit((values) =>
    changePassword.mutate(changePasswordBody.parse(values), {
      onSuccess: (result) => {
        notifySuccess(result.message || t('account.changed'));
        form.reset();
      },
      onError: form.setServerErrors,
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <PasswordInput
          label={t('account.oldPassword')}
          autoComplete="current-password"
          key={form.key('oldPassword')}
          {...form.getInputProps('oldPassword')}
        />
        <PasswordInput
          label={t('account.newPassword')}
          description={t('account.passwordRule')}
          autoComplete="new-password"
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('account.confirmPassword')}
          autoComplete="new-password"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={changePassword.isPending}>
            {t('account.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
