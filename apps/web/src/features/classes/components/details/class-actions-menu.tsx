import '@mantine/core/styles/Menu.layer.css';
import { Button, Group, Menu } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconBan,
  IconCalendarPlus,
  IconChecks,
  IconChevronDown,
  IconPencil,
  IconTrashX,
  IconX,
} from '@tabler/icons-react';
import type { ClassroomDetails } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import type { ClassActions } from '../../hooks/use-class-actions';
import type { ClassAbilities } from '../../lib/abilities';

interface ClassActionsMenuProps {
  details: ClassroomDetails;
  can: ClassAbilities;
  actions: ClassActions;
}

/** "Add times" and the class's actions menu: edit, confirm changes, archive, disable, destroy. */
export function ClassActionsMenu({ details, can, actions }: ClassActionsMenuProps) {
  const { t } = useTranslation('classes');
  const manage = can.manage && can.live;
  const notDeleted = details.state !== 'Deleted';
  const pendingTeacher = details.times.filter((s) => !s.changesConfirmedByTeacher).length;
  const pendingAdmin = details.times.filter((s) => !s.changesConfirmedBySchedulingAdmin).length;
  const hasMenu =
    (can.manage && notDeleted) ||
    can.destroy ||
    (can.confirmAsTeacher && pendingTeacher > 0) ||
    (can.confirmAsAdmin && pendingAdmin > 0);
  return (
    <Group gap="sm">
      {manage ? (
        <Button leftSection={<IconCalendarPlus size={18} />} onClick={() => actions.openClassDialog('times')}>
          {t('details.addTimes')}
        </Button>
      ) : null}
      {hasMenu ? (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <Button variant="default" rightSection={<IconChevronDown size={16} />}>
              {t('details.actions')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {manage ? (
              <Menu.Item
                leftSection={<IconPencil size={16} />}
                onClick={() => actions.openClassDialog('edit')}
              >
                {t('details.edit')}
              </Menu.Item>
            ) : null}
            {can.confirmAsTeacher && pendingTeacher > 0 && can.live ? (
              <Menu.Item leftSection={<IconChecks size={16} />} onClick={actions.confirmChangesAsTeacher}>
                {t('details.confirmChangesTeacher', { count: pendingTeacher })}
              </Menu.Item>
            ) : null}
            {can.confirmAsAdmin && pendingAdmin > 0 && can.live ? (
              <Menu.Item leftSection={<IconChecks size={16} />} onClick={actions.confirmChangesAsAdmin}>
                {t('details.confirmChangesAdmin', { count: pendingAdmin })}
              </Menu.Item>
            ) : null}
            {manage ? (
              <Menu.Item leftSection={<IconX size={16} />} onClick={() => actions.ask({ kind: 'removeAll' })}>
                {t('details.removeAll')}
              </Menu.Item>
            ) : null}
            {can.manage && notDeleted ? (
              <Menu.Item
                leftSection={details.archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
                onClick={actions.toggleArchived}
              >
                {details.archived ? t('details.unarchive') : t('details.archive')}
              </Menu.Item>
            ) : null}
            {manage ? (
              <Menu.Item
                color="red"
                leftSection={<IconBan size={16} />}
                onClick={() => actions.ask({ kind: 'disable' })}
              >
                {t('details.disable')}
              </Menu.Item>
            ) : null}
            {can.destroy ? (
              <Menu.Item
                color="red"
                leftSection={<IconTrashX size={16} />}
                onClick={() => actions.openClassDialog('destroy')}
              >
                {t('details.destroy')}
              </Menu.Item>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}
