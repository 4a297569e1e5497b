import '@mantine/core/styles/SegmentedControl.layer.css';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { RollCallClassView } from './roll-call-class';
import { RollCallDayView } from './roll-call-day';
import { modeOf, type RollCallMode, rollCallModes } from './roll-call-params';
import { RollCallStudentView } from './roll-call-student';

/**
 * The roll-call report (issue 29): a day (every session, each student present, absent or not yet
 * recorded), a class over a period or a student over a period, with absence rates (floored). The
 * mode and every filter live in the URL, so each view can be bookmarked.
 */
export function RollCallReport() {
  const { t } = useTranslation('centreReports');
  const [params, setParams] = useSearchParams();
  const mode = modeOf(params);
  // A new mode starts from its own defaults; the period is kept between class and student.
  const switchTo = (next: RollCallMode) => {
    const keep = new URLSearchParams();
    if (next !== 'day') keep.set('mode', next);
    for (const name of next === 'day' ? ['day'] : ['from', 'to']) {
      const value = params.get(name);
      if (value) keep.set(name, value);
    }
    setParams(keep);
  };
  return (
    <>
      <PageHeader title={t('reports.roll-call.title')} description={t('reports.roll-call.line')} />
      <SegmentedControl
        mb="md"
        value={mode}
        onChange={(value) => switchTo(value as RollCallMode)}
        data={rollCallModes.map((m) => ({ value: m, label: t(`rollCall.mode.${m}`) }))}
        aria-label={t('rollCall.modeLabel')}
        data-testid="roll-call-mode"
      />
      {mode === 'day' ? (
        <RollCallDayView />
      ) : mode === 'class' ? (
        <RollCallClassView />
      ) : (
        <RollCallStudentView />
      )}
    </>
  );
}
