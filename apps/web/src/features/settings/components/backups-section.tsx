import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { Alert, Anchor, Badge, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDatabaseExport, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { BackupEntry, BackupOverview } from '@tutoria/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/components/record-table';
import figures from '@/lib/figures.module.css';
import { formatEpoch, formatFileSize } from '@/lib/format';
import { backupsQueryOptions, useBackUpNow } from '../api/settings';
import { backupKindKey, nightlyFailure, scheduleValues } from './backup-words';
import { FAILED_JOBS_ID } from './failed-jobs-section';
import { SettingsSection } from './settings-section';

/** A file name has no spaces: on a narrow card or cell it may break anywhere. */
const fileNameStyle = { wordBreak: 'break-all' } as const;

function Fact({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** Scrolls to the failed-work list on the same page (it lists the failed nightly run). */
function showFailedWork() {
  document.getElementById(FAILED_JOBS_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/**
 * What the Backups section shows, from the overview (kept apart from the requests so a test can
 * draw it): the last backup, the schedule, encryption, a failed last night, "Back up now" and the
 * files (a table from `sm` up, cards on a phone). Files are listed, never offered for download.
 */
export function BackupsPanel({
  overview,
  backingUp,
  onBackUp,
}: {
  overview: BackupOverview;
  backingUp: boolean;
  onBackUp: () => void;
}) {
  const { t } = useTranslation('settings');
  const schedule = scheduleValues(overview.schedule);
  const failure = nightlyFailure(overview.lastNightly);
  const last = overview.lastBackup;

  return (
    <Stack gap="md">
      {failure ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('backups.failedTitle')}
          data-testid="backups-failed"
        >
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {t('backups.failedBody', { at: formatEpoch(failure.at, 'long'), error: failure.error })}
          </Text>
          <Text size="sm" mt={4}>
            {t('backups.failedHint')}{' '}
            <Anchor component="button" type="button" size="sm" onClick={showFailedWork}>
              {t('backups.showFailed')}
            </Anchor>
          </Text>
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Fact label={t('backups.lastBackup')} testId="backups-last">
          <Text size="sm">
            {last
              ? t('backups.lastBackupValue', {
                  at: formatEpoch(last.createdAt, 'long'),
                  size: formatFileSize(last.sizeInBytes),
                })
              : t('backups.noBackupYet')}
          </Text>
        </Fact>
        <Fact label={t('backups.nightly')} testId="backups-schedule">
          <Text size="sm">{schedule ? t('backups.schedule.on', schedule) : t('backups.schedule.off')}</Text>
          {overview.schedule.nextRunAt !== null ? (
            <Text size="xs" c="dimmed">
              {t('backups.nextRun', { at: formatEpoch(overview.schedule.nextRunAt, 'long') })}
            </Text>
          ) : null}
        </Fact>
        <Fact label={t('backups.encryption')} testId="backups-encryption">
          <Group gap={6} wrap="nowrap" align="flex-start">
            {overview.encryption ? (
              <IconLock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            ) : (
              <IconLockOpen size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            )}
            <Text size="sm">{t(overview.encryption ? 'backups.encryptionOn' : 'backups.encryptionOff')}</Text>
          </Group>
        </Fact>
      </SimpleGrid>

      <Group>
        <Button leftSection={<IconDatabaseExport size={18} />} loading={backingUp} onClick={onBackUp}>
          {t('backups.backUpNow')}
        </Button>
      </Group>

      <Title order={3} size="h4">
        {t('backups.files')}
      </Title>
      {overview.backups.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="backups-empty">
          {t('backups.empty')}
        </Text>
      ) : (
        <RecordTable<BackupEntry>
          records={overview.backups}
          idAccessor="fileName"
          aria-label={t('backups.files')}
          tableProps={{ 'data-testid': 'backups-table', verticalSpacing: 'xs' }}
          columns={[
            {
              accessor: 'fileName',
              title: t('backups.fileName'),
              phone: 'title',
              render: (b) => (
                <Text size="sm" ff="monospace" style={fileNameStyle}>
                  {b.fileName}
                </Text>
              ),
            },
            { accessor: 'kind', title: t('backups.kind'), render: (b) => t(backupKindKey(b.kind)) },
            {
              accessor: 'createdAt',
              title: t('backups.createdAt'),
              noWrap: true,
              render: (b) => formatEpoch(b.createdAt, 'long'),
            },
            {
              accessor: 'sizeInBytes',
              title: t('backups.size'),
              textAlign: 'right',
              noWrap: true,
              cellsClassName: figures.figures,
              render: (b) => formatFileSize(b.sizeInBytes),
            },
            {
              accessor: 'encrypted',
              title: t('backups.encrypted'),
              render: (b) => (
                <Badge variant="light" color={b.encrypted ? 'teal' : 'gray'}>
                  {t(b.encrypted ? 'backups.yes' : 'backups.no')}
                </Badge>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}

/** "Backups" (issue 33): the Admin's view of the server's backups, and "Back up now". */
export function BackupsSection() {
  const { t } = useTranslation('settings');
  const overview = useQuery(backupsQueryOptions());
  const backUp = useBackUpNow();
  return (
    <SettingsSection title={t('backups.title')} description={t('backups.intro')}>
      {overview.data ? (
        <BackupsPanel
          overview={overview.data}
          backingUp={backUp.isPending}
          onBackUp={() => backUp.mutate()}
        />
      ) : overview.isPending ? (
        <Loader size="sm" />
      ) : null}
    </SettingsSection>
  );
}
