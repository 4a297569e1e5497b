import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { useMyProgress } from '../api/progress';
import { ProgressStageView } from '../components/progress-stage-view';

/** `/panel/progressStage`: the student's own course plan and applications, read-only. */
export function MyProgressStagePage() {
  const { t } = useTranslation(['common', 'panel']);
  const { data } = useMyProgress();
  return (
    <>
      <PageHeader
        title={t('titles.panelProgressStage')}
        description={t('panel:descriptions.panelProgressStage')}
      />
      {data ? <ProgressStageView stage={data} /> : <Skeleton height={320} radius="lg" />}
    </>
  );
}
