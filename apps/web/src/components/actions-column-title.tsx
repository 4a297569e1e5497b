import '@mantine/core/styles/VisuallyHidden.layer.css';
import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The header of a table's row-actions column: unseen, but read out, so every cell has a header. */
export function ActionsColumnTitle() {
  const { t } = useTranslation();
  return <VisuallyHidden>{t('table.actions')}</VisuallyHidden>;
}
