import { Button, Skeleton } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useExportMyCoursePlan, useMyProgress } from '../api/progress';
import { ProgressStageView } from '../components/progress-stage-view';

/** `/panel/progressStage`: the student's own course plan and applications, read-only; the plan exports. */
export function MyProgressStagePage() {
  const { t } = useTranslation(['common', 'panel', 'progress']);
  const { data } = useMyProgress();
  const exportPlan = useExportMyCoursePlan();
  const exports = (
    <>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconDownload size={14} />}
        onClick={() => exportPlan.mutate('xlsx')}
      >
        {t('progress:plan.exportXlsx')}
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconDownload size={14} />}
        onClick={() => exportPlan.mutate('csv')}
      >
        {t('progress:plan.exportCsv')}
      </Button>
    </>
  );
  return (
    <>
      <PageHeader
        title={t('titles.panelProgressStage')}
        description={t('panel:descriptions.panelProgressStage')}
      />
      {data ? (
        <ProgressStageView stage={data} planActions={exports} />
      ) : (
        <Skeleton height={320} radius="lg" />
      )}
    </>
  );
}
