import '@mantine/core/styles/Input.layer.css';
import { ActionIcon, Button, Group, TextInput, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { lessonTypeLabel, type TeacherFee, teacherFeesContract } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyDialog } from '@/components/lazy-dialog';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { defineServerList, listLoader } from '@/hooks/server-list-request';
import { useServerList } from '@/hooks/use-server-list';
import { formatEpoch, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { NEWEST_FIRST } from '@/lib/list-params';
import { notifySuccess } from '@/lib/notify';
import { teacherFeesQueryOptions, useDeleteTeacherFee } from '../api/fees';
import { FinanceTabs } from '../components/finance-tabs';

/** The form's code loads on intent (issue 9). */
const TeacherFeeFormModal = lazyDialog(
  () => import('../components/teacher-fee-form-modal').then((m) => m.TeacherFeeFormModal),
  'opened',
);

const SEARCH_COLUMNS = ['fullName'] as const;
const noFilters = z.object({});

/** The teacher fees table: a search by the teacher's name, newest first. */
const teacherFeesList = defineServerList({
  name: 'teacherFees',
  filters: noFilters,
  searchColumns: SEARCH_COLUMNS,
  defaultSort: NEWEST_FIRST,
  columns: teacherFeesContract.list.listColumns,
  query: (body) => teacherFeesQueryOptions(body),
});

/** The teacher fees page's loader: its first page is asked for while the page's code arrives. */
export const teacherFeesPageLoader = listLoader(teacherFeesList);

/**
 * `/admin/finance/fee`: teachers' fees per hour for each lesson type, server-paged and searchable
 * on the teacher's name; add, edit and delete (FinancialAdmin, Admin). A class's teacher salary
 * starts from the fee of its teacher for its lesson type.
 */
export function TeacherFeesPage() {
  const { t } = useTranslation('finance');
  const language = currentLanguage();
  const list = useServerList(teacherFeesList);
  const [form, setForm] = useState<{ fee: TeacherFee | null } | null>(null);
  const [deleting, setDeleting] = useState<TeacherFee | null>(null);
  const remove = useDeleteTeacherFee();

  return (
    <>
      <FinanceTabs />
      <PageHeader
        title={t('fees.title')}
        description={t('fees.subtitle')}
        actions={
          <Button
            leftSection={<IconPlus size={18} />}
            onPointerEnter={TeacherFeeFormModal.preload}
            onFocus={TeacherFeeFormModal.preload}
            onClick={() => setForm({ fee: null })}
          >
            {t('fees.add')}
          </Button>
        }
      />
      <Group mb="md">
        <TextInput
          label={t('fees.search')}
          placeholder={t('fees.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
          type="search"
        />
      </Group>
      <ListTable<TeacherFee>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor="teacherFeeId"
        columns={[
          { accessor: 'fullName', phone: 'title', title: t('fees.teacher'), sortable: true },
          {
            accessor: 'lessonType',
            title: t('fees.lessonType'),
            sortable: true,
            render: (f) => lessonTypeLabel(f.lessonType, language),
          },
          {
            accessor: 'teacherType',
            title: t('fees.teacherType'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (f) => t(`fees.teacherTypes.${f.teacherType}`),
          },
          {
            accessor: 'fee',
            title: t('fees.fee'),
            sortable: true,
            textAlign: 'right',
            render: (f) => formatMoney(f.fee, language),
          },
          {
            accessor: 'createMoment',
            phone: 'hidden',
            title: t('fees.createMoment'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (f) => formatEpoch(f.createMoment, 'date'),
          },
          {
            accessor: 'actions',
            title: t('columns.actions'),
            textAlign: 'right',
            render: (f) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label={t('fees.edit')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('fees.edit')}
                    onClick={() => setForm({ fee: f })}
                  >
                    <IconEdit size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('fees.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('fees.delete')}
                    onClick={() => setDeleting(f)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]}
      />
      <TeacherFeeFormModal opened={form !== null} fee={form?.fee ?? null} onClose={() => setForm(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('fees.deleteTitle')}
        message={t('fees.deleteBody', {
          teacher: deleting?.fullName ?? '',
          lessonType: deleting ? lessonTypeLabel(deleting.lessonType, language) : '',
        })}
        confirmLabel={t('fees.delete')}
        cancelLabel={t('actions.cancel')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { teacherFeeId: deleting.teacherFeeId },
            { onSuccess: (result) => notifySuccess(result.message), onSettled: () => setDeleting(null) },
          )
        }
      />
    </>
  );
}
