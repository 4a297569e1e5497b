import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { assignableRoles, roles, userScopeOf, type CurrentUser, type UserListItem } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/features/auth';
import { notifySuccess } from '@/lib/notify';
import { useArchiveUser, useDeleteUser, useDisableUser } from '../api/users';
import { AuditTrailModal } from '../components/audit-trail-modal';
import { ConfirmModal } from '../components/confirm-modal';
import { LoginHistoryModal } from '../components/login-history-modal';
import { PermissionsModal } from '../components/permissions-modal';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { UserFormDrawer } from '../components/user-form-drawer';
import { UsersFilters } from '../components/users-filters';
import { UsersTable, type UserAction } from '../components/users-table';
import { useUsersList } from '../hooks/use-users-list';

export { usersPageLoader } from '../hooks/use-users-list';

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
              onClick={() => setDialog({ kind: 'form', target: 'new' })}
            >
              {t('actions.create')}
            </Button>
          ) : null
        }
      />
      <UsersFilters list={list} scoped={scoped} />
      <UsersTable me={me} list={list} onAction={onAction} />

      <UserFormDrawer me={me} target={dialog?.kind === 'form' ? dialog.target : null} onClose={close} />
      <ResetPasswordModal user={open('resetPassword')} onClose={close} />
      <LoginHistoryModal user={open('loginHistory')} onClose={close} />
      <AuditTrailModal user={open('audit')} onClose={close} />
      <PermissionsModal user={open('permissions')} onClose={close} />
      <ConfirmModal
        opened={confirming !== null}
        title={confirming ? t(`confirm.${confirming.kind}.title`) : ''}
        body={confirming ? t(`confirm.${confirming.kind}.body`, { name: confirming.user.fullName }) : ''}
        confirmLabel={confirming ? t(`confirm.${confirming.kind}.confirm`) : ''}
        color={confirming?.kind === 'restore' || confirming?.kind === 'enable' ? 'teal' : 'red'}
        loading={archive.isPending || disable.isPending || remove.isPending}
        onConfirm={confirmAction}
        onClose={close}
      />
    </>
  );
}
