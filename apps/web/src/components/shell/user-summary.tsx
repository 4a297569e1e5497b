import { Group, Stack, Text } from '@mantine/core';
import type { CurrentUser } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '@/components/user-avatar';

/** Who is signed in: name and translated role beside the avatar, the avatar alone on phones. */
export function UserSummary({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap">
      <UserAvatar user={user} size={36} />
      <Stack gap={0} visibleFrom="sm" data-testid="user-summary">
        <Text size="sm" fw={600} lineClamp={1}>
          {user.fullName}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {t(`roles.${user.role}`)}
        </Text>
      </Stack>
    </Group>
  );
}
