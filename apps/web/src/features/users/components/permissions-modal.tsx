import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Checkbox, Fieldset, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { permissionNames, rolePermissions, type Permission, type UserListItem } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/lib/notify';
import { useSetPermissions } from '../api/users';

const areas = [...new Set(permissionNames.map((p) => p.split('.')[0]!))];

/** What the user's role may do (fixed) and the extra permissions an Admin grants on top. */
export function PermissionsModal({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={t('permissions.title', { name: user?.fullName ?? '' })}
      size="xl"
      centered
    >
      {user ? <PermissionsForm key={user.publicKey} user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

function PermissionsForm({ user, onDone }: { user: UserListItem; onDone: () => void }) {
  const { t, i18n } = useTranslation('users');
  // A permission added to the map before its label falls back to its own name.
  const label = (key: string, fallback: string) =>
    i18n.exists(`users:${key}`) ? String(t(key as never)) : fallback;
  const { t: tc } = useTranslation();
  const save = useSetPermissions();
  const fromRole = new Set<Permission>(rolePermissions[user.role]);
  const [extra, setExtra] = useState<Set<Permission>>(new Set(user.extraPermissions));
  const toggle = (permission: Permission, on: boolean) =>
    setExtra((current) => {
      const next = new Set(current);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('permissions.body', { role: tc(`roles.${user.role}`) })}
      </Text>
      <Group gap="xs">
        <Badge variant="light" color="gray">
          {t('permissions.fromRole')}
        </Badge>
        <Badge variant="light" color="indigo">
          {t('permissions.extra')}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {areas.map((area) => (
          <Fieldset key={area} legend={label(`permissionAreas.${area}`, area)} radius="md" p="sm">
            <Stack gap={6}>
              {permissionNames
                .filter((p) => p.startsWith(`${area}.`))
                .map((permission) => {
                  const granted = fromRole.has(permission);
                  return (
                    <Checkbox
                      key={permission}
                      size="xs"
                      color={granted ? 'gray' : 'indigo'}
                      label={label(`permissionNames.${permission}`, permission)}
                      checked={granted || extra.has(permission)}
                      disabled={granted}
                      onChange={(event) => toggle(permission, event.currentTarget.checked)}
                    />
                  );
                })}
            </Stack>
          </Fieldset>
        ))}
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          {t('form.cancel')}
        </Button>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { publicKey: user.publicKey, permissions: [...extra].filter((p) => !fromRole.has(p)) },
              {
                onSuccess: (result) => {
                  notifySuccess(result.message);
                  onDone();
                },
              },
            )
          }
        >
          {t('form.save')}
        </Button>
      </Group>
    </Stack>
  );
}
