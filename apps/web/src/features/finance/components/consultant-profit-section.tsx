import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ConsultantProfit, ProfitPeriod } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useConsultantsProfit } from '../api/profit';
import { ConsultantClasses } from './consultant-classes';
// Loaded with the page, not as a lazy dialog: as its own chunk it pulled the page into a shared
// chunk, and the build's route preloads lost the page's entry.
import { ConsultantShareModal } from './consultant-share-modal';


/**
 * Per academic consultant: their students' revenue, their part of the teacher pay, the profit, the
 * share (percent, and the amount); the classes behind each figure (asked for when opened); "Edit share" for finance.
 */
export function ConsultantProfitSection({ period }: { period: ProfitPeriod }) {
  const { t } = useTranslation('profit');
  const language = currentLanguage();
  const answer = useConsultantsProfit(period);
  const [editing, setEditing] = useState<ConsultantProfit | null>(null);
  const [opened, setOpened] = useState<ConsultantProfit | null>(null);
  const money = (amount: number) => (
    <Text size="sm" className={figures.figures}>
      {formatMoney(amount, language)}
    </Text>
  );
  const total = answer.data?.total;
  const defaultPercent = answer.data?.defaultPercent ?? 0;
  const card = (label: string, amount: number) => (
    <Paper withBorder radius="lg" p="md" key={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700} className={figures.figures}>
        {formatMoney(amount, language)}
      </Text>
    </Paper>
  );
  return (
    <>
      {total ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md" data-testid="consultant-profit-sums">
          {card(t('sums.revenue'), total.revenue)}
          {card(t('sums.teacherPay'), total.teacherPay)}
          {card(t('sums.margin'), total.margin)}
          {card(t('sums.share'), total.share)}
        </SimpleGrid>
      ) : null}
      <RecordTable<ConsultantProfit>
        records={answer.data?.data ?? []}
        idAccessor="consultantPublicKey"
        aria-label={t('views.consultants')}
        tableProps={{ striped: true, 'data-testid': 'consultant-profit' }}
        columns={[
          {
            accessor: 'consultantName',
            phone: 'title',
            title: t('columns.consultant'),
            render: (x) => (
              <Text size="sm" fw={500}>
                {x.consultantName}
              </Text>
            ),
          },
          {
            accessor: 'revenue',
            title: t('columns.revenue'),
            textAlign: 'right',
            render: (x) => (
              <Stack gap={0} align="flex-end">
                {money(x.revenue)}
                <Text size="xs" c="dimmed">
                  {t('columns.sideCosts')} {formatMoney(x.sideCosts, language)}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'teacherPay', title: t('columns.teacherPay'), textAlign: 'right', render: (x) => money(x.teacherPay) },
          { accessor: 'margin', title: t('columns.profit'), textAlign: 'right', render: (x) => money(x.margin) },
          {
            accessor: 'percent',
            title: t('columns.percent'),
            textAlign: 'right',
            render: (x) =>
              x.percentSet ? `${formatNumber(x.percent, language)}%` : t('percentDefault', { percent: formatNumber(x.percent, language) }),
          },
          { accessor: 'share', title: t('columns.share'), textAlign: 'right', render: (x) => money(x.share) },
          {
            accessor: 'actions',
            title: t('columns.actions'),
            textAlign: 'right',
            render: (x) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Button size="compact-sm" variant="subtle" disabled={!x.revenue && !x.teacherPay} onClick={() => setOpened(x)}>
                  {t('actions.classes')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setEditing(x)}
                >
                  {t('actions.editShare')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <Modal opened={opened !== null} onClose={() => setOpened(null)} title={t('classes.title', { name: opened?.consultantName ?? '' })} size="xl" centered>
        {opened ? <ConsultantClasses consultantPublicKey={opened.consultantPublicKey} period={period} /> : null}
      </Modal>
      <ConsultantShareModal consultant={editing} defaultPercent={defaultPercent} onClose={() => setEditing(null)} />
    </>
  );
}
