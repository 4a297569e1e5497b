import '@mantine/core/styles/SimpleGrid.layer.css';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Deposit } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { useCurrentUser } from '@/features/auth';
import { formatEpoch, formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useOwnBalance, useOwnDeposits } from '../api/deposits';
import { DepositReceiptLink } from './deposit-receipt';
import { depositTarget } from './deposit-target';
import { ConfirmationStateBadge } from './confirmation-actions';
import { OwnTransfers } from './own-transfers';

/**
 * The signed-in student's own money (SPEC §6 "Student uses a student-specific deposit list"): per
 * class what was paid, used and is left (money and hours) and how many sessions their credit does
 * not cover yet; then their deposits. Never anyone else's prices or pay.
 */
export function OwnMoneySection() {
  const mine = useCurrentUser()?.permissions.includes('deposits.readOwn') ?? false;
  return mine ? <OwnMoney /> : null;
}

function OwnMoney() {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const balance = useOwnBalance();
  const deposits = useOwnDeposits();
  return (
    <Stack gap="md" mt="xl" data-testid="own-money">
      <Title order={2} size="h3">
        {t('own.title')}
      </Title>
      {balance.isLoading ? <Skeleton height={100} radius="lg" /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {(balance.data?.balances ?? []).map((b) => (
          <Paper key={b.classroomId} withBorder radius="lg" p="md">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Text fw={700}>{b.classroomName}</Text>
                {/* Wraps under a long class name rather than cutting "3 sessions reserved" short. */}
                {b.reservedSessions > 0 ? (
                  <Badge color="violet" variant="light" style={{ flexShrink: 0 }}>
                    {t('own.reserved', { count: b.reservedSessions })}
                  </Badge>
                ) : null}
              </Group>
              <Figure label={t('balance.paid')} value={formatMoney(b.paid, language)} />
              <Figure label={t('balance.used')} value={formatMoney(b.used, language)} />
              <Figure label={t('balance.remaining')} value={formatMoney(b.remaining, language)} strong />
              <Figure
                label={t('balance.remainingHours')}
                value={b.balanceInHour === null ? '—' : formatNumber(b.balanceInHour, language)}
              />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md">
        <Text fw={700} mb="xs">
          {t('own.deposits')}
        </Text>
        {deposits.data && deposits.data.data.length === 0 ? <Text c="dimmed">{t('own.none')}</Text> : null}
        {deposits.data && deposits.data.data.length > 0 ? (
          <RecordTable<Deposit>
            records={deposits.data.data}
            idAccessor="depositId"
            minWidth={420}
            columns={[
              {
                accessor: 'chargeAt',
                title: t('fields.chargeAt'),
                render: (d) => formatEpoch(d.chargeAt, 'date'),
              },
              {
                accessor: 'classroomName',
                title: t('fields.classroom'),
                phone: 'title',
                render: (d) => depositTarget(d, t),
              },
              {
                accessor: 'amount',
                title: t('columns.amount'),
                textAlign: 'right',
                cellsClassName: figures.figures,
                render: (d) => formatMoney(d.amount, language),
              },
              {
                accessor: 'state',
                title: t('columns.state'),
                render: (d) => <ConfirmationStateBadge record={d} />,
              },
              {
                accessor: 'receipt',
                title: t('receipt.column'),
                render: (d) => <DepositReceiptLink deposit={d} removable={false} />,
              },
            ]}
          />
        ) : null}
      </Paper>
      <OwnTransfers />
    </Stack>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} className={figures.figures}>
        {value}
      </Text>
    </Group>
  );
}
