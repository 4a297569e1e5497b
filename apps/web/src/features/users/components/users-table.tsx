import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import { Badge, Group, Menu, Stack, Text } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconChartLine,
  IconHistory,
  IconKey,
  IconListDetails,
  IconPencil,
  IconRoute,
  IconShieldLock,
  IconTrash,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { canManageUser, userScopeOf, type CurrentUser, type UserListItem } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href, isRouteBuilt } from '@/lib/routes';
import { UserAvatar } from '@/components/user-avatar';
import { baseTypeLabel } from '@/lib/catalog';
import { formatEpoch, formatPhone } from '@/lib/format';
import { ActionsColumnTitle } from '@/components/actions-column-title';
import { ListTable } from '@/components/list-table';
import { pinnedEnd, pinnedStart } from '@/components/pinned-columns';
import { RowMenu } from '@/components/row-menu';
import { currentLanguage } from '@/lib/i18n';
import { NameLink, studentPagePath } from '@/features/students';
import { useUserDetails } from '../api/users';
import type { UsersList } from '../hooks/use-users-list';

export type UserAction =
  | 'edit'
  | 'resetPassword'
  | 'loginHistory'
  | 'archive'
  | 'restore'
  | 'disable'
  | 'enable'
  | 'permissions'
  | 'audit'
  | 'delete';

/**
 * Viewport widths from which the lower-value columns show (laptops are 1280–1440 px wide), so the
 * pinned menu covers no cell (issue #13).
 */
const LAPTOP = '(min-width: 1440px)';
const WIDE = '(min-width: 1600px)';

const statusColor = { active: 'teal', disabled: 'orange', archived: 'gray' } as const;

interface UsersTableProps {
  me: CurrentUser;
  list: UsersList;
  onAction: (action: UserAction, user: UserListItem) => void;
  /** A row's menu opened: its dialogs are likely next (their code loads on intent). */
  onMenuOpen?: () => void;
}

/** What the signed-in user may do with one row; the server checks the same rules again. */
function actionsFor(me: CurrentUser, user: UserListItem): UserAction[] {
  const manage = canManageUser(me, user);
  const self = me.publicKey === user.publicKey;
  const actions: UserAction[] = [];
  if (manage) actions.push('edit', 'resetPassword');
  if (manage || self || userScopeOf(me.role) === 'all') actions.push('loginHistory');
  if (
    me.permissions.includes('users.managePermissions') &&
    !self &&
    (user.role !== 'Admin' || me.role === 'Admin')
  ) {
    actions.push('permissions');
  }
  if (me.permissions.includes('users.readAudit')) actions.push('audit');
  if (manage && !self) {
    if (user.status === 'archived') actions.push('restore');
    else {
      actions.push('archive');
      actions.push(user.status === 'disabled' ? 'enable' : 'disable');
    }
    actions.push('delete');
  }
  return actions;
}

const icons = {
  edit: IconPencil,
  resetPassword: IconKey,
  loginHistory: IconHistory,
  permissions: IconShieldLock,
  audit: IconListDetails,
  archive: IconArchive,
  restore: IconArchiveOff,
  disable: IconUserOff,
  enable: IconUserCheck,
  delete: IconTrash,
} as const;

/**
 * Whether a row's link leads to a built route, asked once per route rather than once per row and
 * link: each answer matches the path against every route of the app (issue 31: on a page of 50
 * students that was a tenth of drawing it). The links differ only in the user's key.
 */
const builtRoutes = new Map<string, boolean>();
function routeBuilt(path: string): boolean {
  const route = path.replace(/[^/]+$/, ':key');
  let built = builtRoutes.get(route);
  if (built === undefined) {
    built = isRouteBuilt(path);
    builtRoutes.set(route, built);
  }
  return built;
}

function UserRowMenu({
  me,
  user,
  onAction,
  onMenuOpen,
}: {
  me: CurrentUser;
  user: UserListItem;
  onAction: UsersTableProps['onAction'];
  onMenuOpen: UsersTableProps['onMenuOpen'];
}) {
  const { t } = useTranslation('users');
  const actions = actionsFor(me, user);
  const report = href('adminUserReport', { key: user.publicKey });
  const progress = href('adminUserProgressStage', { id: user.publicKey });
  const links = [
    { to: report, label: t('actions.report'), icon: IconChartLine },
    // progress stage (issue 12): only for those who may read course plans.
    ...(me.permissions.includes('coursePlans.read')
      ? [{ to: progress, label: t('actions.progressStage'), icon: IconRoute }]
      : []),
  ].filter((link) => user.role === 'Student' && routeBuilt(link.to));
  if (!actions.length && !links.length) return null;
  return (
    <RowMenu label={t('actions.menu', { name: user.fullName })} width={220} onOpen={onMenuOpen}>
      {actions.map((action) => {
        if (action === 'delete') return <DeleteItem key={action} user={user} onAction={onAction} />;
        const Icon = icons[action];
        return (
          <Menu.Item key={action} leftSection={<Icon size={16} />} onClick={() => onAction(action, user)}>
            {t(`actions.${action}`)}
          </Menu.Item>
        );
      })}
      {links.length ? <Menu.Divider /> : null}
      {links.map((link) => (
        <Menu.Item key={link.to} component={Link} to={link.to} leftSection={<link.icon size={16} />}>
          {link.label}
        </Menu.Item>
      ))}
    </RowMenu>
  );
}

