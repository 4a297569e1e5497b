import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/dropzone/styles.layer.css';
import {
  ActionIcon,
  Anchor,
  Group,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconCheck, IconDownload, IconFileZip, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import type { CourseFile, Specification } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { getClientConfig } from '@/lib/client-config';
import { formatEpoch, formatFileSize, formatNumber } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { uploadCourseFile, useDeleteCourseFile, useDownloadCourseFile } from '../api/course-files';
import { refreshCourses } from '../api/save-course';

/** What the file picker offers; the server checks the content itself (SPEC §5). */
const ACCEPT = {
  'application/zip': ['.zip'],
  'application/x-zip-compressed': ['.zip'],
  'application/vnd.rar': ['.rar'],
  'application/x-rar-compressed': ['.rar'],
  'application/x-rar': ['.rar'],
};

interface Upload {
  id: number;
  name: string;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
}

let nextUploadId = 1;

interface CourseFilesModalProps {
  course: Specification | null;
  canManage: boolean;
  onClose: () => void;
}

/** A course's books and materials: download links for everyone, upload and delete for managers. */
export function CourseFilesModal({ course, canManage, onClose }: CourseFilesModalProps) {
  const { t } = useTranslation('lessons');
  const download = useDownloadCourseFile();
  const remove = useDeleteCourseFile();
  const [deleting, setDeleting] = useState<CourseFile | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const maxUploadBytes = getClientConfig().maxUploadBytes;
  const maxMegabytes = formatNumber(maxUploadBytes / (1024 * 1024), currentLanguage());

  const update = (id: number, change: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)));

  /** Each file goes in its own request, so each has its own progress bar and its own answer. */
  const uploadAll = async (files: File[]) => {
    if (!course) return;
    const started = files.map((file) => ({
      file,
      upload: { id: nextUploadId++, name: file.name, progress: 0, state: 'uploading' as const },
    }));
    setUploads((all) => [...started.map((s) => s.upload), ...all]);
    await Promise.all(
      started.map(async ({ file, upload }) => {
        try {
          const result = await uploadCourseFile(course.specificationId, file, (fraction) =>
            update(upload.id, { progress: fraction * 100 }),
          );
          update(upload.id, { progress: 100, state: 'done' });
          notifySuccess(result.message);
        } catch (error) {
          update(upload.id, { state: 'failed' });
          notifyError(error instanceof Error ? error.message : String(error));
        }
      }),
    );
    await refreshCourses();
    // Finished uploads now show in the list above; only failures stay here.
    setUploads((all) => all.filter((upload) => upload.state !== 'done'));
  };

  const reject = (rejections: FileRejection[]) => {
    for (const { file, errors } of rejections) {
      const tooLarge = errors.some((e) => e.code === 'file-too-large');
      notifyError(
        tooLarge
          ? t('files.rejectSize', { name: file.name, size: maxMegabytes })
          : t('files.rejectType', { name: file.name }),
      );
    }
  };

  const close = () => {
    setUploads([]);
    onClose();
  };

  return (
    <>
      <Modal opened={course !== null} onClose={close} title={t('files.title')} size="lg" centered>
        {course ? (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('files.subtitle', { name: course.title })}
            </Text>
            {course.courseFiles.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="sm">
                {t('files.none')}
              </Text>
            ) : (
              <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {course.courseFiles.map((file) => (
                  <Paper key={file.courseFileId} withBorder radius="md" px="sm" py={8} component="li">
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                        <ThemeIcon variant="light" radius="md" size="lg">
                          <IconFileZip size={20} />
                        </ThemeIcon>
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Anchor
                            component="button"
                            type="button"
                            size="sm"
                            fw={500}
                            ta="left"
                            lineClamp={1}
                            onClick={() => download.mutate(file.courseFileId)}
                            aria-label={t('files.download', { name: file.name })}
                          >
                            {file.name}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {formatFileSize(file.sizeInBytes)} · {formatEpoch(file.createMoment, 'long')}
                          </Text>
                        </Stack>
                      </Group>
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label={t('files.download', { name: file.name })}>
                          <ActionIcon
                            variant="subtle"
                            onClick={() => download.mutate(file.courseFileId)}
                            aria-hidden
                            tabIndex={-1}
                          >
                            <IconDownload size={18} />
                          </ActionIcon>
                        </Tooltip>
                        {canManage ? (
                          <Tooltip label={t('actions.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              onClick={() => setDeleting(file)}
                              aria-label={t('files.delete', { name: file.name })}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                      </Group>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
            {uploads.map((upload) => (
              <Paper key={upload.id} withBorder radius="md" px="sm" py={8}>
                <Group justify="space-between" mb={6} wrap="nowrap">
                  <Text size="sm" lineClamp={1}>
                    {upload.state === 'done'
                      ? t('files.uploaded', { name: upload.name })
                      : upload.state === 'failed'
                        ? t('files.failed', { name: upload.name })
                        : t('files.uploading', { name: upload.name })}
                  </Text>
                  {upload.state === 'done' ? (
                    <IconCheck size={16} color="var(--mantine-color-green-6)" />
                  ) : null}
                  {upload.state === 'failed' ? <IconX size={16} color="var(--mantine-color-red-6)" /> : null}
                </Group>
                <Progress
                  value={upload.progress}
                  color={upload.state === 'failed' ? 'red' : upload.state === 'done' ? 'green' : undefined}
                  animated={upload.state === 'uploading'}
                  aria-label={t('files.uploading', { name: upload.name })}
                />
              </Paper>
            ))}
            {canManage ? (
              <Dropzone
                onDrop={(files) => void uploadAll(files)}
                onReject={reject}
                accept={ACCEPT}
                maxSize={maxUploadBytes}
                multiple
                radius="md"
              >
                <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }} wrap="nowrap">
                  <Dropzone.Accept>
                    <IconUpload size={40} color="var(--mantine-color-indigo-6)" stroke={1.5} />
                  </Dropzone.Accept>
                  <Dropzone.Reject>
                    <IconX size={40} color="var(--mantine-color-red-6)" stroke={1.5} />
                  </Dropzone.Reject>
                  <Dropzone.Idle>
                    <IconFileZip size={40} color="var(--mantine-color-dimmed)" stroke={1.5} />
                  </Dropzone.Idle>
                  <Stack gap={4}>
                    <Text size="md" fw={500}>
                      {t('files.drop')}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('files.dropHint', { size: maxMegabytes })}
                    </Text>
                  </Stack>
                </Group>
              </Dropzone>
            ) : null}
          </Stack>
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('files.deleteTitle')}
        message={t('files.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('actions.delete')}
        cancelLabel={t('actions.cancel')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.courseFileId, {
            onSuccess: (result) => notifySuccess(result.message),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}
