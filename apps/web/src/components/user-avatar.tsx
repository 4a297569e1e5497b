import '@mantine/core/styles/Avatar.layer.css';
import { Avatar } from '@mantine/core';
import type { CurrentUser } from '@tutoria/shared';

function initials(fullName: string): string {
  const parts = fullName.trim().split(/\s+/);
  const letters =
    parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}` : fullName.slice(0, 2);
  return letters.toUpperCase();
}

/** The user's picture, or their initials when they have none. */
export function UserAvatar({
  user,
  size,
}: {
  user: Pick<CurrentUser, 'fullName' | 'imageUrl'>;
  size: number;
}) {
  return (
    <Avatar src={user.imageUrl} size={size} radius="xl" color="indigo" alt={user.fullName}>
      {initials(user.fullName)}
    </Avatar>
  );
}
