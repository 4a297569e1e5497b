import { Paper, Text } from '@mantine/core';
import type { Transfer } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { formatEpoch, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useOwnTransfers } from '../api/exports';
import { ConfirmationStateBadge } from './confirmation-actions';

/** The signed-in student's own transfers (waiting and confirmed), beside their deposits. */
export function OwnTransfers() {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const transfers = useOwnTransfers();
  const rows = transfers.data?.data ?? [];
  return (
    <Paper withBorder radius="lg" p="md" data-testid="own-transfers">
      <Text fw={700} mb="xs">
        {t('ownTransfers.title')}
      </Text>
      {transfers.data && rows.length === 0 ? <Text c="dimmed">{t('ownTransfers.empty')}</Text> : null}
      {rows.length > 0 ? (
        <RecordTable<Transfer>
          records={rows}
          idAccessor="transferId"
          minWidth={480}
          columns={[
            {
              accessor: 'createMoment',
              title: t('fields.chargeAt'),
              render: (x) => formatEpoch(x.createMoment, 'date'),
            },
            { accessor: 'source.classroomName', title: t('ownTransfers.from'), phone: 'title' },
            { accessor: 'destination.classroomName', title: t('ownTransfers.to') },
            {
              accessor: 'amount',
              title: t('ownTransfers.amount'),
              textAlign: 'right',
              cellsClassName: figures.figures,
              render: (x) => formatMoney(x.amount, language),
            },
            {
              accessor: 'state',
              title: t('ownTransfers.state'),
              render: (x) => <ConfirmationStateBadge record={x} />,
            },
          ]}
        />
      ) : null}
    </Paper>
  );
}
