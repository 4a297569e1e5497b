import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface FormButtonsProps {
  onCancel: () => void;
  loading: boolean;
  label: string;
  color?: string;
  disabled?: boolean;
}

/** Cancel and the form's submit button, at the foot of a class or session dialog. */
export function FormButtons({ onCancel, loading, label, color, disabled }: FormButtonsProps) {
  const { t } = useTranslation('classes');
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" color={color} loading={loading} disabled={disabled}>
        {label}
      </Button>
    </Group>
  );
}
