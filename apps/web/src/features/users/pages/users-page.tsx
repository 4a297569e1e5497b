import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { assignableRoles, roles, userScopeOf, type CurrentUser, type UserListItem } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyDialog } from '@/components/lazy-dialog';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/features/auth';
import { notifySuccess } from '@/lib/notify';
import { useArchiveUser, useDeleteUser, useDisableUser } from '../api/users';
import { UsersFilters } from '../components/users-filters';
import { UsersTable, type UserAction } from '../components/users-table';
import { useUsersList } from '../hooks/use-users-list';

export { usersPageLoader } from '../hooks/use-users-list';

// The dialogs' code (the user form with its pickers and schemas, the histories) loads on intent (issue 9).
const UserFormDrawer = lazyDialog(
  () => import('../components/user-form-drawer').then((m) => m.UserFormDrawer),
  'target',
);
// A row's dialogs are open while they have the row's user.
const ResetPasswordModal = lazyDialog(
  () => import('../components/reset-password-modal').then((m) => m.ResetPasswordModal),
  'user',
);
const LoginHistoryModal = lazyDialog(
  () => import('../components/login-history-modal').then((m) => m.LoginHistoryModal),
  'user',
);
const AuditTrailModal = lazyDialog(
  () => import('../components/audit-trail-modal').then((m) => m.AuditTrailModal),
  'user',
);
const PermissionsModal = lazyDialog(
  () => import('../components/permissions-modal').then((m) => m.PermissionsModal),
  'user',
);
const rowDialogs = [ResetPasswordModal, LoginHistoryModal, AuditTrailModal, PermissionsModal, UserFormDrawer];
const preloadRowDialogs = () => rowDialogs.forEach((dialog) => dialog.preload());

const confirmKinds = ['delete', 'archive', 'restore', 'disable', 'enable'] as const;
type ConfirmKind = (typeof confirmKinds)[number];
const isConfirmKind = (kind: string): kind is ConfirmKind =>
  (confirmKinds as readonly string[]).includes(kind);

type Dialog =
  { kind: 'form'; target: string } | { kind: Exclude<UserAction, 'edit'>; user: UserListItem } | null;

/** The admin's users screen (SPEC §2 Users): list, search, filter, create, edit and every row action. */
export function UsersPage() {
  const me = useCurrentUser();
  if (!me) return <PageLoader />;
  return <UsersScreen me={me} />;
}

function UsersScreen({ me }: { me: CurrentUser }) {
  const { t } = useTranslation('users');
  const list = useUsersList(me);
  const [dialog, setDialog] = useState<Dialog>(null);
  const scoped = userScopeOf(me.role) !== 'all';
  const canCreate = assignableRoles(me, roles).length > 0;

  const archive = useArchiveUser();
  const disable = useDisableUser();
  const remove = useDeleteUser();
  const close = () => setDialog(null);
  const done = (result: { message: string }) => {
    notifySuccess(result.message);
    close();
  };

  const onAction = (action: UserAction, user: UserListItem) =>
    setDialog(action === 'edit' ? { kind: 'form', target: user.publicKey } : { kind: action, user });
  const open = <K extends NonNullable<Dialog>['kind']>(kind: K) =>
    dialog?.kind === kind && 'user' in dialog ? dialog.user : null;
  const confirming =
    dialog && 'user' in dialog && isConfirmKind(dialog.kind)
      ? { kind: dialog.kind, user: dialog.user }
      : null;

  const confirmAction = () => {
    if (!confirming) return;
    const { publicKey } = confirming.user;
    if (confirming.kind === 'delete') remove.mutate(publicKey, { onSuccess: done });
    if (confirming.kind === 'archive') archive.mutate({ publicKey, archived: true }, { onSuccess: done });
    if (confirming.kind === 'restore') archive.mutate({ publicKey, archived: false }, { onSuccess: done });
    if (confirming.kind === 'disable') disable.mutate({ publicKey, disabled: true }, { onSuccess: done });
    if (confirming.kind === 'enable') disable.mutate({ publicKey, disabled: false }, { onSuccess: done });
  };

  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.subtitle')}
        actions={
          canCreate ? (
            <Button
              leftSection={<IconUserPlus size={18} />}
              onPointerEnter={UserFormDrawer.preload}
              onFocus={UserFormDrawer.preload}
              onClick={() => setDialog({ kind: 'form', target: 'new' })}
            >
              {t('actions.create')}
            </Button>
          ) : null
        }
      />
      <UsersFilters list={list} scoped={scoped} />
      <UsersTable me={me} list={list} onAction={onAction} onMenuOpen={preloadRowDialogs} />

      <UserFormDrawer me={me} target={dialog?.kind === 'form' ? dialog.target : null} onClose={close} />
      <ResetPasswordModal user={open('resetPassword')} onClose={close} />
      <LoginHistoryModal user={open('loginHistory')} onClose={close} />
      <AuditTrailModal user={open('audit')} onClose={close} />
      <PermissionsModal user={open('permissions')} onClose={close} />
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? t(`confirm.${confirming.kind}.title`) : ''}
        message={confirming ? t(`confirm.${confirming.kind}.body`, { name: confirming.user.fullName }) : ''}
        confirmLabel={confirming ? t(`confirm.${confirming.kind}.confirm`) : ''}
        cancelLabel={t('form.cancel')}
        color={confirming?.kind === 'restore' || confirming?.kind === 'enable' ? 'teal' : 'red'}
        loading={archive.isPending || disable.isPending || remove.isPending}
        onConfirm={confirmAction}
        onClose={close}
      />
    </>
  );
}
