import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconLink, IconLinkOff } from '@tabler/icons-react';
import type { ParentLink, ParentLinkCreated } from '@tutoria/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatEpoch, formatNumber } from '@/lib/format';
import { useCreateParentLink, useParentLinks, useRevokeParentLink } from '../api/session-report';

const ParentLinkQr = lazy(() => import('./parent-link-qr').then((m) => ({ default: m.ParentLinkQr })));

const stateColours = { active: 'teal', expired: 'gray', revoked: 'red' } as const;

/**
 * Parent report links of one student's session (issue 10): make one (shown once with a copy
 * button and a QR code: only its hash is kept), see those made with how often each was opened,
 * revoke one.
 */
export function ParentLinksPanel({
  sessionId,
  studentPublicKey,
}: {
  sessionId: string;
  studentPublicKey: string;
}) {
  const { t } = useTranslation('academic');
  const create = useCreateParentLink();
  const [made, setMade] = useState<ParentLinkCreated | null>(null);
  const url = made ? `${window.location.origin}${made.path}` : '';
  return (
    <Stack gap="sm" data-testid="parent-links">
      <Text size="sm" c="dimmed">
        {t('parentLinks.hint')}
      </Text>
      <Group>
        <Button
          leftSection={<IconLink size={16} />}
          loading={create.isPending}
          onClick={() => create.mutate({ sessionId, studentPublicKey }, { onSuccess: setMade })}
        >
          {t('parentLinks.create')}
        </Button>
      </Group>
      {made ? (
        <Paper withBorder radius="md" p="sm" data-testid="parent-link-made">
          <Group align="flex-start" gap="md" wrap="wrap">
            <Suspense fallback={<Loader size="sm" />}>
              <ParentLinkQr value={url} title={t('parentLinks.qr')} />
            </Suspense>
            <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
              <TextInput
                readOnly
                value={url}
                label={t('parentLinks.link')}
                data-testid="parent-link-url"
                onFocus={(e) => e.currentTarget.select()}
                rightSection={
                  <CopyButton value={url}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t('parentLinks.copied') : t('parentLinks.copy')} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color={copied ? 'teal' : 'gray'}
                          onClick={copy}
                          aria-label={t('parentLinks.copy')}
                        >
                          {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                }
              />
              <Text size="xs" c="dimmed">
                {t('parentLinks.expires', { date: formatEpoch(made.expiresAt) })} ·{' '}
                {t('parentLinks.onlyOnce')}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ) : null}
      <LinkList sessionId={sessionId} studentPublicKey={studentPublicKey} />
    </Stack>
  );
}

function LinkList({ sessionId, studentPublicKey }: { sessionId: string; studentPublicKey: string }) {
  const { t } = useTranslation('academic');
  const { data } = useParentLinks(sessionId, studentPublicKey);
  const revoke = useRevokeParentLink();
  const [revoking, setRevoking] = useState<ParentLink | null>(null);
  if (!data) return null;
  if (data.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('parentLinks.none')}
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={520}>
        <Table striped verticalSpacing={6} data-testid="parent-link-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('parentLinks.made')}</Table.Th>
              <Table.Th>{t('parentLinks.expiresAt')}</Table.Th>
              <Table.Th>{t('parentLinks.state')}</Table.Th>
              <Table.Th>{t('parentLinks.opens')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((link) => (
              <Table.Tr key={link.linkId} data-testid="parent-link-row">
                <Table.Td>
                  <Text size="sm">{formatEpoch(link.createMoment)}</Text>
                  {link.createdByName ? (
                    <Text size="xs" c="dimmed">
                      {link.createdByName}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatEpoch(link.expiresAt, 'date')}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={stateColours[link.state]}>
                    {t(`parentLinks.states.${link.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td data-testid="parent-link-opens">
                  <Text size="sm">{formatNumber(link.openCount)}</Text>
                  {link.lastOpenedAt ? (
                    <Text size="xs" c="dimmed">
                      {t('parentLinks.lastOpened', { date: formatEpoch(link.lastOpenedAt) })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {link.state === 'active' ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      leftSection={<IconLinkOff size={14} />}
                      onClick={() => setRevoking(link)}
                    >
                      {t('parentLinks.revoke')}
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={revoking !== null}
        title={t('parentLinks.revokeTitle')}
        message={t('parentLinks.revokeBody')}
        confirmLabel={t('parentLinks.revoke')}
        cancelLabel={t('parentLinks.cancel')}
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.linkId, { onSuccess: () => setRevoking(null) })}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
