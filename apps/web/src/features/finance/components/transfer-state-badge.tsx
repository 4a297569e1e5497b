import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';
import type { Transfer } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';

const colours = { waiting: 'orange', confirmed: 'teal', reversed: 'gray' } as const;

/** Waiting / confirmed / reversed; a waiting transfer says when the consultant's step is taken. */
export function TransferStateBadge({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('finance');
  const half = transfer.state === 'waiting' && transfer.consultantConfirmation ? ` · ${t('states.byConsultant')}` : '';
  return (
    <Badge variant="light" color={colours[transfer.state]} radius="sm" miw="max-content">
      {t(`states.${transfer.state}`)}
      {half}
    </Badge>
  );
}
