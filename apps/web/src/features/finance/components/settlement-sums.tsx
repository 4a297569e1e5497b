import '@mantine/core/styles/SimpleGrid.layer.css';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { TeacherSum } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import figures from '@/lib/figures.module.css';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

type Sums = Pick<TeacherSum, 'earned' | 'paid' | 'unpaid' | 'otherPayments' | 'hours' | 'sessionCount'>;

/**
 * A teacher's (or all teachers') money from the ledger, as cards: earned, paid, unpaid = earned −
 * paid, other payments; with the sessions and hours earned when `held` is asked for.
 */
export function SettlementSums({ sums, held = false, testId }: { sums: Sums; held?: boolean; testId?: string }) {
  const { t } = useTranslation('settlements');
  const language = currentLanguage();
  const card = (label: string, value: string, colour?: string, id?: string) => (
    <Paper withBorder radius="lg" p="md" key={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={colour} className={figures.figures} data-testid={id}>
        {value}
      </Text>
    </Paper>
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: held ? 3 : 4, lg: held ? 6 : 4 }} mb="md" data-testid={testId}>
      {held ? card(t('sums.sessions'), formatNumber(sums.sessionCount, language)) : null}
      {held ? card(t('sums.hours'), formatNumber(sums.hours, language)) : null}
      {card(t('sums.earned'), formatMoney(sums.earned, language), undefined, 'sum-earned')}
      {card(t('sums.paid'), formatMoney(sums.paid, language), 'teal', 'sum-paid')}
      {card(t('sums.unpaid'), formatMoney(sums.unpaid, language), 'orange', 'sum-unpaid')}
      {card(t('sums.otherPayments'), formatMoney(sums.otherPayments, language), undefined, 'sum-other')}
    </SimpleGrid>
  );
}
