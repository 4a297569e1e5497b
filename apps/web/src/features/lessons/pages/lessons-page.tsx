import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type Lesson, lessonsContract } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyDialog } from '@/components/lazy-dialog';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth';
import { formatEpoch, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { defineServerList, listLoader } from '@/hooks/server-list-request';
import { useServerList } from '@/hooks/use-server-list';
import { baseTypeLabel, levelLabel } from '@/lib/catalog';
import { NEWEST_FIRST } from '@/lib/list-params';
import { useDeleteLesson } from '../api/delete-lesson';
import { lessonsQueryOptions } from '../api/get-lessons';
import { catalogFilters, catalogWhere, ListFilters } from '../components/list-filters';
import { RowActions } from '../components/row-actions';

/** The form's code (its schema, inputs and pickers) loads on intent (issue 9). */
const LessonFormModal = lazyDialog(
  () => import('../components/lesson-form-modal').then((m) => m.LessonFormModal),
  'opened',
);

const SEARCH_COLUMNS = ['name', 'title', 'subTitle'] as const;

/** The lessons table: search, base type and level, newest first. */
const lessonsList = defineServerList({
  name: 'lessons',
  filters: catalogFilters,
  searchColumns: SEARCH_COLUMNS,
  defaultSort: NEWEST_FIRST,
  columns: lessonsContract.list.listColumns,
  where: catalogWhere,
  query: lessonsQueryOptions,
});

/** The lessons page's loader: its first page is asked for while the page's code arrives. */
export const lessonsPageLoader = listLoader(lessonsList);

/** `/admin/panel/lessons`: every staff role reads; lessons.manage creates, edits and deletes. */
export function LessonsPage() {
  const { t } = useTranslation('lessons');
  const language = currentLanguage();
  const canManage = useCurrentUser()?.permissions.includes('lessons.manage') ?? false;
  const list = useServerList(lessonsList);
  const [editing, setEditing] = useState<Lesson | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  const [deleting, setDeleting] = useState<Lesson | null>(null);
  const remove = useDeleteLesson();

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
            <Button
              leftSection={<IconPlus size={18} />}
              onPointerEnter={LessonFormModal.preload}
              onFocus={LessonFormModal.preload}
              onClick={() => openForm(null)}
            >
              {t('lessons.add')}
            </Button>
          ) : null
        }
      />
      <ListFilters list={list} searchPlaceholder={t('lessons.searchPlaceholder')} />
      <ListTable<Lesson>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor="lessonId"
        columns={[
          {
            accessor: 'name',
            title: t('lessons.columns.name'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          },
          {
            accessor: 'title',
            phone: 'title',
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
            phone: 'hidden',
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
