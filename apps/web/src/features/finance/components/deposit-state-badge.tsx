import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';
import type { Deposit } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';

const colours = { waiting: 'orange', confirmed: 'teal', reversed: 'gray' } as const;

/** Waiting / confirmed / reversed; a waiting deposit says which confirmation it already has. */
export function DepositStateBadge({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation('finance');
  const half =
    deposit.state === 'waiting' && (deposit.consultantConfirmation || deposit.financialAdminConfirmation)
      ? ` · ${t(deposit.consultantConfirmation ? 'states.byConsultant' : 'states.byFinancialAdmin')}`
      : '';
  return (
    <Badge variant="light" color={colours[deposit.state]} radius="sm" miw="max-content">
      {t(`states.${deposit.state}`)}
      {half}
    </Badge>
  );
}
