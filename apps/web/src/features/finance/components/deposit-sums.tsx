import '@mantine/core/styles/SimpleGrid.layer.css';
import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { ListQueryInput } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/format';
import figures from '@/lib/figures.module.css';
import { useDepositSums } from '../api/deposits';

/** The sums of what the list filters (every page): confirmed (from the ledger) and waiting, per payment method. */
export function DepositSums({ where }: { where: ListQueryInput['where'] }) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const { data } = useDepositSums(where);
  if (!data) return null;
  const used = data.byPaymentMethod.filter((m) => m.confirmed !== 0 || m.waiting !== 0);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md" data-testid="deposit-sums">
      <Paper withBorder radius="lg" p="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {t('sums.confirmed')}
        </Text>
        <Text size="xl" fw={700} c="teal">
          {formatMoney(data.confirmed, language)}
        </Text>
      </Paper>
      <Paper withBorder radius="lg" p="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {t('sums.waiting')}
        </Text>
        <Text size="xl" fw={700} c="orange">
          {formatMoney(data.waiting, language)}
        </Text>
      </Paper>
      <Paper withBorder radius="lg" p="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {t('sums.byPaymentMethod')}
        </Text>
        {used.length === 0 ? <Text size="sm">—</Text> : null}
        {used.map((m) => (
          // The method's name wraps in its own column; the amounts never leave their line.
          <Group key={m.paymentMethod} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
              {t(`paymentMethods.${m.paymentMethod}`)}
            </Text>
            <Text size="sm" className={figures.figures} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(m.confirmed, language)} / {formatMoney(m.waiting, language)}
            </Text>
          </Group>
        ))}
      </Paper>
    </SimpleGrid>
  );
}
