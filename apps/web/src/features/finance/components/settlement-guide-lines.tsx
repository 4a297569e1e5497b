import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import { Checkbox, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { SettlementGuide } from '@tutoria/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import figures from '@/lib/figures.module.css';
import { formatEpoch, formatMoney, formatNumber, formatTimeRange } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/**
 * Amounts and hours added up in whole minor units (cents, ten-thousandths of an hour), never as
 * floats: each is a decimal of at most 2 (4) places, so the integers are exact; the browser only
 * shows the total, and the server checks it against the sessions' own sum before paying.
 */
export function totalOf(lines: readonly { amount: number; hours: number }[]) {
  const cents = lines.reduce((n, l) => n + Math.round(l.amount * 100), 0);
  const tenThousandths = lines.reduce((n, l) => n + Math.round(l.hours * 10_000), 0);
  return { amount: cents / 100, hours: Math.round(tenThousandths / 100) / 100 };
}

interface GuideLinesProps {
  guide: SettlementGuide | undefined;
  loading: boolean;
  /** The sessions checked to be paid. */
  selected: readonly string[];
  onChange: (sessionIds: string[]) => void;
  error?: ReactNode;
}

/**
 * The guide for create, session by session: each held session the admin confirmed and no settlement
 * pays yet, with its date, class, hours × salary per hour and amount, to check before paying; the
 * total of the checked ones, and the teacher's unpaid earnings as the ledger holds them.
 */
export function SettlementGuideLines({ guide, loading, selected, onChange, error }: GuideLinesProps) {
  const { t } = useTranslation('settlements');
  const language = currentLanguage();
  if (loading) return <Loader size="sm" />;
  if (!guide) return <Text size="sm" c="dimmed">{t('guide.chooseTeacher')}</Text>;
  if (!guide.lines.length) {
    return (
      <Stack gap={4}>
        <Text size="sm" c="dimmed" data-testid="settlement-guide-empty">
          {t('guide.empty')}
        </Text>
        {error ? <Text size="sm" c="red">{error}</Text> : null}
      </Stack>
    );
  }
  const chosen = new Set(selected);
  const picked = guide.lines.filter((l) => chosen.has(l.sessionId));
  const total = totalOf(picked);
  const all = picked.length === guide.lines.length;
  return (
    <Stack gap="xs" data-testid="settlement-guide">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600} size="sm">
          {t('guide.title')}
        </Text>
        <Checkbox
          label={t('guide.all')}
          checked={all}
          indeterminate={!all && picked.length > 0}
          onChange={() => onChange(all ? [] : guide.lines.map((l) => l.sessionId))}
        />
      </Group>
      <Stack gap={6} mah={320} style={{ overflowY: 'auto' }}>
        {guide.lines.map((line) => (
          <Paper key={line.sessionId} withBorder radius="md" p="xs" data-testid="settlement-guide-line">
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Checkbox
                checked={chosen.has(line.sessionId)}
                onChange={(event) =>
                  onChange(
                    event.currentTarget.checked
                      ? guide.lines.filter((l) => chosen.has(l.sessionId) || l.sessionId === line.sessionId).map((l) => l.sessionId)
                      : selected.filter((id) => id !== line.sessionId),
                  )
                }
                aria-label={`${formatEpoch(line.start, 'date', language)} ${line.classroomName}`}
                label={
                  <Stack gap={0}>
                    <Text size="sm">
                      {t('guide.line', { date: formatEpoch(line.start, 'date', language), classroom: line.classroomName })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatTimeRange(line.start, line.end, language)} ·{' '}
                      {t('guide.rate', { hours: formatNumber(line.hours, language), rate: formatMoney(line.salaryPerHour, language) })}
                    </Text>
                  </Stack>
                }
              />
              <Text size="sm" className={figures.figures} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(line.amount, language)}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {t('guide.selected', { count: picked.length, total: guide.lines.length, hours: formatNumber(total.hours, language) })}
        </Text>
        <Text fw={700} className={figures.figures} data-testid="settlement-guide-total">
          {t('guide.total')}: {formatMoney(total.amount, language)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('guide.unpaid', { amount: formatMoney(guide.unpaid, language) })}
      </Text>
      {error ? <Text size="sm" c="red">{error}</Text> : null}
    </Stack>
  );
}
