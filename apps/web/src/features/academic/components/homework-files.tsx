import '@mantine/core/styles/Progress.layer.css';
import { ActionIcon, Anchor, FileButton, Button, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import {
  HOMEWORK_FILE_MAX_BYTES,
  homeworkFileExtensions,
  type HomeworkFile,
  type HomeworkFileRole,
} from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatFileSize } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  refreshHomeworkFiles,
  uploadHomeworkFile,
  useDeleteHomeworkFile,
  useDownloadHomeworkFile,
} from '../api/homework-files';

interface Upload {
  name: string;
  progress: number;
}

interface HomeworkFilesProps {
  homeworkId: string;
  files: readonly HomeworkFile[];
  /** The kind of file the viewer adds and removes here (null: download only). */
  writable: HomeworkFileRole | null;
}

/**
 * A homework's files: the teacher's assignment files and the student's answers, each a one-use
 * download link; the viewer's own kind can be added (with progress) and removed.
 */
export function HomeworkFiles({ homeworkId, files, writable }: HomeworkFilesProps) {
  const { t } = useTranslation('academic');
  const download = useDownloadHomeworkFile();
  const remove = useDeleteHomeworkFile();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [deleting, setDeleting] = useState<HomeworkFile | null>(null);
  const maxSize = formatFileSize(HOMEWORK_FILE_MAX_BYTES);

  const uploadAll = async (chosen: File[]) => {
    const tooLarge = chosen.filter((file) => file.size > HOMEWORK_FILE_MAX_BYTES);
    for (const file of tooLarge) notifyError(t('files.tooLarge', { name: file.name, size: maxSize }));
    const sending = chosen.filter((file) => file.size <= HOMEWORK_FILE_MAX_BYTES);
    setUploads(sending.map((file) => ({ name: file.name, progress: 0 })));
    await Promise.all(
      sending.map(async (file) => {
        try {
          const result = await uploadHomeworkFile(homeworkId, file, (fraction) =>
            setUploads((all) =>
              all.map((u) => (u.name === file.name ? { ...u, progress: fraction * 100 } : u)),
            ),
          );
          notifySuccess(result.message);
        } catch (error) {
          notifyError(error instanceof Error ? error.message : String(error));
        }
      }),
    );
    await refreshHomeworkFiles();
    setUploads([]);
  };

  const sections = (['assignment', 'answer'] as const).map((role) => ({
    role,
    files: files.filter((file) => file.role === role),
  }));

  return (
    <Stack gap={4} data-testid="homework-files">
      {sections.map(({ role, files: ofRole }) =>
        ofRole.length ? (
          <Stack key={role} gap={2}>
            <Text size="xs" c="dimmed">
              {t(`files.${role}`)}
            </Text>
            {ofRole.map((file) => (
              <Group key={file.homeworkFileId} gap={6} wrap="nowrap" data-testid="homework-file">
                <IconPaperclip size={14} aria-hidden />
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  lineClamp={1}
                  ta="left"
                  onClick={() => download.mutate(file.homeworkFileId)}
                  aria-label={t('files.download', { name: file.name })}
                >
                  {file.name}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatFileSize(file.sizeInBytes)}
                </Text>
                {writable === role ? (
                  <Tooltip label={t('files.delete', { name: file.name })}>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(file)}
                      aria-label={t('files.delete', { name: file.name })}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            ))}
          </Stack>
        ) : null,
      )}
      {uploads.map((upload) => (
        <Stack key={upload.name} gap={2}>
          <Text size="xs">{t('files.uploading', { name: upload.name })}</Text>
          <Progress
            value={upload.progress}
            size="sm"
            animated
            aria-label={t('files.uploading', { name: upload.name })}
          />
        </Stack>
      ))}
      {writable ? (
        <Group gap="xs">
          <FileButton
            onChange={(chosen) => void uploadAll(chosen)}
            accept={homeworkFileExtensions.join(',')}
            multiple
          >
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={uploads.length > 0}
              >
                {t(writable === 'answer' ? 'files.addAnswer' : 'files.attach')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('files.hint', { size: maxSize })}
          </Text>
        </Group>
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('files.deleteTitle')}
        message={t('files.deleteBody', { name: deleting?.name ?? '' })}
        confirmLabel={t('files.deleteButton')}
        cancelLabel={t('files.cancel')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.homeworkFileId, {
            onSuccess: (result) => notifySuccess(result.message),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </Stack>
  );
}
