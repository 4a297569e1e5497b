import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type SurveyRound, surveysContract } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useServerList } from '@/hooks/use-server-list';
import { formatEpoch, formatNumber } from '@/lib/format';
import { NEWEST_FIRST } from '@/lib/list-params';
import { ActionsColumnTitle } from '@/components/actions-column-title';
import { ListTable } from '@/components/list-table';
import { savedThen } from '@/lib/notify';
import { roundsQueryOptions, useSurveyCommand } from '../api/surveys';
import { OpenRoundModal } from './open-round-modal';

const roundFilters = z.object({});
const SEARCH_COLUMNS = ['title'] as const;

/** The survey rounds, server-paged and searchable by title: open one, close the open one. */
export function RoundsPanel() {
  const { t } = useTranslation('surveys');
  const list = useServerList({
    name: 'surveyRounds',
    filters: roundFilters,
    searchColumns: SEARCH_COLUMNS,
    defaultSort: NEWEST_FIRST,
    columns: surveysContract.rounds.listColumns,
    query: roundsQueryOptions,
  });
  const close = useSurveyCommand('closeRound');
  const [opening, setOpening] = useState(false);
  const [closing, setClosing] = useState<SurveyRound | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          placeholder={t('rounds.search')}
          aria-label={t('rounds.search')}
          leftSection={<IconSearch size={16} />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
          type="search"
        />
        <Button leftSection={<IconPlus size={18} />} onClick={() => setOpening(true)}>
          {t('rounds.open')}
        </Button>
      </Group>
      <ListTable<SurveyRound>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor="roundId"
        columns={[
          { accessor: 'title', phone: 'title', title: t('rounds.title'), sortable: true },
          {
            accessor: 'startsAt',
            title: t('rounds.dates'),
            sortable: true,
            render: (r) => `${formatEpoch(r.startsAt, 'date')} – ${formatEpoch(r.endsAt - 1, 'date')}`,
          },
          {
            accessor: 'isOpen',
            title: t('rounds.state'),
            render: (r) => (
              <Badge color={r.isOpen ? 'teal' : 'gray'} variant="light">
                {r.isOpen ? t('rounds.stateOpen') : t('rounds.stateClosed')}
              </Badge>
            ),
          },
          {
            accessor: 'answerCount',
            title: t('rounds.answers'),
            textAlign: 'right',
            render: (r) => formatNumber(r.answerCount),
          },
          {
            accessor: 'actions',
            title: <ActionsColumnTitle />,
            textAlign: 'right',
            render: (r) =>
              r.isOpen ? (
                <Button size="xs" variant="light" color="red" onClick={() => setClosing(r)}>
                  {t('rounds.close')}
                </Button>
              ) : null,
          },
        ]}
      />
      <OpenRoundModal opened={opening} onClose={() => setOpening(false)} />
      <ConfirmDialog
        opened={closing !== null}
        title={t('rounds.closeTitle')}
        message={t('rounds.closeBody')}
        confirmLabel={t('rounds.close')}
        cancelLabel={t('questions.cancel')}
        loading={close.isPending}
        onConfirm={() =>
          closing &&
          close.mutate({ roundId: closing.roundId }, { onSuccess: savedThen(() => setClosing(null)) })
        }
        onClose={() => setClosing(null)}
      />
    </Stack>
  );
}
