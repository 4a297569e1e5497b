import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney, formatNumber } from '@/lib/format';
import figures from '@/lib/figures.module.css';
import { useDepositGuide } from '../api/exports';

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" className={figures.figures} fw={strong ? 600 : undefined}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The guide for create beside the deposit form: what the chosen student owes for the chosen class
 * now — booked hours × (cost − discount) + side costs − credit — in money and hours (server-computed).
 */
export function DepositGuide({
  studentPublicKey,
  classroomId,
}: {
  studentPublicKey: string | null;
  classroomId: string | null;
}) {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const guide = useDepositGuide(studentPublicKey, classroomId);
  const money = (n: number) => formatMoney(n, language);
  const g = guide.data;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="deposit-guide">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('guide.title')}
        </Text>
        {!g ? (
          <Text size="sm" c="dimmed">
            {t('guide.pick')}
          </Text>
        ) : !g.hasPrice ? (
          <Text size="sm" c="dimmed">
            {t('guide.noPrice')}
          </Text>
        ) : (
          <>
            <Text size="xs" c="dimmed">
              {t('guide.booked', {
                sessions: g.bookedSessions,
                hours: formatNumber(g.bookedHours, language),
                net: money((g.costPerHour ?? 0) - (g.discountPerHour ?? 0)),
              })}
            </Text>
            <Line label={t('guide.bookedCost')} value={money(g.bookedCost)} />
            <Line label={t('guide.sideCosts')} value={`+ ${money(g.sideCosts)}`} />
            <Line label={t('guide.credit')} value={`− ${money(g.credit)}`} />
            <Line
              label={t('guide.owed')}
              value={`${money(g.owed)} · ${t('guide.owedHours', { hours: formatNumber(g.owedHours ?? 0, language) })}`}
              strong
            />
            {g.waiting > 0 ? <Line label={t('guide.waiting')} value={money(g.waiting)} /> : null}
          </>
        )}
      </Stack>
    </Paper>
  );
}
