import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconChecks, IconPlus } from '@tabler/icons-react';
import { type MessageType, type Notification, notificationsContract } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth';
import { NameLink, studentPagePath } from '@/features/students';
import { useServerList } from '@/hooks/use-server-list';
import { formatEpoch } from '@/lib/format';
import { NEWEST_FIRST } from '@/lib/list-params';
import { ActionsColumnTitle } from '@/components/actions-column-title';
import { ListTable } from '@/components/list-table';
import { notifyError, notifySuccess } from '@/lib/notify';
import { notificationsQueryOptions, useMarkRead } from '../api/notifications';
import { CreateNotificationModal } from './create-notification-modal';
import { notificationFilters, NotificationFiltersBar, notificationWhere } from './notification-filters';

const SEARCH_COLUMNS = ['message'] as const;
const typeColours: Record<MessageType, string> = {
  Classroom: 'blue',
  TimeTable: 'teal',
  Financial: 'orange',
  General: 'gray',
  Academic: 'grape',
};

/** The notifications list: everyone's (Admin) or one's own; mark read, and write one with the permission. */
export function NotificationList({ everyone }: { everyone: boolean }) {
  const { t } = useTranslation('notifications');
  const user = useCurrentUser();
  const canCreate = user?.permissions.includes('notifications.create') ?? false;
  const list = useServerList({
    name: everyone ? 'notifications.all' : 'notifications',
    filters: notificationFilters,
    searchColumns: SEARCH_COLUMNS,
    defaultSort: NEWEST_FIRST,
    columns: everyone
      ? notificationsContract.adminList.listColumns
      : notificationsContract.ownList.listColumns,
    where: notificationWhere(everyone),
    query: notificationsQueryOptions(everyone),
  });
  const [selected, setSelected] = useState<Notification[]>([]);
  const [creating, setCreating] = useState(false);
  const markRead = useMarkRead();
  const mine = (n: Notification) => n.userPublicKey === user?.publicKey;

  const mark = (body: { messageIds?: string[]; all?: boolean }) =>
    user &&
    markRead.mutate(
      { publicKey: user.publicKey, messageIds: body.messageIds ?? [], all: body.all ?? false },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          setSelected([]);
        },
        onError: (error) => notifyError(error.message),
      },
    );

  return (
    <>
      <Group gap="xs" justify="flex-end" mb="sm">
        {selected.length ? (
          <Button
            variant="light"
            leftSection={<IconChecks size={18} />}
            loading={markRead.isPending}
            onClick={() => mark({ messageIds: selected.map((n) => n.messageId) })}
          >
            {t('actions.markSelected', { count: selected.length })}
          </Button>
        ) : null}
        <Button
          variant="default"
          leftSection={<IconChecks size={18} />}
          loading={markRead.isPending}
          onClick={() => mark({ all: true })}
        >
          {t('actions.markAll')}
        </Button>
        {canCreate ? (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
            {t('actions.create')}
          </Button>
        ) : null}
      </Group>
      <NotificationFiltersBar list={list} everyone={everyone} />
      <ListTable<Notification>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor="messageId"
        selectedRecords={selected}
        onSelectedRecordsChange={setSelected}
        isRecordSelectable={(n) => mine(n) && !n.isRead}
        rowStyle={(n) => (n.isRead ? undefined : { fontWeight: 600 })}
        columns={[
          {
            accessor: 'isRead',
            title: t('columns.state'),
            sortable: true,
            width: 110,
            render: (n) => (
              <Badge variant={n.isRead ? 'outline' : 'filled'} color={n.isRead ? 'gray' : 'red'} radius="sm">
                {t(n.isRead ? 'state.read' : 'state.unread')}
              </Badge>
            ),
          },
          {
            accessor: 'message',
            phone: 'title',
            title: t('columns.message'),
            render: (n) => (
              <Text size="sm" fw={n.isRead ? 400 : 600} style={{ whiteSpace: 'pre-wrap' }}>
                {n.message}
              </Text>
            ),
          },
          {
            accessor: 'messageType',
            title: t('columns.type'),
            sortable: true,
            render: (n) => (
              <Badge variant="light" color={typeColours[n.messageType]} radius="sm" miw="max-content">
                {t(`types.${n.messageType}`)}
              </Badge>
            ),
          },
          {
            accessor: 'fullName',
            title: t('columns.recipient'),
            sortable: true,
            hidden: !everyone,
            // A student recipient's name leads to their page (issue 31).
            render: (n) => (
              <NameLink
                to={n.userRole === 'Student' ? studentPagePath(user, { publicKey: n.userPublicKey }) : null}
              >
                {n.fullName}
              </NameLink>
            ),
          },
          {
            accessor: 'createMoment',
            title: t('columns.time'),
            sortable: true,
            noWrap: true,
            render: (n) => formatEpoch(n.createMoment, 'long'),
          },
          {
            accessor: 'actions',
            title: <ActionsColumnTitle />,
            textAlign: 'right',
            render: (n) =>
              mine(n) && !n.isRead ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => mark({ messageIds: [n.messageId] })}
                >
                  {t('actions.markRead')}
                </Button>
              ) : null,
          },
        ]}
      />
      {canCreate ? <CreateNotificationModal opened={creating} onClose={() => setCreating(false)} /> : null}
    </>
  );
}
