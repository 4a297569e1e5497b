import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Lesson } from '@tutoria/shared';
import { useEffect, useState } from 'react';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth';
import { formatEpoch } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useDeleteLesson } from '../api/delete-lesson';
import { useLessons } from '../api/get-lessons';
import { baseTypeLabel, formatNumber, levelLabel } from '@/lib/catalog';
import { LessonFormModal } from '../components/lesson-form-modal';
import { ListFilters } from '../components/list-filters';
import { RowActions } from '../components/row-actions';
import { useServerTableProps } from '@/components/server-table';
import { useCatalogList } from '../hooks/use-catalog-list';

const SEARCH_COLUMNS = ['name', 'title', 'subTitle'] as const;

/** `/admin/panel/lessons`: every staff role reads; lessons.manage creates, edits and deletes. */
export function LessonsPage() {
  const { t } = useTranslation('lessons');
  const language = currentLanguage();
  const canManage = useCurrentUser()?.permissions.includes('lessons.manage') ?? false;
  const list = useCatalogList<Lesson>({
    storageKey: 'lessons',
    searchColumns: SEARCH_COLUMNS,
    defaultSort: { columnAccessor: 'createMoment', direction: 'desc' },
  });
  const { data, isFetching } = useLessons(list.query);
  const [editing, setEditing] = useState<Lesson | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  const [deleting, setDeleting] = useState<Lesson | null>(null);
  const tableProps = useServerTableProps();
  const remove = useDeleteLesson();

  // Deleting the last row of the last page: show the page before it.
  const { page, setPage } = list;
  useEffect(() => {
    if (data && data.data.length === 0 && data.totalCount > 0 && page > 1) setPage(page - 1);
  }, [data, page, setPage]);

  const openForm = (lesson: Lesson | null) => {
    setEditing(lesson);
    setFormOpened(true);
  };

  return (
    <>
      <PageHeader
        title={t('lessons.title')}
        description={t('lessons.subtitle')}
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={18} />} onClick={() => openForm(null)}>
              {t('lessons.add')}
            </Button>
          ) : null
        }
      />
      <ListFilters list={list} searchPlaceholder={t('lessons.searchPlaceholder')} />
      <DataTable<Lesson>
        {...tableProps}
        withTableBorder
        borderRadius="lg"
        minHeight={data?.data.length ? undefined : 220}
        idAccessor="lessonId"
        records={data?.data ?? []}
        totalRecords={data?.totalCount ?? 0}
        page={list.page}
        onPageChange={list.setPage}
        recordsPerPage={list.pageSize}
        onRecordsPerPageChange={list.setPageSize}
        fetching={isFetching}
        sortStatus={list.sortStatus}
        onSortStatusChange={list.setSortStatus}
        columns={[
          {
            accessor: 'name',
            title: t('lessons.columns.name'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'title',
            title: t('lessons.columns.title'),
            sortable: true,
            render: (lesson) => (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {lesson.title}
                </Text>
                {lesson.subTitle ? (
                  <Text size="xs" c="dimmed">
                    {lesson.subTitle}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          {
            accessor: 'level',
            title: t('lessons.columns.level'),
            sortable: true,
            noWrap: true,
            render: (lesson) => (
              <Badge variant="light" radius="sm" miw="max-content">
                {levelLabel(lesson.level, language)}
              </Badge>
            ),
          },
          {
            accessor: 'baseType',
            title: t('lessons.columns.baseType'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (lesson) => baseTypeLabel(lesson.baseType, language),
          },
          {
            accessor: 'teachingTimeInHour',
            title: t('lessons.columns.hours'),
            sortable: true,
            textAlign: 'right',
            render: (lesson) => formatNumber(lesson.teachingTimeInHour, language),
          },
          {
            accessor: 'createMoment',
            title: t('lessons.columns.created'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (lesson) => formatEpoch(lesson.createMoment, 'date'),
          },
          {
            accessor: 'actions',
            title: t('lessons.columns.actions'),
            textAlign: 'right',
            hidden: !canManage,
            render: (lesson) => (
              <RowActions
                name={lesson.title}
                onEdit={() => openForm(lesson)}
                onDelete={() => setDeleting(lesson)}
              />
            ),
          },
        ]}
      />
      <LessonFormModal opened={formOpened} lesson={editing} onClose={() => setFormOpened(false)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('lessons.deleteTitle')}
        message={t('lessons.deleteBody', {
          name: deleting ? `${deleting.title}${deleting.subTitle ? ` – ${deleting.subTitle}` : ''}` : '',
        })}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.lessonId, {
            onSuccess: (result) => notifySuccess(result.message),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}
