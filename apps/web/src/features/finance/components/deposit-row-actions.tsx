import '@mantine/core/styles/Menu.layer.css';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { Deposit, Permission } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import type { DepositStep } from './deposit-step-modal';

export type DepositAction = DepositStep | 'edit' | 'delete' | 'history';

/** What the caller may do with a deposit in its state; the server checks the same again. */
export function depositActions(d: Deposit, can: (p: Permission) => boolean): DepositAction[] {
  const out: DepositAction[] = [];
  if (d.state === 'waiting') {
    if (can('deposits.confirmAsConsultant') && !d.consultantConfirmation) out.push('confirmByConsultant');
    if (can('deposits.confirmAsFinancialAdmin') && !d.financialAdminConfirmation) out.push('confirmByFinancialAdmin');
    if (can('deposits.confirm')) out.push('confirm');
    if (can('deposits.create')) out.push('edit', 'delete');
  }
  if (d.state === 'confirmed' && can('finance.manage')) out.push('reverse');
  out.push('history');
  return out;
}

export function DepositRowActions({ actions, onAction }: { actions: DepositAction[]; onAction: (a: DepositAction) => void }) {
  const { t } = useTranslation('finance');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('columns.actions')}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => (
          <Menu.Item key={a} color={a === 'delete' || a === 'reverse' ? 'red' : undefined} onClick={() => onAction(a)}>
            {t(`rowActions.${a}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
