import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Timeline.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import { Center, Modal, Pagination, Stack, Table, Text, Timeline } from '@mantine/core';
import {
  baseTypeLabels,
  pageCount,
  subjectLabels,
  type AuditEntry,
  type BaseType,
  type Subject,
  type UserListItem,
} from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { formatEpoch } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useAuditTrail } from '../api/users';

const PAGE_SIZE = 10;

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The changed fields of an audit row, nested objects (the Student profile) opened one level. */
function changes(entry: AuditEntry): { field: string; before: unknown; after: unknown }[] {
  const rows: { field: string; before: unknown; after: unknown }[] = [];
  const walk = (before: Plain, after: Plain) => {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const b = before[key];
      const a = after[key];
      if (isPlain(a) || isPlain(b)) walk(isPlain(b) ? b : {}, isPlain(a) ? a : {});
      else if (JSON.stringify(a ?? null) !== JSON.stringify(b ?? null))
        rows.push({ field: key, before: b, after: a });
    }
  };
  walk(entry.before ?? {}, entry.after ?? {});
  return rows;
}

/** The technical key of the consultant is shown by name (`consultantName`) instead. */
const hidden = new Set(['consultant']);

export function AuditTrailModal({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('users');
  const [page, setPage] = useState(1);
  const trail = useAuditTrail(user?.publicKey ?? null, page, PAGE_SIZE);
  const { t: tc } = useTranslation();
  const language = currentLanguage();
  const label = (group: 'fields' | 'audit.actions', key: string) =>
    i18n.exists(`users:${group}.${key}`) ? String(t(`${group}.${key}` as never)) : key;
  /** A value as people read it: labels for states, roles, base types and subjects; lists joined. */
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (field === 'password') return t('audit.changed');
    if (field === 'status' && typeof value === 'string') return String(t(`status.${value}` as never));
    if (field === 'role' && typeof value === 'string') return String(tc(`roles.${value}` as never));
    if (field === 'baseType' && typeof value === 'string' && value in baseTypeLabels)
      return baseTypeLabels[value as BaseType][language];
    if (Array.isArray(value)) {
      if (!value.length) return '—';
      return value
        .map((item) => {
          if (isPlain(item)) return `${String(item.subject ?? '')}: ${String(item.result ?? '')}`;
          if (field === 'targetSubjects' && typeof item === 'string' && item in subjectLabels)
            return subjectLabels[item as Subject][language];
          if (field === 'extraPermissions' && typeof item === 'string')
            return String(t(`permissionNames.${item}` as never));
          return String(item);
        })
        .join(', ');
    }
    return String(value);
  };
  const close = () => {
    setPage(1);
    onClose();
  };
  const entries = trail.data?.data ?? [];
  return (
    <Modal
      opened={user !== null}
      onClose={close}
      title={t('audit.title', { name: user?.fullName ?? '' })}
      size="xl"
      centered
    >
      {trail.data && entries.length === 0 ? (
        <EmptyState />
      ) : (
        <Stack gap="md">
          <Timeline bulletSize={14} lineWidth={2} active={entries.length}>
            {entries.map((entry) => {
              const rows = changes(entry);
              return (
                <Timeline.Item key={entry.id} title={label('audit.actions', entry.action)}>
                  <Text size="xs" c="dimmed">
                    {t('audit.by', {
                      name: entry.actor?.fullName ?? t('audit.system'),
                      time: formatEpoch(entry.at),
                    })}
                  </Text>
                  {rows.length ? (
                    <Table mt={6} withTableBorder fz="xs" verticalSpacing={4}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('audit.field')}</Table.Th>
                          <Table.Th>{t('audit.before')}</Table.Th>
                          <Table.Th>{t('audit.after')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {rows
                          .filter((row) => !hidden.has(row.field))
                          .map((row) => (
                            <Table.Tr key={row.field}>
                              <Table.Td>{label('fields', row.field)}</Table.Td>
                              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                                {show(row.field, row.before)}
                              </Table.Td>
                              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                                {show(row.field, row.after)}
                              </Table.Td>
                            </Table.Tr>
                          ))}
                      </Table.Tbody>
                    </Table>
                  ) : null}
                </Timeline.Item>
              );
            })}
          </Timeline>
          {(trail.data?.totalCount ?? 0) > PAGE_SIZE ? (
            <Center>
              <Pagination
                total={pageCount(trail.data?.totalCount ?? 0, PAGE_SIZE)}
                value={page}
                onChange={setPage}
                size="sm"
              />
            </Center>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
