import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CurrentUser } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '@/components/user-avatar';
import { formatEpoch, formatPhone } from '@/lib/format';

const statusColor = { active: 'teal', disabled: 'orange', archived: 'gray' } as const;

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** The signed-in user's own account, exactly as the server returned it. */
export function AccountCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const missing = t('accountCard.notProvided');

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="account-card">
      <Text size="sm" c="dimmed" fw={600} mb="md">
        {t('accountCard.title')}
      </Text>
      <Group gap="md" mb="xl" wrap="nowrap">
        <UserAvatar user={user} size={64} />
        <Stack gap={4}>
          <Title order={2} size="h3">
            {user.fullName}
          </Title>
          <Group gap="xs">
            <Badge variant="light">{tc(`roles.${user.role}`)}</Badge>
            <Badge variant="dot" color={statusColor[user.status]}>
              {t(`accountCard.status.${user.status}`)}
            </Badge>
          </Group>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        <Detail label={t('accountCard.userName')} value={user.userName} />
        <Detail label={t('accountCard.role')} value={tc(`roles.${user.role}`)} />
        <Detail label={t('accountCard.nickName')} value={user.nickName || missing} />
        <Detail label={t('accountCard.email')} value={user.emailAddress || missing} />
        <Detail
          label={t('accountCard.phone')}
          value={user.phoneNumber ? formatPhone(user.phoneNumber) : missing}
        />
        <Detail label={t('accountCard.memberSince')} value={formatEpoch(user.createMoment, 'date')} />
        <Detail
          label={t('accountCard.lastLogin')}
          value={user.lastLogin ? formatEpoch(user.lastLogin) : t('accountCard.never')}
        />
      </SimpleGrid>
    </Paper>
  );
}
