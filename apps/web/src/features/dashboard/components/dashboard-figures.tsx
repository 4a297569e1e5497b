import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCash } from '@tabler/icons-react';
import type { Dashboard } from '@tutoria/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { paths } from '@/lib/paths';

/** A figure of the day; the whole card links to the list behind it. */
export function Figure({
  label,
  value,
  detail,
  icon,
  color,
  to,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail: string;
  icon: ReactNode;
  color: string;
  to: string;
  testId: string;
}) {
  return (
    <Paper component={Link} to={to} withBorder radius="lg" p="lg" data-testid={testId} td="none" c="inherit">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.4}>
            {label}
          </Text>
          {/* A sum of money ("CN¥306,875.00") is longer than a count: smaller, and never out of the card. */}
          <Text
            fz={typeof value === 'string' && value.length > 9 ? 22 : 30}
            fw={700}
            lh={1.1}
            style={{ overflowWrap: 'anywhere' }}
            data-testid={`${testId}-value`}
          >
            {value}
          </Text>
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={color} style={{ flexShrink: 0 }} aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/** The month's money figures, for who may read them. */
export function FinanceCards({ finance }: { finance: NonNullable<Dashboard['finance']> }) {
  const { t } = useTranslation('dashboard');
  const language = currentLanguage();
  return (
    <>
      <Figure
        testId="card-money-in"
        label={t('cards.moneyIn')}
        value={formatMoney(finance.moneyIn, language)}
        detail={t('cards.moneyInDetail', { month: finance.month })}
        icon={<IconCash size={24} />}
        color="green"
        to={`${paths.financeDeposit.path}?state=confirmed&confirmedIn=${finance.month}`}
      />
      <Figure
        testId="card-debtors"
        label={t('cards.debtors')}
        value={formatNumber(finance.debtors, language)}
        detail={t('cards.debtorsDetail')}
        icon={<IconAlertTriangle size={24} />}
        color="red"
        to={paths.financeDebtors.path}
      />
    </>
  );
}
