import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { CurrentUser } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';

function initials(fullName: string): string {
  const parts = fullName.trim().split(/\s+/);
  return parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}` : fullName.slice(0, 2);
}

/** Who is signed in: name and translated role beside the avatar, the avatar alone on phones. */
export function UserSummary({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={user.imageUrl} color="indigo" radius="xl" size={36} alt={user.fullName}>
        {initials(user.fullName).toUpperCase()}
      </Avatar>
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
