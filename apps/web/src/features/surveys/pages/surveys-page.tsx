import '@mantine/core/styles/Tabs.layer.css';
import { Tabs } from '@mantine/core';
import { IconChartBar, IconListCheck, IconCalendarEvent } from '@tabler/icons-react';
import { SURVEY_REPORT_MIN_ANSWERS } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/features/auth';
import { QuestionsPanel } from '../components/questions-panel';
import { RoundsPanel } from '../components/rounds-panel';
import { SurveyReport } from '../components/survey-report';

const tabs = ['questions', 'rounds', 'report'] as const;
type Tab = (typeof tabs)[number];

/**
 * `/admin/panel/surveys`: with `surveys.manage` the questions, the rounds and the report of every
 * teacher (tabs; the tab is in the URL); a teacher sees their own report only.
 */
export function SurveysPage() {
  const { t } = useTranslation('surveys');
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  if (!user) return <PageLoader />;
  const manage = user.permissions.includes('surveys.manage');
  if (!manage) {
    return (
      <>
        <PageHeader
          title={t('admin.teacherTitle')}
          description={t('admin.teacherSubtitle', { min: SURVEY_REPORT_MIN_ANSWERS })}
        />
        <SurveyReport staff={false} />
      </>
    );
  }
  const requested = params.get('tab');
  const tab: Tab = tabs.includes(requested as Tab) ? (requested as Tab) : 'questions';
  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.subtitle')} />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="questions" leftSection={<IconListCheck size={16} />}>
            {t('admin.tabs.questions')}
          </Tabs.Tab>
          <Tabs.Tab value="rounds" leftSection={<IconCalendarEvent size={16} />}>
            {t('admin.tabs.rounds')}
          </Tabs.Tab>
          <Tabs.Tab value="report" leftSection={<IconChartBar size={16} />}>
            {t('admin.tabs.report')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="questions">
          <QuestionsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="rounds">
          <RoundsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="report">
          <SurveyReport staff />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
