import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Deposit, StudentMoney, Transfer } from '@tutoria/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { formatEpoch, formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** Where the lists of all the student's deposits and transfers are, for a caller who may open them. */
export interface MoneyLinks {
  deposits: string;
  transfers: string;
}

/**
 * The student's money (issue 31): totals, then per class what was paid, used and is left (money
 * and hours), the sessions their credit does not cover and what they owe; their recent deposits
 * and transfers, with links to the finance lists filtered to them. Amounts as the finance pages
 * write them (formatMoney), every figure from the ledger.
 */
export function StudentMoneyView({ money, links }: { money: StudentMoney; links: MoneyLinks | null }) {
  const { t } = useTranslation('students');
  const { t: tf } = useTranslation('finance');
  const language = currentLanguage();
  const amount = (n: number) => formatMoney(n, language);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Total label={t('money.paid')} value={amount(money.totals.paid)} />
        <Total label={t('money.used')} value={amount(money.totals.used)} />
        <Total
          label={t('money.remaining')}
          value={amount(money.totals.remaining)}
          alert={money.totals.remaining < 0}
        />
        <Total label={t('money.debt')} value={amount(money.totals.debt)} alert={money.totals.debt > 0} />
      </SimpleGrid>

      <Title order={3} size="h4">
        {t('money.perClass')}
      </Title>
      {money.balances.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('money.noClasses')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {money.balances.map((b) => (
            <Paper key={b.classroomId} withBorder radius="md" p="sm" data-testid="student-balance">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" align="flex-start">
                  <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {b.classroomName}
                  </Text>
                  {b.reservedSessions > 0 ? (
                    <Badge color="violet" variant="light" tt="none" style={{ flexShrink: 0 }}>
                      {t('money.reserved', { count: b.reservedSessions })}
                    </Badge>
                  ) : null}
                </Group>
                <Figure label={t('money.paid')} value={amount(b.paid)} />
                <Figure label={t('money.used')} value={amount(b.used)} />
                <Figure
                  label={t('money.remaining')}
                  value={amount(b.remaining)}
                  strong
                  alert={b.remaining < 0}
                />
                <Figure
                  label={t('money.hoursLeft')}
                  value={b.balanceInHour === null ? '—' : formatNumber(b.balanceInHour, language)}
                />
                {b.amountOwed > 0 ? (
                  <Figure label={t('money.debt')} value={amount(b.amountOwed)} alert />
                ) : null}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}

      <Block
        title={t('money.deposits')}
        link={
          links && money.depositCount > 0
            ? { to: links.deposits, label: t('money.allDeposits', { count: money.depositCount }) }
            : null
        }
      >
        {money.deposits.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('money.noDeposits')}
          </Text>
        ) : (
          <RecordTable<Deposit>
            records={money.deposits}
            idAccessor="depositId"
            aria-label={t('money.deposits')}
            columns={[
              { accessor: 'classroomName', title: t('money.classroom'), phone: 'title' },
              {
                accessor: 'chargeAt',
                title: t('money.date'),
                render: (d) => formatEpoch(d.chargeAt, 'date'),
              },
              {
                accessor: 'amount',
                title: t('money.amount'),
                textAlign: 'right',
                cellsClassName: figures.figures,
                render: (d) => amount(d.amount),
              },
              {
                accessor: 'paymentMethod',
                title: t('money.method'),
                render: (d) => tf(`paymentMethods.${d.paymentMethod}`),
              },
              {
                // On a phone the state reads under the title, where its badge has the card's width.
                accessor: 'state',
                title: t('money.state'),
                phone: 'title',
                render: (d) => <StateBadge record={d} />,
              },
            ]}
          />
        )}
      </Block>

      <Block
        title={t('money.transfers')}
        link={
          links && money.transferCount > 0
            ? { to: links.transfers, label: t('money.allTransfers', { count: money.transferCount }) }
            : null
        }
      >
        {money.transfers.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('money.noTransfers')}
          </Text>
        ) : (
          <RecordTable<Transfer>
            records={money.transfers}
            idAccessor="transferId"
            aria-label={t('money.transfers')}
            columns={[
              {
                accessor: 'source.classroomName',
                title: t('money.fromTo'),
                phone: 'title',
                render: (x) => `${x.source.classroomName} → ${x.destination.classroomName}`,
              },
              {
                accessor: 'createMoment',
                title: t('money.date'),
                render: (x) => formatEpoch(x.createMoment, 'date'),
              },
              {
                accessor: 'amount',
                title: t('money.amount'),
                textAlign: 'right',
                cellsClassName: figures.figures,
                render: (x) => amount(x.amount),
              },
              {
                // On a phone the state reads under the title, where its badge has the card's width.
                accessor: 'state',
                title: t('money.state'),
                phone: 'title',
                render: (x) => <StateBadge record={x} />,
              },
            ]}
          />
        )}
      </Block>
    </Stack>
  );
}

const stateColours = { waiting: 'orange', confirmed: 'teal', reversed: 'gray' } as const;

/**
 * A deposit's or transfer's state in the finance lists' words and colours. Drawn here, not taken
 * from the finance feature: its public face brings a class's money section and its forms along.
 */
function StateBadge({ record }: { record: Deposit | Transfer }) {
  const { t } = useTranslation('finance');
  const step = record.consultantConfirmation ? 'states.byConsultant' : 'states.byFinancialAdmin';
  const half =
    record.state === 'waiting' && (record.consultantConfirmation || record.financialAdminConfirmation);
  return (
    <Badge variant="light" color={stateColours[record.state]} radius="sm">
      {t(`states.${record.state}`)}
      {half ? ` · ${t(step)}` : ''}
    </Badge>
  );
}

function Total({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="student-money-total">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" className={figures.figures} c={alert ? 'red' : undefined}>
        {value}
      </Text>
    </Paper>
  );
}

function Figure({
  label,
  value,
  strong,
  alert,
}: {
  label: string;
  value: string;
  strong?: boolean;
  alert?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} className={figures.figures} c={alert ? 'red' : undefined}>
        {value}
      </Text>
    </Group>
  );
}

function Block({
  title,
  link,
  children,
}: {
  title: string;
  link: { to: string; label: string } | null;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        {link ? (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        ) : null}
      </Group>
      {children}
    </Stack>
  );
}
