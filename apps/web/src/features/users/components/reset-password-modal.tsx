import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { resetPasswordBody, type UserListItem } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useResetPassword } from '../api/users';

export function ResetPasswordModal({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Modal opened={user !== null} onClose={onClose} title={t('resetPassword.title')} centered>
      {user ? <ResetPasswordForm key={user.publicKey} user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

function ResetPasswordForm({ user, onDone }: { user: UserListItem; onDone: () => void }) {
  const { t } = useTranslation('users');
  const reset = useResetPassword();
  const form = useSchemaForm(resetPasswordBody, {
    publicKey: user.publicKey,
    password: '',
    confirmPassword: '',
  });
  const submit = form.onSave(reset, (values) => resetPasswordBody.parse(values), onDone);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('resetPassword.body', { name: user.fullName })}
        </Text>
        <PasswordInput
          label={t('fields.newPassword')}
          description={t('form.passwordRule')}
          autoComplete="new-password"
          data-autofocus
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={reset.isPending}>
            {t('resetPassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
