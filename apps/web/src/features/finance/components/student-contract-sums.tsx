import '@mantine/core/styles/SimpleGrid.layer.css';
import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { StudentContractBalance } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import figures from '@/lib/figures.module.css';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/** One student's contracts in sum (`GetStudentsContractBalance`): to pay, paid, waiting, balance. */
export function StudentContractSums({ balance }: { balance: StudentContractBalance }) {
  const { t } = useTranslation('contracts');
  const language = currentLanguage();
  const card = (label: string, value: number, colour: string | undefined, id: string) => (
    <Paper withBorder radius="lg" p="md" key={id}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={colour} className={figures.figures} data-testid={id}>
        {formatMoney(value, language)}
      </Text>
    </Paper>
  );
  return (
    <section aria-label={t('student.title', { name: balance.studentName })} data-testid="student-contract-sums">
      <Group gap="xs" mb="xs">
        <Text fw={700}>{t('student.title', { name: balance.studentName })}</Text>
        <Text size="sm" c="dimmed">
          {t('student.count', { count: balance.contracts.length })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
        {card(t('student.total'), balance.total, undefined, 'student-total')}
        {card(t('student.paid'), balance.paid, 'teal', 'student-paid')}
        {card(t('student.waiting'), balance.waiting, undefined, 'student-waiting')}
        {card(t('student.balance'), balance.balance, balance.balance > 0 ? 'orange' : 'teal', 'student-balance')}
      </SimpleGrid>
    </section>
  );
}
