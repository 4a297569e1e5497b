import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMySurvey } from '../api/surveys';

/** The student panel's nav badge: how many classes of the open round are not answered yet. */
export function SurveyPendingBadge() {
  const { t } = useTranslation();
  const survey = useMySurvey();
  const pending = survey.data?.pendingCount ?? 0;
  if (pending === 0) return null;
  return (
    <Badge
      size="sm"
      color="orange"
      circle
      aria-label={t('nav.surveysPending', { count: pending })}
      data-testid="survey-pending-badge"
    >
      {pending}
    </Badge>
  );
}
