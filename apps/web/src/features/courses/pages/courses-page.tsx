import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import { ActionIcon, Badge, Button, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconFiles, IconPlus } from '@tabler/icons-react';
import { type Specification, specificationsContract } from '@tutoria/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { lazyDialog } from '@/components/lazy-dialog';
import { ListTable } from '@/components/list-table';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/features/auth';
import { baseTypeLabel, levelLabel } from '@/lib/catalog';
import { catalogFilters, catalogWhere, ListFilters, RowActions } from '@/features/lessons';
import { defineServerList, listLoader } from '@/hooks/server-list-request';
import { useServerList } from '@/hooks/use-server-list';
import { formatEpoch, formatHours } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { equal, listParam, NEWEST_FIRST } from '@/lib/list-params';
import { notifySuccess } from '@/lib/notify';
import { coursesQueryOptions } from '../api/get-courses';
import { useDeleteCourse } from '../api/save-course';
import { CourseLessons } from '../components/course-lessons';

// The form's and the files' code loads on intent (issue 9).
const CourseFormModal = lazyDialog(
  () => import('../components/course-form-modal').then((m) => m.CourseFormModal),
  'opened',
);
const CourseFilesModal = lazyDialog(
  () => import('../components/course-files-modal').then((m) => m.CourseFilesModal),
  'course',
);

const SEARCH_COLUMNS = ['title'] as const;
const courseFilters = catalogFilters.extend({ evaluationOnly: listParam.flag() });

/** The courses table: search, base type, level and evaluation tests only, newest first. */
const coursesList = defineServerList({
  name: 'courses',
  filters: courseFilters,
  searchColumns: SEARCH_COLUMNS,
  defaultSort: NEWEST_FIRST,
  columns: specificationsContract.list.listColumns,
  where: (filters) => [
    ...catalogWhere(filters),
    filters.evaluationOnly ? equal('isEvaluationTest', true) : null,
  ],
  query: coursesQueryOptions,
});

/** The courses page's loader: its first page is asked for while the page's code arrives. */
export const coursesPageLoader = listLoader(coursesList);

/** `/admin/panel/courses`: courses (specifications) with their lessons and course files. */
export function CoursesPage() {
  const { t } = useTranslation('lessons');
  const language = currentLanguage();
  const canManage = useCurrentUser()?.permissions.includes('lessons.manage') ?? false;
  const list = useServerList(coursesList);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [editing, setEditing] = useState<Specification | null>(null);
  const [formOpened, setFormOpened] = useState(false);
  const [deleting, setDeleting] = useState<Specification | null>(null);
  const [filesOf, setFilesOf] = useState<Specification | null>(null);
  const remove = useDeleteCourse();

  // The files dialog follows the list, so an upload or a deletion shows up in it at once.
  const filesCourse = useMemo(
    () =>
      filesOf ? (list.rows.find((c) => c.specificationId === filesOf.specificationId) ?? filesOf) : null,
    [filesOf, list.rows],
  );

  const openForm = (course: Specification | null) => {
    setEditing(course);
    setFormOpened(true);
  };

  return (
    <>
      <PageHeader
        title={t('courses.title')}
        description={t('courses.subtitle')}
        actions={
          canManage ? (
            <Button
              leftSection={<IconPlus size={18} />}
              onPointerEnter={CourseFormModal.preload}
              onFocus={CourseFormModal.preload}
              onClick={() => openForm(null)}
            >
              {t('courses.add')}
            </Button>
          ) : null
        }
      />
      <ListFilters list={list} searchPlaceholder={t('courses.searchPlaceholder')}>
        <Switch
          label={t('courses.evaluationOnly')}
          checked={list.filters.evaluationOnly}
          onChange={(event) => list.setFilters({ evaluationOnly: event.currentTarget.checked })}
          mb={8}
        />
      </ListFilters>
      <ListTable<Specification>
        {...list.table}
        {...list.sorting}
        withTableBorder
        borderRadius="lg"
        idAccessor="specificationId"
        rowExpansion={{
          allowMultiple: true,
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => <CourseLessons course={record} />,
        }}
        columns={[
          {
            accessor: 'title',
            phone: 'title',
            title: t('courses.columns.title'),
            sortable: true,
            render: (course) => (
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {course.title}
                </Text>
                {course.isEvaluationTest ? (
                  <Badge size="sm" color="teal" variant="light" radius="sm" miw="max-content">
                    {t('courses.evaluationBadge')}
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          {
            accessor: 'level',
            title: t('courses.columns.level'),
            sortable: true,
            noWrap: true,
            render: (course) => (
              <Badge variant="light" radius="sm" miw="max-content">
                {levelLabel(course.level, language)}
              </Badge>
            ),
          },
          {
            accessor: 'baseType',
            title: t('courses.columns.baseType'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (course) => baseTypeLabel(course.baseType, language),
          },
          {
            accessor: 'lessons',
            title: t('courses.columns.lessons'),
            noWrap: true,
            render: (course) => (
              <Stack gap={0}>
                <Text size="sm">{t('courses.lessonCount', { count: course.lessons.length })}</Text>
                <Text size="xs" c="dimmed">
                  {formatHours(course.totalHours, language)}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'courseFiles',
            title: t('courses.columns.files'),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.xs})`,
            render: (course) => t('courses.fileCount', { count: course.courseFiles.length }),
          },
          {
            accessor: 'createMoment',
            phone: 'hidden',
            title: t('courses.columns.created'),
            sortable: true,
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (course) => formatEpoch(course.createMoment, 'date'),
          },
          {
            accessor: 'actions',
            title: t('courses.columns.actions'),
            textAlign: 'right',
            render: (course) => {
              const files = (
                <Tooltip label={t('actions.files')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t('actions.files')} ${course.title}`}
                    onClick={(event) => {
                      event.stopPropagation();
                      setFilesOf(course);
                    }}
                  >
                    <IconFiles size={18} />
                  </ActionIcon>
                </Tooltip>
              );
              // Buttons in a row must not also open the row's lesson list.
              return canManage ? (
                <div onClick={(event) => event.stopPropagation()}>
                  <RowActions
                    name={course.title}
                    onEdit={() => openForm(course)}
                    onDelete={() => setDeleting(course)}
                  >
                    {files}
                  </RowActions>
                </div>
              ) : (
                <Group justify="flex-end">{files}</Group>
              );
            },
          },
        ]}
      />
      <CourseFormModal opened={formOpened} course={editing} onClose={() => setFormOpened(false)} />
      <CourseFilesModal course={filesCourse} canManage={canManage} onClose={() => setFilesOf(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('courses.deleteTitle')}
        message={t('courses.deleteBody', {
          name: deleting?.title ?? '',
          count: deleting?.courseFiles.length ?? 0,
        })}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.specificationId, {
            onSuccess: (result) => notifySuccess(result.message),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}
