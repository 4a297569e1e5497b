import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Pill.layer.css';
import '@mantine/core/styles/PillsInput.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  createNotificationBody,
  type MessageType,
  messageTypes,
  NOTIFICATION_MESSAGE_MAX,
  type Role,
  roles,
} from '@tutoria/shared';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePeople } from '@/features/users';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { useClassChoices, useCreateNotification } from '../api/notifications';

const targets = ['users', 'role', 'classroom'] as const;
type Target = (typeof targets)[number];

interface Values extends Record<string, unknown> {
  message: string;
  messageType: MessageType;
  target: Target;
  /** Whose people the user picker searches. */
  pickRole: Role;
  userPublicKeys: string[];
  role: Role | null;
  classroomId: string | null;
}

/** The body the values make: only the chosen kind of recipients is sent. */
const toBody = (v: Values) => ({
  message: v.message,
  messageType: v.messageType,
  ...(v.target === 'users' ? { userPublicKeys: v.userPublicKeys } : {}),
  ...(v.target === 'role' && v.role ? { role: v.role } : {}),
  ...(v.target === 'classroom' && v.classroomId ? { classroomId: v.classroomId } : {}),
});
const schema = bodySchema(createNotificationBody, toBody);

export function CreateNotificationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('notifications');
  return (
    <Modal opened={opened} onClose={onClose} title={t('create.title')} centered size="lg">
      {opened ? <CreateNotificationForm onDone={onClose} /> : null}
    </Modal>
  );
}

function CreateNotificationForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['notifications', 'common']);
  const create = useCreateNotification();
  const form = useSchemaForm<Values>(
    schema,
    {
      message: '',
      messageType: 'General',
      target: 'users',
      pickRole: 'Student',
      userPublicKeys: [],
      role: null,
      classroomId: null,
    },
    { mode: 'controlled' },
  );
  const values = form.getValues();
  const roleOptions = roles.map((value) => ({ value, label: t(`common:roles.${value}`) }));
  return (
    <form noValidate onSubmit={form.onSave(create, (v) => createNotificationBody.parse(toBody(v)), onDone)}>
      <Stack gap="md">
        <Textarea
          label={t('create.message')}
          autosize
          minRows={3}
          maxLength={NOTIFICATION_MESSAGE_MAX}
          data-autofocus
          withAsterisk
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <Select
          label={t('create.type')}
          data={messageTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          key={form.key('messageType')}
          {...form.getInputProps('messageType')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('create.to')}
          </Text>
          <SegmentedControl
            data={targets.map((value) => ({ value, label: t(`create.targets.${value}`) }))}
            key={form.key('target')}
            {...form.getInputProps('target')}
          />
        </Stack>
        {values.target === 'users' ? (
          <Group grow align="flex-start">
            <Select
              label={t('create.pickRole')}
              data={roleOptions}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              key={form.key('pickRole')}
              {...form.getInputProps('pickRole')}
            />
            <UserPicker
              role={values.pickRole}
              value={values.userPublicKeys}
              onChange={(keys) => form.setFieldValue('userPublicKeys', keys)}
              error={form.errors.userPublicKeys}
            />
          </Group>
        ) : null}
        {values.target === 'role' ? (
          <Select
            label={t('create.role')}
            data={roleOptions}
            comboboxProps={{ withinPortal: true }}
            key={form.key('role')}
            {...form.getInputProps('role')}
            error={form.errors.role ?? form.errors.userPublicKeys}
          />
        ) : null}
        {values.target === 'classroom' ? (
          <ClassPicker
            value={values.classroomId}
            onChange={(id) => form.setFieldValue('classroomId', id)}
            error={form.errors.classroomId ?? form.errors.userPublicKeys}
          />
        ) : null}
        {form.errors.form ? (
          <Text c="red" size="sm">
            {form.errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('create.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('create.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface PickerProps<T> {
  value: T;
  onChange: (value: T) => void;
  error?: ReactNode;
}

/**
 * People of one role by name; chosen ones keep their names while the search changes. The list
 * closes once a person is picked (issue 27: it stayed open over the Send button); typing or a
 * click on the field opens it again for the next one.
 */
function UserPicker({ role, value, onChange, error }: PickerProps<string[]> & { role: Role }) {
  const { t } = useTranslation('notifications');
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const { data } = usePeople(role, debounced);
  const seen = useRef(new Map<string, string>());
  const options = useMemo(() => {
    for (const person of data?.data ?? []) seen.current.set(person.publicKey, person.fullName);
    const keys = new Set([...value, ...(data?.data ?? []).map((p) => p.publicKey)]);
    return [...keys].map((key) => ({ value: key, label: seen.current.get(key) ?? key }));
  }, [data, value]);
  return (
    <MultiSelect
      label={t('create.users')}
      placeholder={t('create.usersPlaceholder')}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      hidePickedOptions
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      onOptionSubmit={() => setOpened(false)}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function ClassPicker({ value, onChange, error }: PickerProps<string | null>) {
  const { t } = useTranslation('notifications');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const { data } = useClassChoices(debounced, true);
  const options = (data?.data ?? []).map((c) => ({ value: c.classroomId, label: c.classroomName }));
  return (
    <Select
      label={t('create.classroom')}
      placeholder={t('create.classroomPlaceholder')}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      clearable
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
