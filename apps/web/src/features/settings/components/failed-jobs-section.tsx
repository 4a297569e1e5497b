import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import { type FailedJob, knownJobKinds, operationsContract } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ActionsColumnTitle } from '@/components/actions-column-title';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListTable } from '@/components/list-table';
import { defineServerList } from '@/hooks/server-list-request';
import { useServerList } from '@/hooks/use-server-list';
import { formatEpoch } from '@/lib/format';
import { equal, listParam } from '@/lib/list-params';
import { savedThen } from '@/lib/notify';
import { failedJobsQueryOptions, useFailedJobAction } from '../api/settings';
import { kindKey, subjectWords } from './job-words';
import { SettingsSection } from './settings-section';

const failedJobFilters = z.object({ kind: listParam.text() });

/** The list's options: the hook's and the page loader's (newest failure first, by kind in the URL). */
export const failedJobsList = defineServerList({
  name: 'settings.failedJobs',
  filters: failedJobFilters,
  searchColumns: ['lastError'],
  defaultSort: { column: 'failedAt', descending: true },
  columns: operationsContract.failedJobs.listColumns,
  where: (f) => [equal('kind', f.kind)],
  query: failedJobsQueryOptions,
});

/** How a row names its job: the kind in words, then what it concerned. */
function useJobWords() {
  const { t } = useTranslation('settings');
  const kind = (job: FailedJob) => {
    const key = kindKey(job.kind);
    return key ? t(key) : job.kind;
  };
  const subject = (job: FailedJob) => {
    const words = subjectWords(job.subject);
    if (!words) return null;
    const { channel, moment, ...values } = words.values;
    return t(words.key, {
      ...values,
      channel: channel ? t(`subject.channels.${channel}`) : '',
      moment: moment === undefined ? '' : formatEpoch(moment, 'long'),
    });
  };
  return { kind, subject, whole: (job: FailedJob) => [kind(job), subject(job)].filter(Boolean).join(' — ') };
}

/** The section's anchor: the backups' alert points here when a nightly run failed. */
export const FAILED_JOBS_ID = 'failed-jobs';

/**
 * "Failed background work" (issue 33): jobs of every kind (reminders, e-mail and group-chat
 * deliveries, backups) that ran out of attempts, with Retry and Discard (after a confirmation).
 * On a phone each is a card with its kind, what it concerned, the error and both buttons.
 */
export function FailedJobsSection() {
  const { t } = useTranslation('settings');
  const words = useJobWords();
  const list = useServerList(failedJobsList);
  const retry = useFailedJobAction('retry');
  const discard = useFailedJobAction('discard');
  const [discarding, setDiscarding] = useState<FailedJob | null>(null);

  return (
    <SettingsSection id={FAILED_JOBS_ID} title={t('failedJobs.title')} description={t('failedJobs.intro')}>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Select
          label={t('failedJobs.kind')}
          placeholder={t('failedJobs.anyKind')}
          data={knownJobKinds.map((value) => ({ value, label: t(kindKey(value)!) }))}
          value={list.filters.kind}
          onChange={(value) => list.setFilters({ kind: value })}
          clearable
          w={{ base: '100%', sm: 240 }}
        />
        <TextInput
          label={t('failedJobs.search')}
          placeholder={t('failedJobs.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
          type="search"
        />
      </Group>
      <ListTable<FailedJob>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor="jobId"
        noRecordsText={t('failedJobs.empty')}
        columns={[
          {
            accessor: 'kind',
            title: t('failedJobs.kind'),
            phone: 'title',
            sortable: true,
            render: (job) => words.kind(job),
          },
          {
            accessor: 'subject',
            title: t('failedJobs.concerned'),
            render: (job) => words.subject(job) ?? '—',
          },
          {
            accessor: 'lastError',
            title: t('failedJobs.error'),
            render: (job) => (
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {job.lastError}
              </Text>
            ),
          },
          {
            accessor: 'attempts',
            title: t('failedJobs.attempts'),
            sortable: true,
            textAlign: 'right',
            render: (job) => t('failedJobs.attemptsOf', { attempts: job.attempts, max: job.maxAttempts }),
          },
          {
            accessor: 'failedAt',
            title: t('failedJobs.failedAt'),
            sortable: true,
            noWrap: true,
            render: (job) => formatEpoch(job.failedAt, 'long'),
          },
          {
            accessor: 'actions',
            title: <ActionsColumnTitle />,
            textAlign: 'right',
            render: (job) => (
              <Group gap={6} justify="flex-end" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconRefresh size={14} />}
                  aria-label={t('failedJobs.retryLabel', { what: words.whole(job) })}
                  loading={retry.isPending && retry.variables === job.jobId}
                  onClick={() => retry.mutate(job.jobId, { onSuccess: savedThen(() => undefined) })}
                >
                  {t('failedJobs.retry')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  aria-label={t('failedJobs.discardLabel', { what: words.whole(job) })}
                  onClick={() => setDiscarding(job)}
                >
                  {t('failedJobs.discard')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <ConfirmDialog
        opened={discarding !== null}
        title={t('failedJobs.discardTitle')}
        message={discarding ? t('failedJobs.discardBody', { what: words.whole(discarding) }) : ''}
        confirmLabel={t('failedJobs.discard')}
        cancelLabel={t('failedJobs.cancel')}
        loading={discard.isPending}
        onConfirm={() =>
          discarding && discard.mutate(discarding.jobId, { onSuccess: savedThen(() => setDiscarding(null)) })
        }
        onClose={() => setDiscarding(null)}
      />
    </SettingsSection>
  );
}
