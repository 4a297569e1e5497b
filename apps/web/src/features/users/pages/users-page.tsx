import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Paper, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import {
  assignableRoles,
  baseTypeLabels,
  baseTypes,
  pageCount,
  roles,
  textSearchGroup,
  userScopeOf,
  type BaseType,
  type CurrentUser,
  type ListQueryInput,
  type Role,
  type UserListItem,
  type WhereCondition,
} from '@tutoria/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/features/auth';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useArchiveUser, useDeleteUser, useDisableUser, useUsersList } from '../api/users';
import { AuditTrailModal } from '../components/audit-trail-modal';
import { ConfirmModal } from '../components/confirm-modal';
import { LoginHistoryModal } from '../components/login-history-modal';
import { PermissionsModal } from '../components/permissions-modal';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { UserFormDrawer } from '../components/user-form-drawer';
import { UsersTable, type UserAction } from '../components/users-table';
import { useUsersTableState } from '../hooks/use-users-table-state';

const SEARCH_COLUMNS = ['fullName', 'nickName', 'userName', 'phoneNumber', 'emailAddress'] as const;

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
  const { t: tc } = useTranslation();
  const language = currentLanguage();
  const [state, update] = useUsersTableState();
  const [search, setSearch] = useState(state.search);
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [dialog, setDialog] = useState<Dialog>(null);
  const scoped = userScopeOf(me.role) !== 'all';
  const canCreate = assignableRoles(me, roles).length > 0;

  const applySearch = useEffectEvent((text: string) => {
    if (text !== state.search) update({ search: text });
  });
  useEffect(() => applySearch(debouncedSearch), [debouncedSearch]);

  const where: WhereCondition[][] = [];
  if (state.search.trim()) where.push(textSearchGroup(SEARCH_COLUMNS, state.search));
  if (state.role) where.push([{ column: 'role', comparison: 'Equal', operand: state.role }]);
  if (state.baseType) where.push([{ column: 'baseType', comparison: 'Equal', operand: state.baseType }]);
  where.push([{ column: 'archived', comparison: 'Equal', operand: state.archived }]);
  const body: ListQueryInput = {
    page: { index: state.page, size: state.size },
    where,
    order: [{ column: state.sort.columnAccessor, descending: state.sort.direction === 'desc' }],
  };
  const list = useUsersList(body, scoped && state.staff);
  const total = list.data?.totalCount ?? 0;

  // A page past the end (the last row of the last page was archived or deleted) falls back to the last page.
  const pastTheEnd = list.data !== undefined && list.data.data.length === 0 && total > 0 && state.page > 1;
  const backToLastPage = useEffectEvent(() => update({ page: pageCount(total, state.size) }));
  useEffect(() => {
    if (pastTheEnd) backToLastPage();
  }, [pastTheEnd]);

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
      <Paper withBorder radius="lg" p="md" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('filters.search')}
            aria-label={t('filters.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <Select
            placeholder={t('filters.role')}
            aria-label={t('filters.role')}
            clearable
            data={roles.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
            value={state.role}
            onChange={(value) => update({ role: value as Role | null })}
          />
          <Select
            placeholder={t('filters.baseType')}
            aria-label={t('filters.baseType')}
            clearable
            searchable
            data={baseTypes.map((b) => ({ value: b, label: baseTypeLabels[b][language] }))}
            value={state.baseType}
            onChange={(value) => update({ baseType: value as BaseType | null })}
          />
          <Group gap="lg" align="center">
            <Switch
              label={t('filters.archived')}
              checked={state.archived}
              onChange={(event) => update({ archived: event.currentTarget.checked })}
            />
            {scoped ? (
              <Switch
                label={t('filters.staff')}
                checked={state.staff}
                onChange={(event) => update({ staff: event.currentTarget.checked })}
              />
            ) : null}
          </Group>
        </SimpleGrid>
      </Paper>

      <UsersTable
        me={me}
        records={list.data?.data ?? []}
        totalRecords={total}
        fetching={list.isFetching}
        page={state.page}
        size={state.size}
        sortStatus={state.sort as never}
        onPageChange={(page) => update({ page })}
        onSizeChange={(size) => update({ size })}
        onSortChange={(sort) =>
          update({ sort: { columnAccessor: String(sort.columnAccessor), direction: sort.direction } })
        }
        onAction={onAction}
      />

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
