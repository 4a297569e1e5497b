import { Text } from '@mantine/core';
import type { ProfitPeriod } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { formatEpoch, formatMoney, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useClassProfitSessions } from '../api/profit';

/** The sessions behind one class's figure (a row opened): revenue, teacher pay and margin each. */
export function ProfitSessions({ classroomId, period }: { classroomId: string; period: ProfitPeriod }) {
  const { t } = useTranslation('profit');
  const language = currentLanguage();
  const sessions = useClassProfitSessions({ classroomId, ...period });
  const rows = sessions.data?.data ?? [];
  const money = (amount: number) => (
    <Text size="sm" className={figures.figures}>
      {formatMoney(amount, language)}
    </Text>
  );
  if (sessions.data && !rows.length) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        {t('sessions.none')}
      </Text>
    );
  }
  return (
    <RecordTable
      records={rows}
      idAccessor="sessionId"
      aria-label={t('actions.sessions')}
      columns={[
        { accessor: 'start', phone: 'title', title: t('columns.start'), render: (x) => formatEpoch(x.start, 'long') },
        { accessor: 'hours', title: t('columns.hours'), textAlign: 'right', render: (x) => formatNumber(x.hours, language) },
        { accessor: 'revenue', title: t('columns.revenue'), textAlign: 'right', render: (x) => money(x.revenue) },
        { accessor: 'teacherPay', title: t('columns.teacherPay'), textAlign: 'right', render: (x) => money(x.teacherPay) },
        { accessor: 'margin', title: t('columns.margin'), textAlign: 'right', render: (x) => money(x.margin) },
      ]}
    />
  );
}
