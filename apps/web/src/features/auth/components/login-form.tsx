import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { loginBody, type CurrentUser } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '@/hooks/use-schema-form';
import { useSignIn } from '../api/login';

export function LoginForm({ onSignedIn }: { onSignedIn: (user: CurrentUser) => void }) {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const form = useSchemaForm(loginBody, { userName: '', password: '' });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => signIn.mutate(loginBody.parse(values), { onSuccess: onSignedIn }))}
    >
      <Stack gap="md">
        <TextInput
          label={t('login.userName')}
          placeholder={t('login.userNamePlaceholder')}
          autoComplete="username"
          leftSection={<IconUser size={18} />}
          size="md"
          data-autofocus
          key={form.key('userName')}
          {...form.getInputProps('userName')}
        />
        <PasswordInput
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          leftSection={<IconLock size={18} />}
          size="md"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" fullWidth loading={signIn.isPending} mt="xs">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
