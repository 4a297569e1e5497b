import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconLink, IconLinkOff } from '@tabler/icons-react';
import type { Language, ParentLink, ParentLinkCreated } from '@tutoria/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RecordTable } from '@/components/record-table';
import { formatEpoch, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useCreateParentLink, useParentLinks, useRevokeParentLink } from '../api/session-report';

const ParentLinkQr = lazy(() => import('./parent-link-qr').then((m) => ({ default: m.ParentLinkQr })));

const stateColours = { active: 'teal', expired: 'gray', revoked: 'red' } as const;

/** The page's language a link carries; `browser`: none, the parent's browser decides (issue 27). */
type LinkLanguage = Language | 'browser';
const linkLanguages: LinkLanguage[] = ['en', 'zh', 'browser'];

/**
 * Parent report links of one student's session (issue 10): make one in a language (the staff's
 * own by default, or the parent's browser's; issue 27), shown once with a copy button and a QR
 * code (only its hash is kept); see those made with how often each was opened; revoke one.
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
  const [language, setLanguage] = useState<LinkLanguage>(() => currentLanguage());
  const [made, setMade] = useState<ParentLinkCreated | null>(null);
  const url = made ? `${window.location.origin}${made.path}` : '';
  return (
    <Stack gap="sm" data-testid="parent-links">
      <Text size="sm" c="dimmed">
        {t('parentLinks.hint')}
      </Text>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('parentLinks.language')}
          description={t('parentLinks.languageHint')}
          data={linkLanguages.map((value) => ({ value, label: t(`parentLinks.languages.${value}`) }))}
          value={language}
          onChange={(value) => value && setLanguage(value as LinkLanguage)}
          allowDeselect={false}
          w={240}
          data-testid="parent-link-language"
        />
        <Button
          leftSection={<IconLink size={16} />}
          loading={create.isPending}
          onClick={() =>
            create.mutate(
              { sessionId, studentPublicKey, language: language === 'browser' ? null : language },
              { onSuccess: setMade },
            )
          }
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
      <RecordTable<ParentLink>
        records={data.data}
        idAccessor="linkId"
        minWidth={520}
        tableProps={{ striped: true, verticalSpacing: 6, 'data-testid': 'parent-link-list' }}
        customRowAttributes={() => ({ 'data-testid': 'parent-link-row' })}
        columns={[
          {
            accessor: 'createMoment',
            title: t('parentLinks.made'),
            phone: 'title',
            render: (link) => (
              <>
                <Text size="sm">{formatEpoch(link.createMoment)}</Text>
                <Text size="xs" c="dimmed" data-testid="parent-link-language-of">
                  {[link.createdByName, t(`parentLinks.languages.${link.language ?? 'browser'}`)]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </>
            ),
          },
          {
            accessor: 'expiresAt',
            title: t('parentLinks.expiresAt'),
            render: (link) => <Text size="sm">{formatEpoch(link.expiresAt, 'date')}</Text>,
          },
          {
            accessor: 'state',
            title: t('parentLinks.state'),
            render: (link) => (
              <Badge size="sm" variant="light" color={stateColours[link.state]} miw="max-content">
                {t(`parentLinks.states.${link.state}`)}
              </Badge>
            ),
          },
          {
            accessor: 'openCount',
            title: t('parentLinks.opens'),
            customCellAttributes: () => ({ 'data-testid': 'parent-link-opens' }),
            render: (link) => (
              <>
                <Text size="sm">{formatNumber(link.openCount)}</Text>
                {link.lastOpenedAt ? (
                  <Text size="xs" c="dimmed">
                    {t('parentLinks.lastOpened', { date: formatEpoch(link.lastOpenedAt) })}
                  </Text>
                ) : null}
              </>
            ),
          },
          {
            accessor: 'actions',
            render: (link) =>
              link.state === 'active' ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconLinkOff size={14} />}
                  onClick={() => setRevoking(link)}
                >
                  {t('parentLinks.revoke')}
                </Button>
              ) : null,
          },
        ]}
      />
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
