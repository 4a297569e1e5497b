import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FormFooterProps {
  /** The refusal the form shows above its buttons (`errors.form`), if any. */
  error: ReactNode;
  onCancel: () => void;
  /** The submit button: Save unless named, busy while the call runs. */
  submitLabel?: string;
  loading: boolean;
  color?: string;
  disabled?: boolean;
}

/** The end of a finance form in a dialog: the server's refusal, then Cancel and the submit button. */
export function FormFooter({ error, onCancel, submitLabel, loading, color, disabled }: FormFooterProps) {
  const { t } = useTranslation('finance');
  return (
    <>
      {error ? (
        <Text size="sm" c="red">
          {error}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" color={color} loading={loading} disabled={disabled}>
          {submitLabel ?? t('actions.save')}
        </Button>
      </Group>
    </>
  );
}
