import { Menu } from '@mantine/core';
import type { Deposit, Permission } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { RowMenu } from '@/components/row-menu';
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
    <RowMenu label={t('columns.actions')}>
      {actions.map((a) => (
        <Menu.Item key={a} color={a === 'delete' || a === 'reverse' ? 'red' : undefined} onClick={() => onAction(a)}>
          {t(`rowActions.${a}`)}
        </Menu.Item>
      ))}
    </RowMenu>
  );
}