/**
 * Delete, offered only when it will work (issue 27): the user's details say what they own that
 * would refuse it (classes, payments, students…), read as the menu opens. Until they come the
 * item waits, disabled; for a user who owns records it goes, and Archive is what the menu offers.
 */
function DeleteItem({ user, onAction }: { user: UserListItem; onAction: UsersTableProps['onAction'] }) {
  const { t } = useTranslation('users');
  const details = useUserDetails(user.publicKey);
  const owned = details.data?.ownedRecords;
  if (owned?.length) return null;
  return (
    <Menu.Item
      color="red"
      leftSection={<IconTrash size={16} />}
      disabled={!details.data}
      onClick={() => onAction('delete', user)}
    >
      {t('actions.delete')}
    </Menu.Item>
  );
}

export function UsersTable(props: UsersTableProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const language = currentLanguage();
  return (
    <ListTable<UserListItem>
      {...props.list.table}
      {...props.list.sorting}
      virtualize
      withTableBorder
      borderRadius="lg"
      verticalSpacing="sm"
      idAccessor="publicKey"
      defaultColumnProps={{ noWrap: true }}
      customRowAttributes={(user) => ({ 'data-user': user.userName })}
      // A row opens the user's details drawer (issue #13); its menu and links keep their own clicks.
      onRowClick={({ record, event }) => {
        if ((event.target as HTMLElement).closest('button, a, [role="menuitem"]')) return;
        if (actionsFor(props.me, record).includes('edit')) props.onAction('edit', record);
      }}
      columns={[
        {
          accessor: 'fullName',
          phone: 'title',
          title: t('fields.fullName'),
          sortable: true,
          ...pinnedStart,
          render: (user) => (
            <Group gap="sm" wrap="nowrap">
              <UserAvatar user={user} size={34} />
              <Stack gap={0}>
                {/* A student's name leads to their page (issue 31). */}
                <NameLink to={user.role === 'Student' ? studentPagePath(props.me, user) : null} fw={600}>
                  {user.fullName}
                </NameLink>
                {user.nickName ? (
                  <Text size="xs" c="dimmed">
                    {user.nickName}
                  </Text>
                ) : null}
              </Stack>
            </Group>
          ),
        },
        { accessor: 'userName', title: t('fields.userName'), sortable: true },
        {
          accessor: 'role',
          title: t('fields.role'),
          width: 160,
          sortable: true,
          // The base type reads under the role: one column less, so the pinned menu covers no cell (issue #13).
          render: (user) => (
            <Stack gap={2} align="flex-start">
              <Badge variant="light" tt="none" color={user.role === 'Student' ? 'grape' : 'indigo'}>
                {tc(`roles.${user.role}`)}
              </Badge>
              {user.baseType ? (
                <Text size="xs" c="dimmed">
                  {baseTypeLabel(user.baseType, language)}
                </Text>
              ) : null}
            </Stack>
          ),
        },
        {
          accessor: 'phoneNumber',
          phone: 'hidden',
          title: t('table.contact'),
          visibleMediaQuery: WIDE,
          render: (user) => (
            <Stack gap={0}>
              <Text size="sm">{user.phoneNumber ? formatPhone(user.phoneNumber) : '—'}</Text>
              <Text size="xs" c="dimmed" truncate maw={180} title={user.emailAddress ?? undefined}>
                {user.emailAddress ?? ''}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'consultantName',
          phone: 'hidden',
          title: t('fields.consultant'),
          sortable: true,
          visibleMediaQuery: LAPTOP,
          render: (user) => user.consultantName ?? '—',
        },
        {
          accessor: 'status',
          title: t('fields.status'),
          width: 120,
          sortable: true,
          render: (user) => (
            <Badge variant="dot" tt="none" color={statusColor[user.status]}>
              {t(`status.${user.status}`)}
            </Badge>
          ),
        },
        {
          accessor: 'lastLogin',
          title: t('fields.lastLogin'),
          sortable: true,
          render: (user) => (user.lastLogin ? formatEpoch(user.lastLogin) : t('loginHistory.never')),
        },
        {
          accessor: 'actions',
          title: <ActionsColumnTitle />,
          textAlign: 'right',
          ...pinnedEnd,
          render: (user) => (
            <UserRowMenu me={props.me} user={user} onAction={props.onAction} onMenuOpen={props.onMenuOpen} />
          ),
        },
      ]}
    />
  );
}
