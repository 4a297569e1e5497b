import '@mantine/core/styles/Badge.layer.css';
import { Badge, Menu } from '@mantine/core';
import type { Settlement } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { RowMenu } from '@/components/row-menu';
import { formatEpoch } from '@/lib/format';

/** What a settlements manager may do with a settlement in its state (the server checks the same again). */
export type SettlementAction = 'pay' | 'edit' | 'delete' | 'reverse';

export function settlementActions(x: Pick<Settlement, 'state'>): SettlementAction[] {
  if (x.state === 'waiting') return ['pay', 'edit', 'delete'];
  if (x.state === 'paid') return ['reverse'];
  return [];
}

const colours = { waiting: 'orange', paid: 'teal', reversed: 'gray' } as const;

/** Waiting / paid / reversed. */
export function SettlementStateBadge({ settlement }: { settlement: Pick<Settlement, 'state'> }) {
  const { t } = useTranslation('settlements');
  return (
    <Badge variant="light" color={colours[settlement.state]} radius="sm" miw="max-content">
      {t(`states.${settlement.state}`)}
    </Badge>
  );
}

/** The period a settlement covers: "2025-03-01 – 2025-03-31", or "up to 2025-03-31". */
export function SettlementPeriod({ settlement }: { settlement: Pick<Settlement, 'fromTime' | 'toTime'> }) {
  const { t } = useTranslation('settlements');
  const to = formatEpoch(settlement.toTime, 'date');
  return settlement.fromTime === null
    ? t('periodUpTo', { to })
    : t('periodFromTo', { from: formatEpoch(settlement.fromTime, 'date'), to });
}

/** A row's menu: pay, edit, delete while waiting; reverse once paid; reversing and deleting in red. */
export function SettlementRowActions({ settlement, onAction }: { settlement: Settlement; onAction: (a: SettlementAction) => void }) {
  const { t } = useTranslation('settlements');
  const actions = settlementActions(settlement);
  if (!actions.length) return null;
  return (
    <RowMenu label={`${t('columns.actions')}: ${settlement.teacherName}`}>
      {actions.map((a) => (
        <Menu.Item key={a} color={a === 'delete' || a === 'reverse' ? 'red' : undefined} onClick={() => onAction(a)}>
          {t(`rowActions.${a}`)}
        </Menu.Item>
      ))}
    </RowMenu>
  );
}
