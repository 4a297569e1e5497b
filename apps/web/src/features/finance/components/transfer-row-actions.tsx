import { Menu } from '@mantine/core';
import type { Permission, Transfer } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { RowMenu } from '@/components/row-menu';

export type TransferStep = 'confirm' | 'confirmByConsultant' | 'confirmByFinancialAdmin' | 'reverse';
export type TransferAction = TransferStep | 'edit' | 'delete';

/**
 * What the caller may do with a transfer in its state; the server checks the same again. The
 * financial admin's step is offered once the consultant's is taken (it is refused before).
 */
export function transferActions(x: Transfer, can: (p: Permission) => boolean): TransferAction[] {
  const out: TransferAction[] = [];
  if (x.state === 'waiting') {
    if (can('transfers.confirmAsConsultant') && !x.consultantConfirmation) out.push('confirmByConsultant');
    if (can('transfers.confirmAsFinancialAdmin') && x.consultantConfirmation) out.push('confirmByFinancialAdmin');
    if (can('deposits.confirm')) out.push('confirm');
    if (can('deposits.create')) out.push('edit', 'delete');
  }
  if (x.state === 'confirmed' && can('finance.manage')) out.push('reverse');
  return out;
}

export function TransferRowActions({ actions, onAction }: { actions: TransferAction[]; onAction: (a: TransferAction) => void }) {
  const { t } = useTranslation('finance');
  if (!actions.length) return null;
  return (
    <RowMenu label={t('columns.actions')}>
      {actions.map((a) => (
        <Menu.Item key={a} color={a === 'delete' || a === 'reverse' ? 'red' : undefined} onClick={() => onAction(a)}>
          {t(`transfers.rowActions.${a}`)}
        </Menu.Item>
      ))}
    </RowMenu>
  );
}
