import '@mantine/core/styles/Badge.layer.css';
import { Badge } from '@mantine/core';
import type { ClassroomState } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';

const colours: Record<ClassroomState, string> = {
  WaitingForAddCourse: 'yellow',
  Active: 'teal',
  Finished: 'gray',
  Deleted: 'red',
};

export function ClassStateBadge({ state }: { state: ClassroomState }) {
  const { t } = useTranslation('classes');
  return (
    <Badge color={colours[state]} variant="light" radius="sm" miw="max-content">
      {t(`states.${state}`)}
    </Badge>
  );
}
