import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { signInBody, signInErrors, type CurrentUser, type SignInValues } from '@tutoria/shared';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { useSignIn } from '../api/login';

type Field = keyof SignInValues;

/**
 * The one form outside `useSchemaForm` (issue 9): the sign-in page loads neither Zod nor a form
 * library, so it checks its two fields with `signInErrors`, the shared schema's rules and texts
 * without Zod. It behaves as a schema form does: errors show on submit, a field's error goes when
 * it is edited, and shown errors follow a language switch.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (user: CurrentUser) => void }) {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  const [values, setValues] = useState<SignInValues>({ userName: '', password: '' });
  const [shown, setShown] = useState<readonly Field[]>([]);
  // Worded at each render, so a language switch re-words what is shown; shown fields are unedited.
  const found: Partial<Record<Field, string>> = {};
  for (const error of signInErrors(values, currentLanguage())) found[error.field as Field] ??= error.message;

  const field = (name: Field) => ({
    value: values[name],
    error: shown.includes(name) ? found[name] : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
      setShown((current) => current.filter((other) => other !== name));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = Object.keys(found) as Field[];
    setShown(invalid);
    if (!invalid.length) void signIn.submit(signInBody(values), onSignedIn);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={t('login.userName')}
          placeholder={t('login.userNamePlaceholder')}
          autoComplete="username"
          leftSection={<IconUser size={18} />}
          size="md"
          data-autofocus
          {...field('userName')}
        />
        <PasswordInput
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          leftSection={<IconLock size={18} />}
          size="md"
          {...field('password')}
        />
        <Button type="submit" size="md" fullWidth loading={signIn.isPending} mt="xs">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
