import '@mantine/core/styles/Skeleton.layer.css';
import { Anchor, Paper, Skeleton, Stack, Title } from '@mantine/core';
import type { CurrentUser, Permission, StudentOverview, StudentWeekSession } from '@tutoria/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { CalendarFeedSection } from '@/features/settings';
import { paths } from '@/lib/paths';
import { href } from '@/lib/routes';
import { useStudentOverview } from '../api/student-page';
import { StudentClasses } from '../components/student-classes';
import { StudentHeader } from '../components/student-header';
import { StudentProfile } from '../components/student-profile';
import { StudentSections } from '../components/student-sections';
import { StudentWeek } from '../components/student-week';

/** `/admin/panel/users/student/:key`: a student's page for staff who reach them. */
export function AdminStudentPage() {
  const { key = '' } = useParams();
  return <StudentPage studentKey={key} />;
}

/** `/panel/me`: the signed-in student's own page. */
export function OwnStudentPage() {
  return <StudentPage studentKey={null} />;
}

function StudentPage({ studentKey }: { studentKey: string | null }) {
  const { t } = useTranslation('students');
  const me = useCurrentUser();
  const overview = useStudentOverview(studentKey);
  if (overview.isPending || !me) return <Skeleton height={420} radius="lg" aria-label={t('page.loading')} />;
  if (!overview.data) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="sm">
          <Title order={1} size="h3">
            {t('page.notFound')}
          </Title>
          <BackLink me={me} />
        </Stack>
      </Paper>
    );
  }
  return <StudentScreen me={me} studentKey={studentKey} overview={overview.data} />;
}

/** Staff who list students go back to them; the student's own page has its sidebar. */
function BackLink({ me }: { me: CurrentUser }) {
  const { t } = useTranslation('students');
  if (!me.isAdmin || !me.permissions.includes('users.read')) return null;
  return (
    <Anchor component={Link} to={`${paths.adminUsers.path}?role=Student`} size="sm" c="dimmed">
      ← {t('page.backToStudents')}
    </Anchor>
  );
}

/**
 * The student's page (issue 31): who they are and their profile, their classes and week first (the
 * route's loader asked for both), then each section the overview says this caller may see, each
 * asking for its own data as it comes on screen; a section the caller may not see is not drawn.
 */
function StudentScreen({
  me,
  studentKey,
  overview,
}: {
  me: CurrentUser;
  studentKey: string | null;
  overview: StudentOverview;
}) {
  const staff = me.isAdmin;
  const key = overview.student.publicKey;
  const can = (permission: Permission) => staff && me.permissions.includes(permission);
  const classLink = useCallback(
    (classroomId: string) =>
      staff && me.permissions.includes('classes.read') ? href('classDetails', { id: classroomId }) : null,
    [staff, me.permissions],
  );
  const sessionLink = useCallback(
    (session: StudentWeekSession) => {
      if (staff) return classLink(session.classroomId);
      const held = session.state === 'haveclass' && session.end * 1000 < Date.now();
      return held ? href('panelSessionReport', { sessionId: session.sessionId }) : null;
    },
    [staff, classLink],
  );
  return (
    <Stack gap="lg">
      <BackLink me={me} />
      <StudentHeader student={overview.student} />
      <StudentProfile profile={overview.student.profile} />
      <StudentClasses classes={overview.classes} classLink={classLink} />
      {overview.sections.week ? (
        <StudentWeek studentKey={studentKey} fullName={overview.student.fullName} sessionLink={sessionLink} />
      ) : null}
      {/* calendar feeds (issue 29): the student's own sessions in their calendar app */}
      {studentKey === null && me.permissions.includes('calendar.readOwn') ? <CalendarFeedSection /> : null}
      <StudentSections
        studentKey={studentKey}
        sections={overview.sections}
        links={{
          money: can('finance.read')
            ? {
                deposits: `${paths.financeDeposit.path}?studentPublicKey=${key}`,
                transfers: `${paths.financeTransfer.path}?q=${encodeURIComponent(overview.student.fullName)}`,
              }
            : null,
          classDetails: (c) => classLink(c.classroomId),
          lastReport: (c) =>
            c.lastHeldSessionId === null
              ? null
              : staff
                ? href('classSessionReport', {
                    id: c.classroomId,
                    sessionId: c.lastHeldSessionId,
                    student_id: key,
                  })
                : href('panelSessionReport', { sessionId: c.lastHeldSessionId }),
          records: (c) =>
            staff ? href('classStudentRecords', { id: c.classroomId, student_id: key }) : null,
          report: staff
            ? can('reports.read')
              ? href('adminUserReport', { key })
              : null
            : paths.panelReports.path,
          coursePlan: staff
            ? can('coursePlans.read')
              ? href('adminUserProgressStage', { id: key })
              : null
            : me.permissions.includes('coursePlans.readOwn')
              ? paths.panelProgressStage.path
              : null,
          logins: staff ? key : null,
        }}
      />
    </Stack>
  );
}
