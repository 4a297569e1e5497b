import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import { Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.chargeAt')}</Table.Th>
                <Table.Th>{t('ownTransfers.from')}</Table.Th>
                <Table.Th>{t('ownTransfers.to')}</Table.Th>
                <Table.Th ta="right">{t('ownTransfers.amount')}</Table.Th>
                <Table.Th>{t('ownTransfers.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((x) => (
                <Table.Tr key={x.transferId}>
                  <Table.Td>{formatEpoch(x.createMoment, 'date')}</Table.Td>
                  <Table.Td>{x.source.classroomName}</Table.Td>
                  <Table.Td>{x.destination.classroomName}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatMoney(x.amount, language)}
                  </Table.Td>
                  <Table.Td>
                    <ConfirmationStateBadge record={x} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Paper>
  );
}
