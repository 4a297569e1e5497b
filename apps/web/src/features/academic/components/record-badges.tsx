import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';
import type { RecordState } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';

/** Pending (amber) or Done (teal), in the current language. */
export function StateBadge({ state }: { state: RecordState }) {
  const { t } = useTranslation('academic');
  return (
    <Badge size="sm" radius="sm" variant="light" color={state === 'Done' ? 'teal' : 'yellow'}>
      {t(`states.${state}`)}
    </Badge>
  );
}
