import '@mantine/core/styles/Badge.layer.css';
import { Badge, Menu } from '@mantine/core';
import type { Permission } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { RowMenu } from '@/components/row-menu';

/** The steps a record takes from its row: three confirmations and the reversal. */
export type ConfirmationStep = 'confirm' | 'confirmByConsultant' | 'confirmByFinancialAdmin' | 'reverse';
export type ConfirmationAction = ConfirmationStep | 'edit' | 'delete';

/** What the browser reads of a record under the confirmation workflow (a deposit, a transfer). */
export interface Confirmable {
  state: 'waiting' | 'confirmed' | 'reversed';
  consultantConfirmation: object | null;
  financialAdminConfirmation: object | null;
}

/**
 * Each kind's workflow as the server runs it (`confirmation-workflow.ts`): who may take the two
 * steps, whether the financial admin's waits for the consultant's, and where its texts are.
 */
export const confirmationKinds = {
  deposit: {
    consultant: 'deposits.confirmAsConsultant',
    financialAdmin: 'deposits.confirmAsFinancialAdmin',
    consultantFirst: false,
    texts: '',
  },
  transfer: {
    consultant: 'transfers.confirmAsConsultant',
    financialAdmin: 'transfers.confirmAsFinancialAdmin',
    consultantFirst: true,
    texts: 'transfers.',
  },
} as const satisfies Record<string, { consultant: Permission; financialAdmin: Permission; consultantFirst: boolean; texts: string }>;
export type ConfirmationKind = keyof typeof confirmationKinds;

/**
 * What the caller may do with a record in its state; the server checks the same again. A step
 * already taken is not offered, nor — for a kind that orders them — the financial admin's before
 * the consultant's (it is refused before).
 */
export function confirmationActions(name: ConfirmationKind, x: Confirmable, can: (p: Permission) => boolean): ConfirmationAction[] {
  const kind = confirmationKinds[name];
  const out: ConfirmationAction[] = [];
  if (x.state === 'waiting') {
    if (can(kind.consultant) && !x.consultantConfirmation) out.push('confirmByConsultant');
    const financialAdminsTurn = !x.financialAdminConfirmation && (!kind.consultantFirst || x.consultantConfirmation);
    if (can(kind.financialAdmin) && financialAdminsTurn) out.push('confirmByFinancialAdmin');
    if (can('deposits.confirm')) out.push('confirm');
    if (can('deposits.create')) out.push('edit', 'delete');
  }
  if (x.state === 'confirmed' && can('finance.manage')) out.push('reverse');
  return out;
}

const colours = { waiting: 'orange', confirmed: 'teal', reversed: 'gray' } as const;

/** Waiting / confirmed / reversed; a waiting record says which confirmation it already has. */
export function ConfirmationStateBadge({ record }: { record: Confirmable }) {
  const { t } = useTranslation('finance');
  const half =
    record.state === 'waiting' && (record.consultantConfirmation || record.financialAdminConfirmation)
      ? ` · ${t(record.consultantConfirmation ? 'states.byConsultant' : 'states.byFinancialAdmin')}`
      : '';
  return (
    <Badge variant="light" color={colours[record.state]} radius="sm" miw="max-content">
      {t(`states.${record.state}`)}
      {half}
    </Badge>
  );
}

interface RowActionsProps<E extends string> {
  kind: ConfirmationKind;
  record: Confirmable;
  can: (p: Permission) => boolean;
  /** Actions of this kind beyond the workflow's, always offered, with their names in the menu. */
  extra?: Record<E, string>;
  onAction: (action: ConfirmationAction | E) => void;
}

/** A row's menu of what the caller may do with the record; deleting and reversing in red. Nothing when there is nothing to do. */
export function ConfirmationRowActions<E extends string = never>({ kind, record, can, extra, onAction }: RowActionsProps<E>) {
  const { t } = useTranslation('finance');
  const items: [ConfirmationAction | E, string][] = [
    ...confirmationActions(kind, record, can).map((a): [ConfirmationAction, string] => [a, t(`${confirmationKinds[kind].texts}rowActions.${a}`)]),
    ...(Object.entries(extra ?? {}) as [E, string][]),
  ];
  if (!items.length) return null;
  return (
    <RowMenu label={t('columns.actions')}>
      {items.map(([a, label]) => (
        <Menu.Item key={a} color={a === 'delete' || a === 'reverse' ? 'red' : undefined} onClick={() => onAction(a)}>
          {label}
        </Menu.Item>
      ))}
    </RowMenu>
  );
}
