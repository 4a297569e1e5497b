import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PanelLinks } from '../components/panel-links';
import { StudentReport } from '../components/report/student-report';

/** `/panel/reports`: the signed-in student's own main report. */
export function StudentReportsPage() {
  const { t } = useTranslation(['common', 'reports']);
  return (
    <>
      <PageHeader
        title={t('titles.panelReports')}
        description={t('reports:description')}
        actions={<PanelLinks current="panelReports" />}
      />
      <StudentReport studentKey={null} />
    </>
  );
}
