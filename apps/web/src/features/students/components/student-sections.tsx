import { Anchor, Button, Skeleton, Stack } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import type { StudentPageSections } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProgressStageView } from '@/features/progress';
import {
  studentAcademicQuery,
  studentLoginsQuery,
  studentMoneyQuery,
  studentSurveysQuery,
  useStudentProgress,
} from '../api/student-page';
import { useShown } from '../hooks/use-shown';
import { type AcademicLinks, StudentAcademicView } from './student-academic';
import { StudentLoginsView } from './student-logins';
import { type MoneyLinks, StudentMoneyView } from './student-money';
import { LazySection } from './page-section';
import { StudentSurveysView } from './student-surveys';

export interface SectionLinks extends AcademicLinks {
  money: MoneyLinks | null;
  /** The student's full report page, for this caller. */
  report: string | null;
  /** The course plan page, for this caller. */
  coursePlan: string | null;
  /** The student whose sign-ins staff read; null on the student's own page. */
  logins: string | null;
}

/**
 * The sections below the first screen, each drawn only when the overview says this caller may see
 * it, and asking for its one call only once it comes on screen.
 */
export function StudentSections({
  studentKey,
  sections,
  links,
}: {
  studentKey: string | null;
  sections: StudentPageSections;
  links: SectionLinks;
}) {
  const { t } = useTranslation('students');
  return (
    <>
      {sections.money ? (
        <LazySection id="money" title={t('money.title')} query={studentMoneyQuery(studentKey)}>
          {(money) => <StudentMoneyView money={money} links={links.money} />}
        </LazySection>
      ) : null}
      {sections.academic ? (
        <LazySection
          id="academic"
          title={t('academic.title')}
          query={studentAcademicQuery(studentKey)}
          actions={
            links.report ? (
              <Anchor component={Link} to={links.report} size="sm">
                {t('academic.fullReport')}
              </Anchor>
            ) : null
          }
        >
          {(academic) => <StudentAcademicView academic={academic} links={links} />}
        </LazySection>
      ) : null}
      {sections.progress ? <StudentProgress studentKey={studentKey} coursePlan={links.coursePlan} /> : null}
      {sections.surveys ? (
        <LazySection id="surveys" title={t('surveys.title')} query={studentSurveysQuery(studentKey)}>
          {(surveys) => <StudentSurveysView surveys={surveys} />}
        </LazySection>
      ) : null}
      {sections.logins && links.logins ? (
        <LazySection id="logins" title={t('logins.title')} query={studentLoginsQuery(links.logins)}>
          {(history) => <StudentLoginsView history={history} />}
        </LazySection>
      ) : null}
    </>
  );
}

/** The course plan and the applications as the progress stage draws them (its own two headed cards). */
function StudentProgress({
  studentKey,
  coursePlan,
}: {
  studentKey: string | null;
  coursePlan: string | null;
}) {
  const { t } = useTranslation('students');
  const [ref, shown] = useShown<HTMLDivElement>();
  const { data } = useStudentProgress(studentKey, shown);
  return (
    <div ref={ref} data-testid="student-progress">
      {data ? (
        <ProgressStageView
          headingLevel={3}
          stage={data}
          planActions={
            coursePlan ? (
              <Button
                component={Link}
                to={coursePlan}
                size="xs"
                variant="light"
                leftSection={<IconRoute size={14} />}
              >
                {t('progress.open')}
              </Button>
            ) : null
          }
        />
      ) : (
        <Stack gap="xs" aria-hidden>
          <Skeleton height={160} radius="lg" />
        </Stack>
      )}
    </div>
  );
}
