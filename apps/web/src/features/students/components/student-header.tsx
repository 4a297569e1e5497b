import '@mantine/core/styles/Badge.layer.css';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { StudentOverview } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '@/components/user-avatar';
import { formatPhone } from '@/lib/format';

const statusColour = { active: 'teal', disabled: 'orange', archived: 'gray' } as const;

/** Who the student is: picture, name, status, consultant and how to reach them (as users.get shows them). */
export function StudentHeader({ student }: { student: StudentOverview['student'] }) {
  const { t } = useTranslation('students');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="student-header">
      <Group align="flex-start" gap="md" wrap="nowrap">
        <UserAvatar user={student} size={64} />
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" align="center">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {student.fullName}
            </Title>
            <Badge variant="dot" tt="none" color={statusColour[student.status]}>
              {t(`header.status.${student.status}`)}
            </Badge>
          </Group>
          {student.nickName ? (
            <Text size="sm" c="dimmed">
              {t('header.nickName', { name: student.nickName })}
            </Text>
          ) : null}
          <Group gap="md" align="flex-start">
            <Detail label={t('header.consultant')}>
              {student.consultant?.fullName ?? t('header.noConsultant')}
            </Detail>
            {student.phoneNumber ? (
              <Detail label={t('header.phone')}>
                <Anchor href={`tel:${student.phoneNumber}`} inherit>
                  {formatPhone(student.phoneNumber)}
                </Anchor>
              </Detail>
            ) : null}
            {student.emailAddress ? (
              <Detail label={t('header.email')}>
                <Anchor href={`mailto:${student.emailAddress}`} inherit style={{ overflowWrap: 'anywhere' }}>
                  {student.emailAddress}
                </Anchor>
              </Detail>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="sm" component="div" miw={0}>
      <Text span size="sm" c="dimmed">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}
