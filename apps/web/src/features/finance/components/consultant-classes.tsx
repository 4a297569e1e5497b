import { Text } from '@mantine/core';
import type { ProfitPeriod } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useConsultantClasses } from '../api/profit';

/** The classes behind one consultant's figure (their dialog opened): their students' part of each. */
export function ConsultantClasses({ consultantPublicKey, period }: { consultantPublicKey: string; period: ProfitPeriod }) {
  const { t } = useTranslation('profit');
  const language = currentLanguage();
  const classes = useConsultantClasses({ consultantPublicKey, ...period });
  const rows = classes.data?.data ?? [];
  const money = (amount: number) => (
    <Text size="sm" className={figures.figures}>
      {formatMoney(amount, language)}
    </Text>
  );
  if (classes.data && !rows.length) {
    return (
      <Text size="sm" c="dimmed" p="sm">
        {t('classes.none')}
      </Text>
    );
  }
  return (
    <RecordTable
      records={rows}
      idAccessor="classroomId"
      aria-label={t('actions.classes')}
      tableProps={{ 'data-testid': 'consultant-classes' }}
      columns={[
        { accessor: 'classroomName', phone: 'title', title: t('columns.classroom') },
        { accessor: 'studentCount', title: t('columns.students'), textAlign: 'right' },
        { accessor: 'revenue', title: t('columns.revenue'), textAlign: 'right', render: (x) => money(x.revenue) },
        { accessor: 'sideCosts', title: t('columns.sideCosts'), textAlign: 'right', render: (x) => money(x.sideCosts) },
        { accessor: 'teacherPay', title: t('columns.teacherPay'), textAlign: 'right', render: (x) => money(x.teacherPay) },
        { accessor: 'margin', title: t('columns.profit'), textAlign: 'right', render: (x) => money(x.margin) },
      ]}
    />
  );
}
